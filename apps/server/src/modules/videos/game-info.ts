import type { GameOutcome } from '@areia/contracts'

export interface GameInfo {
  /** YYYY-MM-DD */
  date: string | null
  outcome: GameOutcome | null
  /** Games per set as "6x4 3x6". */
  score: string | null
}

const TZ = 'America/Sao_Paulo'

/** Today's date where the players are, as YYYY-MM-DD. */
export function localToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(now)
}

function shift(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null
  return date.toISOString().slice(0, 10)
}

const DATE = /\b(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?\b/
const RELATIVE: Array<[RegExp, number]> = [
  [/\banteontem\b/, -2],
  [/\bontem\b/, -1],
  [/\bhoje\b/, 0],
]
const WON = /\b(ganhamos|ganhei|vencemos|venci|vit[oó]ria|ganho)\b/
const LOST = /\b(perdemos|perdi|derrota|perdido)\b/
const SET = /\b(\d{1,2})\s*[x×/-]\s*(\d{1,2})\b/g

/**
 * Reads the date and result of a game from a chat message ("12/10/2025, ganhamos 6x4",
 * "ontem, perdemos 4/6"). A date in the future is not a game already played, so it is
 * ignored; returns null when nothing was understood.
 */
export function parseGameInfo(text: string, now: Date): GameInfo | null {
  let rest = text.toLowerCase()
  const today = localToday(now)
  let date: string | null = null
  const explicit = DATE.exec(rest)
  if (explicit) {
    const [whole, d, m, y] = explicit
    const year = y ? (y.length === 2 ? 2000 + Number(y) : Number(y)) : Number(today.slice(0, 4))
    let candidate = validDate(year, Number(m), Number(d))
    // "12/10" without a year is the last 12 October, not the next one.
    if (candidate && !y && candidate > today) candidate = validDate(year - 1, Number(m), Number(d))
    // "6/4" is a set score, not 6 April: without a year, both numbers ≤ 7 read as a score.
    const looksLikeScore = !y && Number(d) <= 7 && Number(m) <= 7
    if (candidate && candidate <= today && !looksLikeScore) {
      date = candidate
      rest = rest.replace(whole, ' ')
    }
  }
  if (!date) {
    for (const [re, days] of RELATIVE) {
      if (re.test(rest)) {
        date = shift(today, days)
        break
      }
    }
  }
  const outcome: GameOutcome | null = WON.test(rest) ? 'WON' : LOST.test(rest) ? 'LOST' : null
  const sets = [...rest.matchAll(SET)]
    .map(([, a, b]) => [Number(a), Number(b)] as const)
    .filter(([a, b]) => a <= 20 && b <= 20 && a !== b)
  const score = sets.length > 0 ? sets.map(([a, b]) => `${a}x${b}`).join(' ') : null
  if (!date && !outcome && !score) return null
  return { date, outcome, score }
}
