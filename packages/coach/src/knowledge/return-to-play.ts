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
}

export const RETURN_TO_PLAY: Partial<Record<BodyPart, ReturnToPlay>> = {
  tornozelo: {
    why: 'Porque "quase não dói" não é o mesmo que estar pronto: depois de uma entorse, o tornozelo demora mais para recuperar a estabilidade do que para parar de doer, e salto, aterrissagem e mudança de direção rápida na areia são justamente o que mais exige dele. Uma aterrissagem torta com ele ainda instável é o jeito mais comum de torcer de novo.',
    test: 'Um teste simples antes de voltar a saltar: equilibrar-se 30 segundos num pé só, de olhos fechados, e fazer 10 saltitos seguidos nesse pé, sem dor e sem insegurança. Passou nos dois, volte ao salto aos poucos.',
  },
  joelho: {
    why: 'Porque o joelho que ainda reclama ao agachar e girar sente mais a aterrissagem e a frenagem na areia, que são as maiores cargas do jogo; dor leve que volta no dia seguinte é sinal de que a carga ainda passou do ponto.',
    test: 'Antes de aumentar: 10 agachamentos num pé só, até a altura de uma cadeira, sem dor durante nem no dia seguinte.',
  },
  ombro: {
    why: 'Porque o ombro se recupera mais devagar do que a dor some: o saque por cima e o smash levam o braço à posição de maior carga, e é ali que uma tendinite que "quase não dói" volta.',
    test: 'O sinal de que dá para voltar a bater por cima: levantar o braço acima da cabeça e fazer 15 rotações com elástico leve sem dor, e não sentir nada no dia seguinte a um treino leve.',
  },
  cotovelo: {
    why: 'Porque a dor no cotovelo de quem joga com raquete vem da carga repetida no antebraço: se a dor sumiu mas o volume volta de uma vez, ela volta junto.',
    test: 'Antes de aumentar o volume: apertar o cabo com força e levantar uma garrafa cheia com o braço esticado sem dor. Depois, aumente uns 10 % por semana.',
  },
  punho: {
    why: 'Porque o punho absorve o impacto de cada voleio e smash: com a inflamação ainda presente, o golpe firme e repetido é o que a faz voltar, mesmo quando quase não dói.',
    test: 'Antes de voltar ao golpe forte: 20 voleios leves e 10 smashes a meia força sem dor, durante e no dia seguinte.',
  },
  lombar: {
    why: 'Porque a lombar sente o giro do tronco e os mergulhos: dor que melhora em repouso ainda pode voltar com o gesto rápido do jogo.',
    test: 'Antes de aumentar: uma prancha de 45 segundos e 10 giros de tronco com a raquete sem dor.',
  },
  panturrilha: {
    why: 'Porque a panturrilha trabalha em cada arrancada na areia fofa: o músculo que ainda está sensível é o que rompe numa arrancada forte.',
    test: 'Antes de voltar às arrancadas: 20 elevações na ponta dos pés num pé só sem dor.',
  },
}
