import {
  flipSets,
  formatResultLine,
  type GameOutcome,
  parseResultLine,
  type ResultSet,
  winnerOfSets,
} from '@areia/contracts'

/** What a player said of a game: when, and how it ended. */
export interface GameFacts {
  /** The day, YYYY-MM-DD. */
  date: string | null
  /** The Monday of the week, when only the week was said ("semana passada"). */
  week: string | null
  outcome: GameOutcome | null
  /** The sets, player's team first, as a result line ("4/6 6/3 [4/10]"). */
  score: string | null
}

const TZ = 'America/Sao_Paulo'

/** Today's date where the players are, as YYYY-MM-DD. */
export function localToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(now)
}

export function shiftDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay()

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null
  return date.toISOString().slice(0, 10)
}

/** A day and month without a year: the last one not after today. */
function lastDayMonth(today: string, m: number, d: number): string | null {
  const year = Number(today.slice(0, 4))
  const date = validDate(year, m, d)
  if (date && date > today) return validDate(year - 1, m, d)
  return date
}

// ---- Reading the text -------------------------------------------------------------------

/** Lower case, no accents, no emoji, letters typed long ("GANHAMOOOS") shortened. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[×✕]/g, 'x')
    .replace(/[–—]/g, '-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª°]/g, ' ')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/([a-z])\1{2,}/g, '$1')
}

/** Blanks a part already understood, keeping every other character where it was. */
const blank = (text: string, from: number, to: number) =>
  text.slice(0, from) + ' '.repeat(to - from) + text.slice(to)

const WEEKDAYS: Record<string, number> = {
  domingo: 0,
  segunda: 1,
  terca: 2,
  quarta: 3,
  quinta: 4,
  sexta: 5,
  sabado: 6,
}
const MONTHS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
] as const

const WEEKDAY =
  /\b(domingo|segunda|terca|quarta|quinta|sexta|sabado)(?:[- ]feira)?(?:\s+(passad[oa]|retrasad[oa]))?\b/
const RELATIVE: Array<[RegExp, number]> = [
  [/\banteontem\b/, -2],
  [/\bontem\b/, -1],
  [/\b(hoje|hj)\b/, 0],
]
const WEEK: Array<[RegExp, number]> = [
  [/\bsemana\s+retrasada\b/, -14],
  [/\bsemana\s+passada\b/, -7],
  [/\b(essa|esta|nessa|nesta)\s+semana\b/, 0],
]
const MONTH_NAME =
  /\b(\d{1,2})\s+de\s+(jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)[a-z]*(?:\s+de\s+(\d{4}))?\b/
const DAY_OF_MONTH = /\bdia\s+(\d{1,2})\b(?!\s*[/x-]\s*\d)/
/** Two numbers: a set ("6/4", "6x4", "6-4", "6 a 4") or a date ("28/11", "05/12/2026"). */
const PAIR = /(?<!\d)(\d{1,2})(?:\s*([/x-])\s*|\s+a\s+)(\d{1,2})(?:[/-](\d{4}|\d{2}))?(?!\d)/g
/** Words right before a date: "dia 30/11", "em 05/12", "data: 28/11". */
const DATE_CUE = /(?:\bdia|\bem|\bdata)\s*:?\s*$/
/** A weekday before numbers: "sábado 05/12" (but "sábado 6/4" is a set). */
const WEEKDAY_CUE = /(?:domingo|segunda|terca|quarta|quinta|sexta|sabado|feira)\s*$/
const TIEBREAK_PAREN = /^\s*\(\s*(\d{1,2})(?:\s*[/x-]\s*(\d{1,2}))?\s*\)/
const TIEBREAK_WORDS = /^\s*(?:no|o|com)?\s*(?:tie[- ]?break|tiebreak|tie|tb)\s*(?:de|por)?\s*$/
const SUPER = /\b(super|stb|match\s*tie)/g
/** Words that end one part of a sentence: sets on either side belong to different groups. */
const BREAK = /[.;!?]|\bdepois\b|\bantes\b|\bmas\b/

/** Who won, by the words around the score: polarity true is the player's team. */
const OUTCOME_WORDS: Array<[RegExp, boolean]> = [
  [/\beles\s+(ganharam|venceram)\b/g, false],
  [/\b(levamos|tomamos)\s+(um\s+)?pneu\b/g, false],
  [/\bdemos\s+(um\s+)?pneu\b/g, true],
  [/\b(ganhamos|ganhamo|ganhei|vencemos|vencemo|venci|vitoria|a gente (ganhou|venceu))\b/g, true],
  [/\b(perdemos|perdemo|perdi|derrota|derrotad[oa]s?|tomamos|a gente perdeu|perdido)\b/g, false],
]
/** "6/2 6/1 pra eles": whose games come first, said after them. */
const ATTRIBUTION: Array<[RegExp, boolean]> = [
  [/^\s*,?\s*(pra|para)\s+(gente|nos)\b/, true],
  [/^\s*,?\s*(pra|para)\s+eles\b/, false],
]

interface Said {
  at: number
  end: number
  won: boolean
}

interface Token {
  at: number
  end: number
  set: ResultSet
}

type Group = { tokens: Token[]; won: boolean | null }

function outcomeWords(text: string): Said[] {
  const found: Said[] = []
  let rest = text
  for (const [re, won] of OUTCOME_WORDS) {
    for (const m of rest.matchAll(re)) {
      found.push({ at: m.index, end: m.index + m[0].length, won })
      rest = blank(rest, m.index, m.index + m[0].length)
    }
  }
  return found.sort((a, b) => a.at - b.at)
}

interface DateReading {
  date: string | null
  week: string | null
  /** The text with what was read as a date blanked out. */
  rest: string
}

function readDate(text: string, today: string): DateReading {
  let rest = text
  let date: string | null = null
  const take = (m: RegExpExecArray) => {
    rest = blank(rest, m.index, m.index + m[0].length)
  }

  for (const m of text.matchAll(PAIR)) {
    const [whole, a, sep, b, year] = m
    // "6x4", "6-4" and "6 a 4" are games; a date is written with slashes or has a year.
    if (sep !== '/' && !year) continue
    const before = text.slice(Math.max(0, m.index - 14), m.index)
    const lo = Math.min(Number(a), Number(b))
    const hi = Math.max(Number(a), Number(b))
    const setLike = hi <= 9
    const superTiebreakLike = hi === 10 ? lo <= 8 : hi > 10 && hi - lo === 2
    const dated =
      Boolean(year) ||
      DATE_CUE.test(before) ||
      (!setLike && (WEEKDAY_CUE.test(before) || !superTiebreakLike))
    if (!dated) continue
    const y = year ? (year.length === 2 ? 2000 + Number(year) : Number(year)) : null
    const candidate = y
      ? validDate(y, Number(b), Number(a))
      : lastDayMonth(today, Number(b), Number(a))
    // An impossible or future date is no game already played, and no set either.
    if (candidate && candidate <= today) date ??= candidate
    rest = blank(rest, m.index, m.index + whole.length)
  }
  const month = MONTH_NAME.exec(rest)
  if (month) {
    const [, d, name, y] = month
    const m = MONTHS.indexOf(name as (typeof MONTHS)[number]) + 1
    const candidate = y ? validDate(Number(y), m, Number(d)) : lastDayMonth(today, m, Number(d))
    if (candidate && candidate <= today) date ??= candidate
    take(month)
  }
  const day = DAY_OF_MONTH.exec(rest)
  if (day) {
    const d = Number(day[1])
    const [y, m] = today.split('-').map(Number) as [number, number]
    let candidate = validDate(y, m, d)
    if (!candidate || candidate > today)
      candidate = validDate(m === 1 ? y - 1 : y, m === 1 ? 12 : m - 1, d)
    if (candidate) date ??= candidate
    take(day)
  }
  const weekday = WEEKDAY.exec(rest)
  if (weekday) {
    const target = WEEKDAYS[weekday[1]!]!
    // The last such day before today ("sábado" said on a Saturday is a week ago: that is "hoje").
    const back = (weekdayOf(today) - target + 7) % 7 || 7
    const extra = weekday[2]?.startsWith('retrasad') ? 7 : 0
    date ??= shiftDays(today, -(back + extra))
    take(weekday)
  }
  for (const [re, days] of RELATIVE) {
    const m = re.exec(rest)
    if (!m) continue
    date ??= shiftDays(today, days)
    take(m)
  }
  let week: string | null = null
  for (const [re, days] of WEEK) {
    const m = re.exec(rest)
    if (!m) continue
    const monday = shiftDays(today, -((weekdayOf(today) + 6) % 7))
    week ??= shiftDays(monday, days)
    take(m)
  }
  return { date, week: date ? null : week, rest }
}

/** Every pair of numbers left, with the tie-break written after a set. */
function readSets(text: string): Token[] {
  const tokens: Token[] = []
  const matches = [...text.matchAll(PAIR)]
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!
    const us = Number(m[1])
    const them = Number(m[3])
    let end = m.index + m[0].length
    if (us === them) continue
    let tiebreak: [number, number] | null = null
    const closeSet = Math.max(us, them) === 7 && Math.min(us, them) === 6
    const paren = TIEBREAK_PAREN.exec(text.slice(end))
    if (closeSet && paren) {
      end += paren[0].length
      tiebreak = tiebreakOf(us > them, Number(paren[1]), paren[2] ? Number(paren[2]) : null)
      while (matches[i + 1] && matches[i + 1]!.index < end) i++
    } else if (closeSet && matches[i + 1]) {
      // "7x6 no tie-break 7x5"
      const next = matches[i + 1]!
      if (TIEBREAK_WORDS.test(text.slice(end, next.index))) {
        tiebreak = tiebreakOf(us > them, Number(next[1]), Number(next[3]))
        end = next.index + next[0].length
        i++
      }
    }
    tokens.push({ at: m.index, end, set: { us, them, tiebreak, superTiebreak: false } })
  }
  return tokens
}

/**
 * A set's tie-break, the set's winner's points first in the pair when the player wrote them the
 * other way; "(5)" is the loser's points (the winner's is 7, or two more in a long one).
 */
function tiebreakOf(wonSet: boolean, a: number, b: number | null): [number, number] {
  if (b === null) {
    const winner = Math.max(7, a + 2)
    return wonSet ? [winner, a] : [a, winner]
  }
  const hi = Math.max(a, b)
  const lo = Math.min(a, b)
  return wonSet ? [hi, lo] : [lo, hi]
}

/** Marks the set a "super tie-break" word speaks of: the nearest in its part of the sentence. */
function markSuperTiebreak(text: string, tokens: Token[]): void {
  for (const m of text.matchAll(SUPER)) {
    let best: Token | null = null
    let bestGap = Infinity
    for (const t of tokens) {
      const [from, to] = t.at > m.index ? [m.index, t.at] : [t.end, m.index]
      const between = text.slice(from, to)
      if (BREAK.test(between) || between.includes(',')) continue
      const gap = to - from
      if (gap < bestGap) {
        best = t
        bestGap = gap
      }
    }
    if (best) best.set.superTiebreak = true
  }
  // A third set to ten after a set each is a super tie-break, named or not.
  const regular = tokens.filter((t) => !t.set.superTiebreak)
  const third = regular[2]
  if (regular.length === 3 && tokens.length === 3 && third) {
    const level = winnerOfSets(regular.slice(0, 2).map((t) => t.set)) === null
    if (level && Math.max(third.set.us, third.set.them) >= 10) third.set.superTiebreak = true
  }
}

/** Sets that run together, and the words for who won right before (or after) them. */
function groupSets(text: string, tokens: Token[], said: Said[]): Group[] {
  const groups: Group[] = []
  for (const token of tokens) {
    const last = groups.at(-1)
    const previous = last?.tokens.at(-1)
    const between = previous ? text.slice(previous.end, token.at) : ''
    const joined =
      previous &&
      !BREAK.test(between) &&
      !/\d/.test(between) &&
      !said.some((s) => s.at >= previous.end && s.end <= token.at) &&
      between.length <= 30
    if (last && joined) last.tokens.push(token)
    else groups.push({ tokens: [token], won: null })
  }
  for (const group of groups) {
    const first = group.tokens[0]!
    const lastToken = group.tokens.at(-1)!
    const before = said.filter((s) => s.end <= first.at).at(-1)
    const gap = before ? text.slice(before.end, first.at) : ''
    if (before && gap.length <= 30 && !/\d/.test(gap) && !BREAK.test(gap)) group.won = before.won
    const after = text.slice(lastToken.end)
    for (const [re, won] of ATTRIBUTION) if (re.test(after)) group.won = won
  }
  return groups
}

/** The sets in the order played: the super tie-break, whenever it was told, came last. */
function played(groups: Array<{ sets: ResultSet[] }>): ResultSet[] {
  const sets = groups.flatMap((g) => g.sets)
  return [...sets.filter((s) => !s.superTiebreak), ...sets.filter((s) => s.superTiebreak)]
}

/**
 * Reads the date and result of a game from a chat message, as players write them ("perdemos
 * 6/4 no super tie-break depois de 4/6 6/3, foi sábado"); `now` is when it was sent. A player
 * writes either their team's games first or the winner's: the reading that agrees with who they
 * say won is kept. `known` is what an earlier message said of who won, for an answer that only
 * corrects the score. Null when nothing was understood.
 */
export function parseGameFacts(
  text: string,
  now: Date,
  known: { outcome: GameOutcome | null } = { outcome: null },
): GameFacts | null {
  const today = localToday(now)
  const { date, week, rest } = readDate(normalize(text), today)
  const said = outcomeWords(rest)
  const tokens = readSets(rest)
  markSuperTiebreak(rest, tokens)
  const groups = groupSets(rest, tokens, said)

  const polarities = new Set(said.map((s) => s.won))
  for (const g of groups) if (g.won !== null) polarities.add(g.won)
  let outcome: GameOutcome | null =
    polarities.size === 1 ? ([...polarities][0] ? 'WON' : 'LOST') : null
  if (polarities.size === 0) outcome = known.outcome

  const asWritten = played(groups.map((g) => ({ sets: g.tokens.map((t) => t.set) })))
  const byTheirWords = played(
    groups.map((g) => {
      const sets = g.tokens.map((t) => t.set)
      const wrote = winnerOfSets(sets)
      const flip = g.won !== null && wrote !== null && (wrote === 'WON') !== g.won
      return { sets: flip ? flipSets(sets) : sets }
    }),
  )
  let sets = byTheirWords
  if (outcome) {
    const readings = [asWritten, byTheirWords, flipSets(asWritten)]
    sets = readings.find((r) => winnerOfSets(r) === outcome) ?? byTheirWords
  }
  if (sets.length > 0 && (!outcome || polarities.size > 1)) outcome = winnerOfSets(sets) ?? outcome

  const score = sets.length > 0 ? formatResultLine(sets) : null
  // Who won, known before, only turned the sets this message gave: it says nothing itself.
  if (polarities.size === 0 && !score) outcome = null
  if (!date && !week && !outcome && !score) return null
  return { date, week, outcome, score }
}

/**
 * What a correction leaves: what the new message says replaces the earlier reading; the sets
 * turn around when the player corrects who won and the earlier sets say the other.
 */
export function mergeGameFacts(before: GameFacts, after: GameFacts): GameFacts {
  const day = after.date ?? (after.week ? null : before.date)
  const week = after.date ? null : (after.week ?? (after.date ? null : before.week))
  const outcome = after.outcome ?? before.outcome
  let score = after.score ?? before.score
  const sets = score ? parseResultLine(score) : null
  if (!after.score && sets && outcome) {
    const wrote = winnerOfSets(sets)
    if (wrote && wrote !== outcome) score = formatResultLine(flipSets(sets))
  }
  return { date: day, week: day ? null : week, outcome, score }
}
