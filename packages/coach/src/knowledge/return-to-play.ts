import type { BodyPart } from '../intents/slots'

/**
 * Why an injured part still limits what a player should do, and the simple test that says it is
 * ready for more: what a coach answers to "por quê? já quase não dói". General guidance, never
 * a diagnosis: the health professional who follows the player has the last word.
 */
export interface ReturnToPlay {
  /** Why "almost no pain" is not yet ready. */
  why: string
  /** A test the player can do that says it is ready for the next step. */
  test: string
  /** "posso fazer?" with this part still sore: what they can do, and what waits. */
  verdict: string
  /** An injury of some weeks ago the player already plays on: the phase that comes now. */
  returning: string
  /** "quanto tempo fico parado?": the usual range, and what decides it rather than the calendar. */
  howLong: string
  /** "e saltando?": for a part the landing loads, whether jumps can come back yet. */
  jump?: string
}

export const RETURN_TO_PLAY: Partial<Record<BodyPart, ReturnToPlay>> = {
  tornozelo: {
    howLong:
      'Numa entorse leve, de uma a três semanas até voltar a jogar; numa moderada, de três a seis. Quem decide é o tornozelo, não o calendário: volte quando andar, correr em linha reta, mudar de direção e saltitar num pé só sem dor e sem inchaço no dia seguinte.',
    why: 'Porque "quase não dói" não é o mesmo que estar pronto: depois de uma entorse, o tornozelo demora mais para recuperar a estabilidade do que para parar de doer, e salto, aterrissagem e mudança de direção rápida na areia são justamente o que mais exige dele. Uma aterrissagem torta com ele ainda instável é o jeito mais comum de torcer de novo.',
    test: 'Um teste simples antes de voltar a saltar: equilibrar-se 30 segundos num pé só, de olhos fechados, e fazer 10 saltitos seguidos nesse pé, sem dor e sem insegurança. Passou nos dois, volte ao salto aos poucos.',
    verdict:
      'Com o tornozelo ainda se recuperando, pode, em versão controlada: metade da velocidade, mudanças de direção suaves e nada de saltos; acelere só quando girar rápido não doer durante nem no dia seguinte.',
    returning:
      'Já de volta à quadra depois da entorse, a fase de gelo e repouso passou: o que falta agora é estabilidade, treinada com equilíbrio num pé só e mudanças de direção que ficam mais rápidas semana a semana; saltos só quando girar rápido não doer mais.',
    jump: 'Saltos, ainda não: com o tornozelo ainda se recuperando, troque os saltos por exercícios com os pés no chão (e, no jogo, o smash pela bandeja) até conseguir se equilibrar 30 segundos num pé só e saltitar nele sem dor; é na aterrissagem que mais se torce de novo.',
  },
  joelho: {
    howLong:
      'Depende do que é: uma sobrecarga ou tendinite leve costuma pedir de duas a seis semanas de carga reduzida (não parada total); inchaço, travamento ou o joelho falseando pedem avaliação antes de qualquer prazo.',
    why: 'Porque o joelho que ainda reclama ao agachar e girar sente mais a aterrissagem e a frenagem na areia, que são as maiores cargas do jogo; dor leve que volta no dia seguinte é sinal de que a carga ainda passou do ponto.',
    test: 'Antes de aumentar: 10 agachamentos num pé só, até a altura de uma cadeira, sem dor durante nem no dia seguinte.',
    verdict:
      'Com o joelho ainda doendo, pode, na versão sem impacto: amplitude que não doa, sem saltos e sem agachar fundo com carga; se doer durante ou inchar depois, pare e procure avaliação.',
    returning:
      'Passada a fase aguda da dor no joelho, o que resolve agora é força de coxa e quadril e controle nas freadas e aterrissagens, com a carga subindo aos poucos.',
    jump: 'Saltos, ainda não: com o joelho doendo, fique nos exercícios com os pés no chão (e, no jogo, na bandeja em vez do smash saltando); o salto volta quando agachar e aterrissar não doerem mais.',
  },
  ombro: {
    howLong:
      'Uma tendinite ou sobrecarga leve no ombro costuma pedir de duas a seis semanas sem saque por cima e sem smash, com o resto do jogo em carga leve; dor à noite ou perda de força pedem avaliação antes de qualquer prazo.',
    why: 'Porque o ombro se recupera mais devagar do que a dor some: o saque por cima e o smash levam o braço à posição de maior carga, e é ali que uma tendinite que "quase não dói" volta.',
    test: 'O sinal de que dá para voltar a bater por cima: levantar o braço acima da cabeça e fazer 15 rotações com elástico leve sem dor, e não sentir nada no dia seguinte a um treino leve.',
    verdict:
      'Com o ombro ainda doendo, pode, com menos volume e sem saque nem smash com força total: troque o smash pela bandeja e pare se a dor aparecer com o braço acima da cabeça.',
    returning:
      'Passada a fase aguda no ombro, a volta é por volume: primeiro saques e smashes a meia força e em menor número, depois a força, com fortalecimento de elástico nos dias sem jogo.',
  },
  cotovelo: {
    howLong:
      'Dor de cotovelo por sobrecarga é lenta: de seis a doze semanas é comum, com menos volume e fortalecimento, sem parar tudo; se doer para segurar uma garrafa, reduza mais e procure um fisioterapeuta.',
    why: 'Porque a dor no cotovelo de quem joga com raquete vem da carga repetida no antebraço: se a dor sumiu mas o volume volta de uma vez, ela volta junto.',
    test: 'Antes de aumentar o volume: apertar o cabo com força e levantar uma garrafa cheia com o braço esticado sem dor. Depois, aumente uns 10 % por semana.',
    verdict:
      'Com o cotovelo ainda doendo, pode, com menos volume, a raquete segura mais solta e sem golpes fortes em sequência; se a dor aparecer, pare naquele dia.',
    returning:
      'Passada a fase aguda no cotovelo, a fase agora é de carga controlada: fortalecimento de antebraço e volume de jogo subindo uns 10 % por semana, sem picos.',
  },
  punho: {
    howLong:
      'Uma sobrecarga ou tendinite no punho costuma levar de duas a seis semanas com menos volume e sem golpes de punho; dor num ponto do osso depois de uma queda pede avaliação antes de qualquer prazo.',
    why: 'Porque o punho absorve o impacto de cada voleio e smash: com a inflamação ainda presente, o golpe firme e repetido é o que a faz voltar, mesmo quando quase não dói.',
    test: 'Antes de voltar ao golpe forte: 20 voleios leves e 10 smashes a meia força sem dor, durante e no dia seguinte.',
    verdict:
      'Com o punho ainda doendo, pode, só no que não dói: bolas lentas, punho firme no contato e nada de golpe de força; se doer ou inchar, pare.',
    returning:
      'Passada a fase aguda no punho, volte pelo voleio leve e pelo controle de bola, e só depois ao smash e ao saque fortes.',
  },
  lombar: {
    howLong:
      'Uma dor lombar mecânica costuma melhorar em uma a três semanas, e repouso absoluto atrasa: fique ativo, sem saque por cima e sem torções fortes; dor que desce pela perna ou formigamento pedem avaliação.',
    why: 'Porque a lombar sente o giro do tronco e os mergulhos: dor que melhora em repouso ainda pode voltar com o gesto rápido do jogo.',
    test: 'Antes de aumentar: uma prancha de 45 segundos e 10 giros de tronco com a raquete sem dor.',
    verdict:
      'Com a lombar ainda doendo, pode, sem arquear as costas: menos smash e saque, giro pelo quadril e joelhos dobrados para a bola baixa; se a dor descer para a perna, pare e procure avaliação.',
    returning:
      'Passada a fase aguda na lombar, o que segura a volta é o core forte e o giro feito pelo quadril; aumente o smash e o saque aos poucos.',
  },
  panturrilha: {
    howLong:
      'Uma distensão leve na panturrilha costuma pedir de duas a quatro semanas; uma moderada, de quatro a oito. Volte quando subir na ponta dos pés numa perna só 20 vezes sem dor.',
    why: 'Porque a panturrilha trabalha em cada arrancada na areia fofa: o músculo que ainda está sensível é o que rompe numa arrancada forte.',
    test: 'Antes de voltar às arrancadas: 20 elevações na ponta dos pés num pé só sem dor.',
    verdict:
      'Com a panturrilha ainda doendo, evite arranques e saltos até conseguir subir na ponta do pé sem dor; o resto, em ritmo leve.',
    returning:
      'Passada a fase aguda na panturrilha, volte pelas elevações na ponta do pé e pelo trote na areia antes das arrancadas.',
    jump: 'Saltos, ainda não: com a panturrilha sensível, a impulsão do salto é o que mais a força; smash com os pés no chão até subir na ponta do pé sem dor.',
  },
}
