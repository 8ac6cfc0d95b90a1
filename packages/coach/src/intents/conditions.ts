import type { PlayerContext } from '../knowledge'
import type { Injury } from '../knowledge/types'
import type { Domain } from './catalog'

/**
 * What a player's injury changes in advice outside the strokes that carry their own notes: the
 * body, the gear and the training week. Said of the injury the player told (in onboarding's goal,
 * in Memória or in the chat), so a player back from shoulder surgery does not get 38 overheads.
 */
const LINES: Partial<Record<Injury, Partial<Record<Domain, string>>>> = {
  ombro: {
    corpo:
      'Pensando no seu ombro: antes de qualquer bola acima da cabeça, aqueça o manguito com elástico (rotação externa e interna, 2 séries de 15, sem dor), e pare se a dor passar de leve.',
    equipamento:
      'Pensando no seu ombro: prefira uma raquete mais leve e com equilíbrio neutro ou para o cabo, com núcleo mais macio; cabeça pesada cobra do ombro em cada saque e smash.',
    treino:
      'Pensando no seu ombro: saques por cima e smashes em séries curtas, nunca em dois dias seguidos, e o fortalecimento do manguito com elástico 2 a 3 vezes por semana entra no plano.',
    voleio:
      'Pensando no seu ombro: voleio curto e compacto, sem armar o braço para trás nem acima da linha do ombro; a força vem das pernas e do giro do tronco.',
    fundo:
      'Pensando no seu ombro: golpe de fundo com o corpo, não com o braço; armação curta e terminação à frente, sem passar a raquete acima da cabeça.',
    lob: 'Pensando no seu ombro: o lob sai das pernas e de um braço firme, sem chicotear; e quando o lob for deles, combine com a dupla quem pega os smashes para você não fazer todos.',
    bandeja:
      'Pensando no seu ombro: bandeja e smash em volume baixo até estar sem dor, e sempre depois de aquecer; na dúvida, devolva com voleio alto e profundo.',
  },
  cotovelo: {
    corpo:
      'Pensando no seu cotovelo: segure a raquete mais solta, bata com o corpo e não com o punho, e reduza o volume se a dor voltar no dia seguinte.',
    equipamento:
      'Pensando no seu cotovelo: raquete mais leve e de núcleo macio, com a empunhadura na grossura certa para não apertar demais, diminui a vibração que chega ao braço.',
    treino:
      'Pensando no seu cotovelo: alterne dias de muita bola com dias de físico e mobilidade, e pare a série quando a dor aparecer.',
    voleio:
      'Pensando no seu cotovelo: voleio com a mão solta até o contato e firme só nele; apertar a raquete o tempo todo é o que mais carrega o cotovelo.',
    fundo:
      'Pensando no seu cotovelo: bata com o giro do corpo e o punho firme, sem quebrar o punho no contato.',
  },
  joelho: {
    corpo:
      'Pensando no seu joelho: passos curtos na areia, joelho alinhado com o pé nas paradas e nada de saltos até estar sem dor.',
    treino:
      'Pensando no seu joelho: nada de dois dias seguidos de saltos ou arrancadas, e fortalecimento de quadríceps e glúteo entra na semana.',
  },
  lombar: {
    corpo:
      'Pensando na sua lombar: nas bolas baixas, dobre os joelhos em vez de curvar as costas, e mantenha o core ativo 2 a 3 vezes por semana.',
    treino:
      'Pensando na sua lombar: core e mobilidade de quadril na semana, e os saques por cima em séries curtas.',
  },
  tornozelo: {
    corpo:
      'Pensando no seu tornozelo: exercícios de equilíbrio num pé só e deslocamento lateral curto antes de voltar às arrancadas.',
    treino:
      'Pensando no seu tornozelo: equilíbrio e propriocepção 10 minutos por sessão, antes da bola.',
  },
}

/**
 * The line for this domain, for the injury in talk or the first one told that has one. A talk
 * about the body is about that injury only: a wrist pain gets no line about the shoulder.
 */
export function conditionLine(domain: Domain, ctx: PlayerContext): string | null {
  // The injury this talk is about comes before the ones told earlier.
  const talk = ctx.injuryInTalk ? [ctx.injuryInTalk] : []
  const told = domain === 'corpo' && talk.length > 0 ? [] : ctx.mentionedInjuries
  for (const injury of [...talk, ...told]) {
    const line = LINES[injury]?.[domain]
    if (line) return line
  }
  return null
}
