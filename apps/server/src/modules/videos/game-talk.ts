import { resultInWords } from '@areia/contracts'
import type { PostedMessage } from '../coaching/service'
import {
  type GameFacts,
  localToday,
  mergeGameFacts,
  parseGameFacts,
  shiftDays,
  weekdayOf,
} from './game-facts'

export const GAME_INFO_REQUEST =
  'Agora me conte a data e o resultado do jogo, do seu jeito: por exemplo "sábado, ganhamos 6/4 6/3" ou "ontem, perdemos 4/6 6/3 e 8/10 no super tie-break".'

export const ASK_SCORE =
  'Qual foi o placar? Escreva os sets com os games de vocês primeiro, por exemplo: 4/6 6/3 e 8/10 no super tie-break.'
export const ASK_DATE =
  'Qual foi o dia do jogo? Pode ser "sábado", "ontem" ou "05/12", por exemplo.'
export const ASK_WHAT_CHANGED =
  'O que ficou diferente? Escreva de novo o placar ou a data do jeito certo, que eu corrijo.'

const ON_WEEKDAY = [
  'no domingo',
  'na segunda',
  'na terça',
  'na quarta',
  'na quinta',
  'na sexta',
  'no sábado',
]

const dayMonth = (isoDate: string, withYear: boolean) => {
  const [y, m, d] = isoDate.split('-')
  return `${d}/${m}${withYear ? `/${y}` : ''}`
}

/** "no sábado 05/12", "na semana de 30/11 a 06/12"; the year only when it is not this one's. */
export function dateInWords(facts: Pick<GameFacts, 'date' | 'week'>, now: Date): string | null {
  const year = localToday(now).slice(0, 4)
  if (facts.date) {
    const other = !facts.date.startsWith(year)
    return `${ON_WEEKDAY[weekdayOf(facts.date)]} ${dayMonth(facts.date, other)}`
  }
  if (facts.week) {
    const sunday = shiftDays(facts.week, 6)
    const other = !sunday.startsWith(year)
    return `na semana de ${dayMonth(facts.week, other)} a ${dayMonth(sunday, other)}`
  }
  return null
}

/** What was understood, in one line: "derrota por 4/6 6/3 e 4/10 no super tie-break, no sábado 05/12". */
function understood(facts: GameFacts, now: Date): string {
  const result = resultInWords(facts.outcome, facts.score)
  const when = dateInWords(facts, now)
  if (result && when) return `${result}, ${when}`
  if (result) return `${result}, sem a data do jogo`
  return `jogo ${when ?? ''}, sem o resultado`.replace(' ,', ',')
}

export function readBack(facts: GameFacts, now: Date): PostedMessage {
  const flip =
    facts.outcome === 'WON' ? 'Foi derrota' : facts.outcome === 'LOST' ? 'Foi vitória' : null
  return {
    text: `Entendi: ${understood(facts, now)} — confere?`,
    suggestions: [
      'Confere',
      facts.score ? 'Corrigir o placar' : 'Informar o placar',
      facts.date || facts.week ? 'Corrigir a data' : 'Informar a data',
      ...(flip ? [flip] : []),
    ],
  }
}

export function confirmedText(facts: GameFacts, now: Date): string {
  const result = resultInWords(facts.outcome, facts.score)
  const when = dateInWords(facts, now)
  const what = result ? (when ? `${result}, ${when}` : result) : `jogo ${when ?? ''}`.trim()
  return `Anotado: ${what}. Vou levar isso em conta na análise do vídeo. 📊`
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()

const YES =
  /^(confere|sim|isso( mesmo| ai)?|certo|correto|exato|ok|okay|perfeito|beleza|(ta|esta) certo|confirmo|confirmado|pode ser|👍)\b|^👍/
const NO = /^(nao|errado|errou|ta errado|esta errado)\b/
const FIX_SCORE = /^(corrigir|informar|mudar|trocar) o placar\b/
const FIX_DATE = /^(corrigir|informar|mudar|trocar) a data\b/

/** Where the conversation about a game's date and result goes with the player's message. */
export type GameTalkStep =
  /** Not an answer: the coaches take the conversation back (a reading stays unconfirmed). */
  | { kind: 'stop' }
  /** A question back, the reading unchanged. */
  | { kind: 'ask'; messages: PostedMessage[] }
  /** A new reading, read back to be confirmed. */
  | { kind: 'read'; draft: GameFacts; messages: PostedMessage[] }
  /** The player confirmed the reading: it is the game's date and result. */
  | { kind: 'confirm'; facts: GameFacts; messages: PostedMessage[] }

/**
 * The player's answer to "a data e o resultado": each reading is read back in one line with
 * chips to correct it; only what the player confirms becomes the game's date and result.
 */
export function gameTalk(text: string, draft: GameFacts | null, now: Date): GameTalkStep {
  const said = plain(text)
  const numbers = /\d/.test(said)
  if (draft && !numbers && YES.test(said)) {
    return { kind: 'confirm', facts: draft, messages: [{ text: confirmedText(draft, now) }] }
  }
  if (draft && FIX_SCORE.test(said)) return { kind: 'ask', messages: [{ text: ASK_SCORE }] }
  if (draft && FIX_DATE.test(said)) return { kind: 'ask', messages: [{ text: ASK_DATE }] }
  const parsed = parseGameFacts(text, now, { outcome: draft?.outcome ?? null })
  if (!parsed) {
    if (draft && NO.test(said)) {
      return { kind: 'ask', messages: [{ ...readBack(draft, now), text: ASK_WHAT_CHANGED }] }
    }
    return { kind: 'stop' }
  }
  const next = draft ? mergeGameFacts(draft, parsed) : parsed
  return { kind: 'read', draft: next, messages: [readBack(next, now)] }
}
