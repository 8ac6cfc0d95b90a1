import type { AnalysisFacts } from '@areia/contracts'
import { chatText } from '../intents/normalize'
import type { GameTopic } from './topic'

/**
 * What a player asks about their own reports: one figure or area ("46% no meio é ruim?", "e meu
 * saque?", "quantos erros eu fiz?"), the whole match, whether they improved, or what to train
 * because of it. Read from the words, and from the previous question when it is a follow-up.
 */
export type OwnTopic =
  | 'GAME'
  | 'NET'
  | 'MID'
  | 'BACK'
  | 'MOVEMENT'
  | 'RALLIES'
  | 'PARTNER'
  | 'SERVE'
  | 'RETURN'
  | 'SMASH'
  | 'ERRORS'
  | 'POINTS'
  | 'GOLDEN'
  | 'PROGRESS'
  | 'TRAIN'
  /** Where on the court the player spent the most time: the largest zone, answered as that zone. */
  | 'ZONES'

/** A figure the report does not have: by stroke, speed of the ball, the opponents' numbers. */
export type Unmeasured =
  'BY_STROKE' | 'BALL_SPEED' | 'OPPONENTS' | 'FIRST_SERVE' | 'DIRECTION' | 'BY_SET'

const TOPICS: Array<[OwnTopic, RegExp]> = [
  [
    'PROGRESS',
    /\b(melhorei|melhorou|melhoraram|melhorando|evolui|evoluiram|evoluindo|evolucao|piorei|piorou|pioraram|comparad\w*|compara\w*|em relacao ao (jogo )?anterior|do jogo anterior|que o outro jogo)\b/,
  ],
  [
    'TRAIN',
    /\b(o que (eu )?(treino|devo treinar|tenho que treinar|preciso treinar|trabalho)|que treino|treinar o que|focar em que|por causa disso|com base (nisso|no relatorio|na analise|nesses numeros)|prioriz\w*|prioridade|pontos? fracos?|onde (eu )?(preciso|devo|tenho que) melhorar)\b/,
  ],
  ['PROGRESS', /\b(de diferente|diferenca entre os (dois )?jogos)\b/],
  // "minha parceira ficou mais na rede q eu?": the two of them compared, whatever the zone.
  [
    'PARTNER',
    /\b(parceir[oa]|dupla)\b.*\b(mais|menos)\b.*\b(q|que|do que) eu\b|\b(eu|mim) .*\b(mais|menos)\b.*\b(q|que|do que) (o |a )?(meu |minha )?parceir[oa]\b/,
  ],
  // "quantos pontos a gente ganhou na rede?": points, not the time spent there.
  ['POINTS', /\bpontos?\b[^?]{0,30}\bna rede\b|\bna rede\b[^?]{0,20}\bpontos?\b/],
  // "qual foi meu pior golpe?": the errors, which no report splits by stroke.
  ['ERRORS', /\b(pior|melhor) golpe\b|\bgolpe (que )?(mais )?(errei|erro|falhou)\b/],
  ['SERVE', /\b(saque|saques|sacar|sacando)\b/],
  ['RETURN', /\b(devolucao|devolucoes|devolver|recepcao)\b/],
  ['SMASH', /\b(smash|smashes|cortada)\b/],
  ['ERRORS', /\b(erro|erros|errei|errado|errada|winner|winners|bolas? (perdidas|erradas))\b/],
  ['GOLDEN', /\b(ponto de ouro|pontos de ouro|pontodeouro)\b/],
  ['MID', /\b(meio|no meio|terra de ninguem|transicao)\b/],
  ['BACK', /\b(fundo|no fundo|atras)\b/],
  ['NET', /\b(rede|na rede|perto da rede)\b/],
  ['PARTNER', /\b(parceir[oa]|dupla|distancia entre)\b/],
  [
    'RALLIES',
    /\b(rali|ralis|rally|rallies|lances?|trocas? de bola|ponto mais longo|bola rolando|bola em jogo)\b/,
  ],
  ['MOVEMENT', /\b(corri|corrida|correr|distancia|velocidade|desloc\w*|metros|km)\b/],
  [
    'POINTS',
    /\b(pontos? ganhos?|ganhamos quantos|quantos pontos|(ganhei|ganhamos|perdi|perdemos) (mais )?pontos?|placar|resultado|tie ?break|perdi|perdemos|perdeu)\b/,
  ],
]

const UNMEASURED: Array<[Unmeasured, RegExp]> = [
  [
    'BY_STROKE',
    /\bpior golpe\b|\bgolpe (que )?(mais )?(errei|erro)\b|\b(de|no|na|com) (backhand|forehand|voleio|lob|curtinha|bandeja|revés|reves|direita|esquerda)\b|\b(backhand|forehand|voleios?|lobs?|curtinhas?|bandejas?) (que )?(eu )?(errei|acertei|fiz|dei)\b/,
  ],
  [
    'BALL_SPEED',
    /\b(velocidade d[oa] (meu |minha )?(smash|saque|bola)|(meu|minha) (saque|smash|bola) (em|a) (quantos )?km ?\/? ?h|km\/h d[oa]|quao forte)\b/,
  ],
  [
    'BY_SET',
    /\b(super ?tie ?break|tie ?break|(primeiro|segundo|terceiro|1o|2o|3o|ultimo) set|por set|cada set|(em|no) (que|qual|q) set)\b/,
  ],
  [
    'DIRECTION',
    /\b(paralela|cruzad[ao]s?|diagonal|onde (caiu|caiam|quicou|quicava|quicaram|cairam)|pra onde (foi|iam|foram|vai) (o|a|os|as|meu|minha|meus|minhas) \w+)\b/,
  ],
  ['OPPONENTS', /\b(adversari\w*|deles|dela|dele|oponentes?)\b/],
  ['FIRST_SERVE', /\b(primeiro saque|1o saque|segundo saque)\b/],
]

/** "em que parte da quadra eu passei mais tempo?": the zones, whichever is largest. */
const ZONES =
  /\b((em )?(que|qual|q) (parte|lugar|zona|regiao) da quadra|onde (eu )?(mais )?(fiquei|passei|joguei) mais|onde (eu )?(fiquei|passei) (mais tempo|a maior parte))\b/

/** Says it is the player's own match or report, not a question of technique. */
const OWN =
  /\b((no|do|desse|nesse|naquele) (meu )?ultimo jogo|(na|da|dessa|nessa) (minha )?ultima partida|(no|na) (meu|minha) (relatorio|analise|video)|(vi|diz|mostra|mostrou|esta|ta) (no|na|o|a) (relatorio|analise)|relatorio do (meu )?jogo|meu relatorio|minha analise|meus numeros|(meu|minha) (percentual|porcentagem|taxa|aproveitamento|golpe mais \w+)|quant\w+ \w+( de \w+)? (eu|a gente|nos) (ganhei|ganhamos|fiz|fizemos|errei|erramos|acertei)|(meu|minha) \w+ (melhorou|piorou|evoluiu)|melhorou desde|minhas estatisticas|meu desempenho|meu aproveitamento|quantos erros|quantos winners|quantos pontos (eu|a gente|nos) (fiz|fizemos|ganhamos|ganhei)|melhorei|piorei|evolui|nesse jogo|naquele jogo|desse jogo|deste jogo|dessa partida|no jogo de sabado|(por que|porque|pq|como) (eu |a gente |nos )?(perdi|perdemos|perdeu|ganhei|ganhamos|ganhou)|bola rolando|os numeros|esses numeros|fiquei \d+|\d+ ?% (no|na|do|de))\b/
/**
 * Asks how the player did, in words that only make sense of a match already played and measured:
 * "como eu fui na rede?", "em que parte da quadra passei mais tempo?", "o que o relatório mostra?",
 * "a gente fez o que de diferente?", "perdi por causa do saque ou da devolução?".
 */
const OWN_PLAY =
  /\b(pelo relatorio|abri o relatorio|(o|meu) relatorio (mostra|diz|deu|aponta|de sabado|de domingo|do jogo)|relatorio (que|q) (eu )?(recebi|abri)|como (eu )?(fui|me sai|fomos|nos saimos)|(eu )?(passei|fiquei|ficamos) mais tempo|(ter |eu )?(ficado|fiquei|ficamos) (\d+(,\d+)? ?(m|%|metros)|em media)|(fiquei|ficamos|ficou) (muito )?longe (da|do|de) (minha|meu|mim)|\d+(,\d+)? ?m (da|do) (minha|meu)|(fez|fizemos|fizeram) (oq|o que) de diferente|de diferente (no|naquele|do|da)|por causa do (saque|smash|voleio|devolucao)|(saque|devolucao) ou (d?[oa] )?(saque|devolucao)|(a gente|nos|eu) ganh\w+ quantos|(minha|meu) (dupla|parceir[oa]) ficou (longe|perto|mais|menos|quanto|muito longe)|minha (velocidade|distancia|media)|velocidade d[oa] (meu|minha) (smash|saque|bola)|meu pico|(no|naquele) jogo (q|que) (eu|a gente|nos) (ganhei|ganhamos|perdi|perdemos)|(eu )?(jogo|joguei|jogava|bato|bati|batia) mais (na|de|em) (paralela|cruzad\w*)|onde (eu |a gente |nos )?(mais )?(ganhei|ganhamos|perdi|perdemos) (mais )?(ponto|pontos)|(no|do) jogo (do dia|de) \d+|(eu )?(fiquei|fiz|errei|acertei|corri|saquei|devolvi) (muito|mais|menos|pouco|demais|quanto|quantos|quantas)\b(?! (tempo )?(pra|para) )|(meu|minha) (saque|devolucao|smash|voleio|jogo|movimentacao) (ta|esta|estava|foi|tava) (bom|boa|ruim|bem|mal)|(fiz|cometi) mais (erro|erros|winner|winners) (q|que|do que)|(meu|minha) (pior|melhor) golpe|(maioria|quantos|quantas|metade) d?[oa]?s? ?(meus|minhas) (saques|devolucoes|smashes|erros|pontos|bolas|voleios)|(meus|minhas) (saques|devolucoes|smashes|bolas) (cairam|caiu|foram|entraram|sairam)|(a gente|nos|eu) (ganhou|ganhamos|ganhei|perdeu|perdemos|perdi|fez|fizemos|fiz) (quantos|quantas|mais|menos)|quantos pontos (a gente|nos|eu)|placar (de cada|do|por|em cada) set|(meu|minha) (smash|saque|devolucao|voleio|lob) (ta|esta|foi|tava) (bom|boa|ruim|bem|mal|ok))\b/

/** Feelings about a game are the mental coach's, not a figure. */
const FEELING =
  /\b(nervos\w*|ansios\w*|medo|raiva|triste|chatead\w*|frustrad\w*|desanim\w*|travei|travo)\b/

/** The share a player quotes back ("46% no meio"), to say whether it is theirs. */
export function quotedShare(text: string): number | null {
  const m = /\b(\d{1,3}) ?%/.exec(text.toLowerCase())
  return m ? Number(m[1]) / 100 : null
}

export interface OwnQuestion {
  topic: OwnTopic
  unmeasured?: Unmeasured
}

/**
 * The player's question about their own figures, or null when the message is not one. `previous`
 * is the topic of the last question about the report: "e meu saque?" right after it is one too.
 */
export function ownQuestion(message: string, previous: OwnTopic | null): OwnQuestion | null {
  const text = chatText(message)
  if (FEELING.test(text)) return null
  const topic = TOPICS.find(([, re]) => re.test(text))?.[0]
  const unmeasured = UNMEASURED.find(([, re]) => re.test(text))?.[0]
  const judged = /\b(ruim|bom|boa|normal|muito|pouco|isso|serio)\b/.test(text)
  // Right after a question about the report, a short one about another figure is one too.
  const continuing =
    previous !== null &&
    text.split(' ').length <= 12 &&
    (topic !== undefined || judged || unmeasured !== undefined)
  const own = OWN.test(text) || OWN_PLAY.test(text) || continuing
  if (!own) return null
  if (!topic && !unmeasured) {
    // "é ruim?", "e isso é bom?": the previous figure, judged.
    if (previous && /\b(ruim|bom|boa|normal|muito|pouco|isso|serio)\b/.test(text))
      return { topic: previous }
    if (ZONES.test(text)) return { topic: 'ZONES' }
    return previous || OWN.test(text) || OWN_PLAY.test(text) ? { topic: previous ?? 'GAME' } : null
  }
  return { topic: topic ?? previous ?? 'GAME', ...(unmeasured ? { unmeasured } : {}) }
}

/** The report's part where a figure is shown, for the link under it. */
export const SECTION: Record<OwnTopic, string> = {
  GAME: 'report-title',
  NET: 'report-zones',
  MID: 'report-zones',
  BACK: 'report-zones',
  MOVEMENT: 'report-figures',
  RALLIES: 'report-rallies',
  PARTNER: 'report-zones',
  SERVE: 'report-match-figures',
  RETURN: 'report-match-figures',
  SMASH: 'report-match-figures',
  ERRORS: 'report-match-figures',
  POINTS: 'report-match-figures',
  GOLDEN: 'report-match-figures',
  PROGRESS: 'report-title',
  TRAIN: 'report-insights',
  ZONES: 'report-zones',
}

/** Tagged figures live only in reports the analyst tagged point by point. */
export const TAGGED_TOPICS = new Set<OwnTopic>([
  'SERVE',
  'RETURN',
  'SMASH',
  'ERRORS',
  'POINTS',
  'GOLDEN',
])

export function hasTags(f: AnalysisFacts): boolean {
  return f.tagged !== null && f.tagged !== undefined
}

/** The older, coarser topic the no-report answer speaks of. */
export function gameTopicOf(topic: OwnTopic | undefined): GameTopic {
  switch (topic) {
    case 'NET':
    case 'MID':
    case 'BACK':
    case 'ZONES':
      return 'NET'
    case 'MOVEMENT':
    case 'RALLIES':
    case 'PARTNER':
      return topic
    default:
      return 'GAME'
  }
}
