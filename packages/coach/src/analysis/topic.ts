import { normalize } from '../text'

/**
 * Questions about the player's own analysed game ("como foi meu último jogo?", "estou subindo
 * pouco à rede?"). They go to the statistical coach, who answers with the figures of the newest
 * published analysis. A question about technique ("quando subir pra rede") or a report of a game
 * that was not analysed ("perdi meu jogo de ontem 6/3") is not one of them: the verbs and the
 * possessives tell the two apart.
 */

/** What the player asked about: the whole game, or one of the measured areas. */
export type GameTopic = 'GAME' | 'NET' | 'MOVEMENT' | 'RALLIES' | 'PARTNER'

/** Being somewhere on court, in the forms a player uses about their own habits or last game. */
const POSITION_VERB =
  '(?:subo|subi|subindo|sobe|subiu|vou|fui|indo|fico|fiquei|ficando|ficou|ficamos|passo|passei|passando|chego|cheguei|chegando|jogo|joguei|jogando|estive|paro|parei|parado)'
/** How much: what turns "subo à rede" from a technique topic into a question about a figure. */
const AMOUNT =
  '(?:pouc[oa]s?|muit[oa]s?|bastante|suficiente|quant[oa]s?|demais|%|porcentagem|percentual|tempo|menos|mais|frequencia)'
/** The verb and the amount close together ("subindo pouco", "quanto tempo eu fico"). */
const HOW_MUCH_THERE = new RegExp(
  `\\b${POSITION_VERB}(?: [a-z]+){0,3} ${AMOUNT}(?![a-z])|(?<![a-z])${AMOUNT}(?: [a-z]+){0,3} ${POSITION_VERB}\\b`,
)
/** "fico muito nervoso na rede" is about nerves, not about time at the net. */
const FEELING = /\b(nervos|ansios|insegur|medo|tens[oa]s?\b|travad|confian|pressao|pressionad)/

const NET_FIGURE =
  /\b(meu|minha|o meu|a minha) (tempo|porcentagem|percentual|%) (de |na |perto da )?rede\b/
const NET_WORD = /\brede\b/
/** The three zones the analysis measures, as a player names them. */
const ZONE_WORD = /\b(rede|fundo|no meio|pelo meio)\b/

const MOVEMENT_PATTERNS: RegExp[] = [
  /\bquant[oa]s? (metros|km|quilometros)?\s?(eu )?(corri|andei|percorri|me mexi|me movimentei|me desloquei|corro|ando|corremos)\b/,
  /\b(corri|andei|percorri|me mexi|me movimentei|me desloquei)\b.*(\bpouco\b|\bmuito\b|\bbastante\b|\bbem\b|\bmal\b|\?)/,
  /\bminha (velocidade|distancia|movimentacao)\b/,
  /\bcomo (foi|esta|ta|anda) (o |a )?(meu|minha) (deslocamento|movimentacao|velocidade)\b/,
  /\b(meu|minha) (deslocamento|movimentacao) (no|na|do|da|nos|nas) (ultim|jogo|partida|analise|video)/,
  /\bdistancia (que )?(eu )?percorri/,
  /\bquanto (eu )?(corri|andei)/,
]

const RALLY_WORD =
  /\b(ralis?|rallys?|rallies|trocas? de bolas?|pontos? (mais )?(longos?|curtos?)|bola em jogo)\b/
const RALLY_ASK =
  /\b(quant[oa]s?|meus|minhas|nossos|nossas|tive|teve|tivemos|foi|foram|durou|duraram|duracao|media)\b/

const PARTNER_WORD = /\b(parceir[oa]s?|dupla|um do outro|uma da outra)\b/
const PARTNER_SPACE =
  /\b(distancia|longe|perto|separad|afastad|colad|juntos|juntas|espaco|buraco|buracos)/
const PARTNER_US =
  /\b(ficamos|ficou|fiquei|fico|ficando|estamos|estavamos|estava|tava|ta|esta|jogamos|andamos|a gente|nos|eu e)\b/
const WHO_OF_US =
  /\b(eu ou (o |a )?(meu|minha) parceir[oa]|(meu|minha) parceir[oa] ou eu|quem (de nos|da dupla) (sobe|vai|fica))\b/

const GAME_PATTERNS: RegExp[] = [
  /\b(como|o que) (foi|achou|achaste|acharam|voce achou|vc achou|vcs acharam|me diz|diz) (d?o )?(meu|minha) (ultim[oa] )?(jogo|partida)\b/,
  /\b(meu|minha|no meu|na minha|do meu|da minha) ultim[oa] (jogo|partida)( analisad[oa])?\b/,
  /\bultim[oa] (jogo|partida|video|analise) (analisad|publicad)/,
  /\b(como|quant[oa]s?|qual|quais|o que)\b.*\bultim[oa] (jogo|partida)\b/,
  /\b(jogo|partida|video) (que foi )?analisad[oa]\b/,
  /\b(minha|a minha) analise\b/,
  /\b(meu|o meu) relatorio\b/,
  /\b(meus|os meus) (numeros|dados)\b/,
  /\b(minhas|as minhas) (estatisticas|metricas)\b/,
  /\b(numeros|dados|estatisticas) do meu (ultimo )?(jogo|video)\b/,
  /\b(o que|oque) (a analise|o video|o relatorio) (mostrou|diz|disse)\b/,
]

/**
 * "quando minha parceira saca, eu fico onde?": where to stand, asked as a habit or a plan, is a
 * question of tactics; a figure of a match is asked about in the past ("fiquei", "no jogo").
 */
const WHERE_TO_STAND =
  /\b(onde|aonde) (eu |a gente |nos )?(devo |devemos |tenho que |preciso )?(fico|ficar|ficamos|me posiciono|posicionar|me coloco)\b|\b(fico|ficar|ficamos|me posiciono) (aonde|onde)\b/
const PAST_MATCH =
  /\b(fiquei|ficamos no|no (ultimo )?jogo|na partida|nesse jogo|naquele jogo|relatorio|analise)\b/

/** The area of the player's own analysed game this message asks about, or null. */
export function gameTopic(message: string): GameTopic | null {
  const text = normalize(message)
  if (WHERE_TO_STAND.test(text) && !PAST_MATCH.test(text)) return null
  if (WHO_OF_US.test(text)) return NET_WORD.test(text) ? 'NET' : 'PARTNER'
  if (
    NET_FIGURE.test(text) ||
    (ZONE_WORD.test(text) && !FEELING.test(text) && HOW_MUCH_THERE.test(text))
  )
    return 'NET'
  if (PARTNER_WORD.test(text) && PARTNER_SPACE.test(text) && PARTNER_US.test(text)) return 'PARTNER'
  if (RALLY_WORD.test(text) && RALLY_ASK.test(text)) return 'RALLIES'
  if (MOVEMENT_PATTERNS.some((p) => p.test(text))) return 'MOVEMENT'
  if (GAME_PATTERNS.some((p) => p.test(text))) return 'GAME'
  return null
}

/** Strokes and points the analysis does not count yet: asked about them, the coach says so. */
export const UNMEASURED =
  /\b(smash|smashes|saque|saques|sacad|voleio|voleios|lob|lobs|erro|erros|erramos|errei|winner|winners|acertei|acerto|acertos|pontos? de ouro|devoluc|golpe|golpes|curtinha)/
