import { MONTH_LABEL, MONTHS, WEEK, WEEKDAY_LABEL, type Weekday } from '../intents/slots'
import { numberWordsToDigits } from '../text'

const MONTH_WORD = `(${MONTHS.join('|')}|jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)`

const pad = (n: number) => String(n).padStart(2, '0')
/** Calendar dates in UTC: the clock's day is what the player means by "hoje". */
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const monthOf = (year: number, month0: number) => `${year}-${pad(month0 + 1)}`
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000)

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m === word || m.startsWith(word))
}

/** The next time a month comes round: this month counts as still to come. */
function nextMonth(now: Date, month0: number): string {
  const year = now.getUTCFullYear() + (month0 < now.getUTCMonth() ? 1 : 0)
  return monthOf(year, month0)
}

/** The next such day, today included; a day that already passed this year is next year's. */
function nextDate(now: Date, day: number, month0?: number, year?: number): string | undefined {
  if (day < 1 || day > 31) return undefined
  const today = iso(now)
  if (month0 === undefined) {
    for (let k = 0; k < 3; k++) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, day))
      if (d.getUTCDate() === day && iso(d) >= today) return iso(d)
    }
    return undefined
  }
  const y = year ?? now.getUTCFullYear()
  const d = new Date(Date.UTC(y, month0, day))
  if (d.getUTCDate() !== day) return undefined
  if (year === undefined && iso(d) < today) return iso(new Date(Date.UTC(y + 1, month0, day)))
  return iso(d)
}

/**
 * The player's calendar: Brazil's time (UTC−3, no daylight saving since 2019), so "amanhã" said
 * at 22h in São Paulo is the next day there, not two days on. Dates below read this in UTC fields.
 */
const BRAZIL_OFFSET_MS = 3 * 3_600_000
const inBrazil = (now: Date) => new Date(now.getTime() - BRAZIL_OFFSET_MS)

export interface When {
  date?: string
  month?: string
}

const WEEKEND: Record<string, number> = { sabado: 6, domingo: 0 }

/**
 * When an upcoming event happens, from how a player says it ("em março", "dia 12", "14/02",
 * "daqui a 3 semanas", "no próximo mês", "semana que vem"), resolved against `now`.
 */
export function whenIn(normalized: string, clock: Date): When | undefined {
  const now = inBrazil(clock)
  const t = numberWordsToDigits(normalized)
  const year = /\b(20\d\d)\b/.exec(t)?.[1]
  const slash = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(t)
  if (slash) {
    const y = slash[3] ? Number(slash[3].length === 2 ? `20${slash[3]}` : slash[3]) : undefined
    const date = nextDate(now, Number(slash[1]), Number(slash[2]) - 1, y)
    if (date) return { date }
  }
  const dayMonth = new RegExp(`\\b(?:dia )?(\\d{1,2}) (?:de )?${MONTH_WORD}\\b`).exec(t)
  // "3 set" is the third set and "2 mar" a count: a short month name needs "dia" or "de".
  const shortBare =
    dayMonth !== null &&
    (dayMonth[2] ?? '').length <= 3 &&
    !/^dia /.test(dayMonth[0]) &&
    !/ de /.test(dayMonth[0])
  if (dayMonth && !shortBare) {
    const date = nextDate(
      now,
      Number(dayMonth[1]),
      monthIndex(dayMonth[2] ?? ''),
      year ? Number(year) : undefined,
    )
    if (date) return { date }
  }
  const day = /\bdia (\d{1,2})\b/.exec(t)
  if (day) {
    const date = nextDate(now, Number(day[1]))
    if (date) return { date }
  }
  const month = new RegExp(
    `\\b(?:em|de|no mes de|para|pra|final de|fim de|inicio de|comeco de|meados de)\\s+${MONTH_WORD}\\b`,
  ).exec(t)
  if (month) {
    const m0 = monthIndex(month[1] ?? '')
    if (m0 >= 0) return { month: year ? monthOf(Number(year), m0) : nextMonth(now, m0) }
  }
  const ahead =
    /\b(?:daqui a|daqui|em|dentro de) (?:uns |umas )?(\d{1,2}) (dias?|semanas?|mes|meses)\b/.exec(t)
  if (ahead) {
    const n = Number(ahead[1])
    const unit = ahead[2] ?? ''
    if (/^mes/.test(unit)) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))
      return { month: monthOf(d.getUTCFullYear(), d.getUTCMonth()) }
    }
    return { date: iso(addDays(now, /^semana/.test(unit) ? n * 7 : n)) }
  }
  if (/\b(semana que vem|proxima semana)\b/.test(t)) return { date: iso(addDays(now, 7)) }
  if (/\b(mes que vem|proximo mes)\b/.test(t)) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    return { month: monthOf(d.getUTCFullYear(), d.getUTCMonth()) }
  }
  if (/\bdepois de amanha\b/.test(t)) return { date: iso(addDays(now, 2)) }
  if (/\bamanha\b/.test(t)) return { date: iso(addDays(now, 1)) }
  const weekend = /\b(sabado|domingo|fim de semana|fds)\b/.exec(t)
  if (weekend) {
    const target = WEEKEND[weekend[1] ?? ''] ?? 6
    const ahead = (target - now.getUTCDay() + 7) % 7
    return { date: iso(addDays(now, ahead)) }
  }
  const bare = new RegExp(`\\b${MONTH_WORD}\\b`).exec(t)
  if (bare && (bare[1] ?? '').length > 3) {
    const m0 = monthIndex(bare[1] ?? '')
    if (m0 >= 0) return { month: year ? monthOf(Number(year), m0) : nextMonth(now, m0) }
  }
  return undefined
}

/** "12 de dezembro", "março de 2027": how a date reads in a fact; the year only when not now's. */
export function whenLabel(when: When, clock: Date): string {
  const now = inBrazil(clock)
  const [y, m, d] = (when.date ?? when.month ?? '').split('-').map(Number)
  const month = MONTH_LABEL[(m ?? 1) - 1] ?? ''
  const yearPart = y !== now.getUTCFullYear() ? ` de ${y}` : ''
  return when.date ? `dia ${d} de ${month}${yearPart}` : `em ${month}${yearPart}`
}

/** Whether the event is over: the day after its date, or the first day after its month. */
export function isPast(when: When, clock: Date): boolean {
  const today = iso(inBrazil(clock))
  if (when.date) return when.date < today
  if (when.month) return when.month < today.slice(0, 7)
  return false
}

/**
 * The day something already happened, as a player says it ("ontem", "anteontem", "no sábado",
 * "domingo passado"): "sábado, 05/12", in Brazil's calendar; a weekday is the last one before today.
 */
export function pastDayIn(normalized: string, clock: Date): string | undefined {
  const now = inBrazil(clock)
  const back = /\banteontem\b/.test(normalized)
    ? 2
    : /\bontem\b/.test(normalized)
      ? 1
      : /\bhoje\b/.test(normalized)
        ? 0
        : (() => {
            const m =
              /\b(?:n[oa]|nesse|neste|nessa|nesta|desde (?:o |a )?|(?:o|a) )?(domingo|segunda|terca|quarta|quinta|sexta|sabado)\b/.exec(
                normalized,
              )
            if (!m?.[1]) return undefined
            // The week starts on Monday here and on Sunday in the calendar.
            const day = (WEEK.indexOf(m[1] as Weekday) + 1) % 7
            return (now.getUTCDay() - day + 7) % 7 || 7
          })()
  if (back === undefined) return undefined
  const d = addDays(now, -back)
  const said = WEEK[(d.getUTCDay() + 6) % 7] as Weekday
  return `${WEEKDAY_LABEL[said]}, ${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}`
}
