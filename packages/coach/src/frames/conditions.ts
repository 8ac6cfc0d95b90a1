import type { Condition } from './frame'

/**
 * What changes in each part of the game under a condition of the day: the knowledge a question
 * asked "no vento" or "contra o sol" is answered from when its own entry does not cover it. The
 * wind "a favor" blows from behind the player toward the opponents; "contra" from them to the player.
 */
export type Subject =
  'saque' | 'devolucao' | 'smash' | 'lob' | 'curtinha' | 'voleio' | 'bandeja' | 'lados' | 'jogo'

type Advice = Partial<Record<Subject, string>> & { jogo: string }

const VENTO_FAVOR: Advice = {
  smash:
    'Com vento a favor, a bola do smash anda mais e tende a sair longa: bata com uns 70 a 80 % da força, mire mais curto (entre o meio da quadra deles e os pés de quem está na rede) e procure ângulo em vez de potência. Feche um pouco a face no contato para a bola descer antes da linha de fundo.',
  lob: 'Com vento a favor, o lob voa mais do que parece: jogue-o mais baixo e com menos força, mirando a metade da quadra deles, e deixe o vento completar a profundidade. Lob alto demais, nesse lado, sai.',
  saque:
    'Com vento a favor, o saque ganha profundidade sozinho: tire um pouco de força, mire um metro antes da linha de fundo e use o efeito para a bola cair; o risco é sair longo, não ficar curto.',
  devolucao:
    'Recebendo com vento a favor, o saque deles chega mais lento e mais alto: é a hora de atacar a devolução, mas controle a profundidade, porque a sua bola também anda mais.',
  curtinha:
    'Com vento a favor, a curtinha anda mais e pode passar do ponto: toque ainda mais suave e mire logo depois da rede.',
  voleio:
    'Com vento a favor, o voleio profundo sai fácil demais: bloqueie com menos força e mire os pés de quem está na rede.',
  bandeja:
    'Com vento a favor, a bandeja anda mais: bata mais suave e mire o meio da quadra deles, não o fundo.',
  lados:
    'Do lado com vento a favor, vocês podem jogar mais perto da rede: a bola deles chega mais lenta e sobe (o vento segura), boa para atacar. O cuidado é o lob de vocês, que sai longo; combinem lobs mais baixos.',
  jogo: 'Com vento a favor, ataque mais e suba à rede: as bolas deles chegam lentas e altas. Controle a força dos golpes de fundo e dos lobs, que tendem a sair.',
}

const VENTO_CONTRA: Advice = {
  smash:
    'Contra o vento, a bola do smash freia e cai mais curta: dá para bater com mais força e mirar mais fundo. Só lembre que o lob deles também chega mais rápido e mais fundo até você, então recue cedo.',
  lob: 'Contra o vento, o lob é o golpe mais arriscado: o vento segura a bola e ela cai curta, no smash deles. Jogue-o mais alto e mais firme, ou troque por bola baixa e rápida nos pés.',
  saque:
    'Contra o vento, o saque perde profundidade: bata mais firme e com uma trajetória um pouco mais alta para ele chegar ao fundo.',
  devolucao:
    'Recebendo contra o vento, o saque deles chega rápido e fundo: encurte a preparação, bloqueie e devolva baixo no meio, sem tentar força.',
  curtinha:
    'Contra o vento, a curtinha funciona muito bem: o vento segura a bola perto da rede. É o lado de usar mais.',
  voleio:
    'Contra o vento, as bolas deles chegam mais rápidas: raquete alta e à frente, bloqueio curto, e volei firme para a bola atravessar o vento.',
  bandeja:
    'Contra o vento, a bandeja cai mais curta: bata mais firme e mire o fundo da quadra deles.',
  lados:
    'Do lado contra o vento, a bola deles chega mais rápida e o lob deles passa por cima com facilidade: fiquem um passo mais longe da rede e combinem quem cobre o fundo. As bolas de vocês freiam, então batam mais firme e usem a curtinha.',
  jogo: 'Contra o vento, as suas bolas freiam e as deles aceleram: bata mais firme, use a curtinha, evite o lob alto e fique um passo mais atrás da rede para cobrir o lob deles.',
}

const VENTO: Advice = {
  smash:
    'Com vento, o smash pede margem: descubra antes de cada game de que lado o vento está. A favor, menos força e alvo mais curto; contra, mais força e alvo mais fundo; de lado, mire mais para dentro da quadra, longe da linha lateral para onde ele empurra.',
  lob: 'Com vento, use o lob a favor dele e evite-o contra: a favor, mais baixo e suave; contra, só bem alto e firme; de lado, mire longe da linha para onde o vento empurra a bola.',
  saque:
    'Com vento, saque com margem: lançamento mais baixo e mais perto do corpo, alvo um pouco mais para dentro das linhas e, no lado contra, mais firme. Um saque dentro vale mais que um saque forte, porque não há segundo saque.',
  devolucao:
    'Com vento, espere a bola um pouco mais: ela muda de direção no fim. Devolva com margem, no meio, e deixe o erro para eles.',
  curtinha:
    'Com vento, a curtinha é mais arriscada do lado a favor (a bola anda) e muito boa do lado contra (o vento segura a bola perto da rede).',
  voleio:
    'Com vento, a bola muda de direção no fim: mantenha a raquete à frente e firme, prefira o bloqueio ao golpe longo e mire mais para dentro da quadra.',
  bandeja:
    'Com vento, a bandeja precisa de mais margem: mire mais para dentro da quadra e ajuste a força ao lado (mais suave a favor, mais firme contra).',
  lados:
    'Com vento, a divisão de lados continua a mesma, mas combinem duas coisas antes de cada game: quem cobre o lob (ele anda mais do lado a favor e passa por cima de vocês do lado contra) e, com vento lateral, quem joga do lado para onde o vento sopra cobre mais a lateral e deixa o meio para a outra pessoa.',
  jogo: 'Com vento, jogue com margem: mire mais para dentro das linhas, prefira bolas baixas e retas, saque seguro e use o lob a favor do vento. A cada troca de lado, refaça o plano.',
}

const SOL: Advice = {
  saque:
    'Contra o sol, lance a bola um pouco para o lado, fora da linha do sol, ou saque por baixo até trocar de lado; boné ou viseira ajudam muito.',
  smash:
    'Com sol na cara, não olhe direto para ele: deixe a bola sair da linha do sol, use a mão livre como sombra e, se não enxergar, troque o smash por uma bandeja ou um voleio alto seguro.',
  lob: 'Se os adversários estão contra o sol, o lob é arma: eles precisam olhar para cima. Do seu lado contra o sol, evite dar lob que volta em smash para você.',
  devolucao:
    'Recebendo contra o sol, posicione-se um pouco mais atrás para ter tempo de achar a bola e devolva baixo, sem dar lob fácil.',
  lados:
    'Com sol, combinem quem pega o lob do lado em que o sol bate de frente: a outra pessoa da dupla assume as bolas altas ali, e vocês usam o lob quando os adversários estiverem contra o sol.',
  jogo: 'Com sol, use boné ou viseira e óculos, proteja os olhos no saque e no smash e explore o lob quando os adversários estiverem contra o sol.',
}

const CALOR: Advice = {
  jogo: 'No calor, o plano é de energia: hidrate antes de ter sede (goles a cada troca de lado), fique na sombra nas pausas, encurte os pontos atacando mais cedo e molhe nuca e pulsos. Tontura, dor de cabeça forte ou cãibra são sinal para parar.',
}

const AREIA_FOFA: Advice = {
  jogo: 'Em areia fofa, a perna cansa antes: passos curtos e rápidos, centro de gravidade mais baixo, split-step antes de cada golpe do adversário e preparação mais cedo, porque você chega mais devagar na bola.',
}

const ADVICE: Record<Condition, Advice> = {
  VENTO,
  VENTO_FAVOR,
  VENTO_CONTRA,
  SOL,
  CALOR,
  AREIA_FOFA,
}

/** What the condition changes in that part of the game; the whole game's line when nothing more specific. */
export function conditionAdvice(condition: Condition, subject: Subject): string {
  const advice = ADVICE[condition]
  return advice[subject] ?? advice.jogo
}
