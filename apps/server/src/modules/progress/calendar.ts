import type { TrainingPlan } from '@areia/coach'

type PlanSession = TrainingPlan['sessions'][number]

/** The product keeps no time zone per player: every player is taken to be in Brasília's. */
export const PLAYER_TIME_ZONE = 'America/Sao_Paulo'

/** The plan's words for its days, Monday first (the plan's own `Weekday`). */
export const WEEKDAYS = [
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_LABEL: Record<Weekday, string> = {
  segunda: 'segunda',
  terca: 'terça',
  quarta: 'quarta',
  quinta: 'quinta',
  sexta: 'sexta',
  sabado: 'sábado',
  domingo: 'domingo',
}

/** Where `at` falls on the player's calendar: the day (YYYY-MM-DD), its weekday and the hour. */
export interface LocalMoment {
  day: string
  weekday: Weekday
  hour: number
}

const parts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  })

export function localMoment(at: Date, timeZone = PLAYER_TIME_ZONE): LocalMoment {
  const p = Object.fromEntries(
    parts(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  )
  const day = `${p.year}-${p.month}-${p.day}`
  return { day, weekday: weekdayOf(day), hour: Number(p.hour) }
}

/** The instant the player's day `day` began (its offset read at that day's noon). */
export function startOfLocalDay(day: string, timeZone = PLAYER_TIME_ZONE): Date {
  const noon = new Date(`${day}T12:00:00Z`)
  const name =
    parts(timeZone)
      .formatToParts(noon)
      .find((x) => x.type === 'timeZoneName')?.value ?? 'GMT'
  const offset = name === 'GMT' ? 'Z' : name.replace('GMT', '')
  return new Date(`${day}T00:00:00${offset}`)
}

/** Calendar arithmetic on a YYYY-MM-DD day, free of any time zone. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

export function weekdayOf(day: string): Weekday {
  // getUTCDay: Sunday is 0; the plan's week starts on Monday.
  return WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!
}

/** "17/11": a day as the chat writes it. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** The sessions the plan holds for one day, the lighter week's while it lasts. */
export function sessionsOn(plan: TrainingPlan, day: string): PlanSession[] {
  const week = plan.adjusted && day <= plan.adjusted.until ? plan.adjusted.sessions : plan.sessions
  const weekday = weekdayOf(day)
  return week.filter((s) => s.day === weekday)
}

/** The plan's first day: sessions before the plan existed were never planned. */
const firstPlannedDay = (plan: TrainingPlan) =>
  addDays(localMoment(new Date(plan.created_at)).day, 1)

/** Each planned day from `from` to `to` (both included) with its sessions, oldest first. */
export function plannedDays(
  plan: TrainingPlan,
  from: string,
  to: string,
): Array<{ day: string; sessions: PlanSession[] }> {
  const out: Array<{ day: string; sessions: PlanSession[] }> = []
  const first = firstPlannedDay(plan)
  for (let day = from < first ? first : from; day <= to; day = addDays(day, 1)) {
    const sessions = sessionsOn(plan, day)
    if (sessions.length > 0) out.push({ day, sessions })
  }
  return out
}

/** The latest planned day of the past week, before `today`; null when there is none. */
export function lastPlannedDay(
  plan: TrainingPlan,
  today: string,
): { day: string; sessions: PlanSession[] } | null {
  return plannedDays(plan, addDays(today, -7), addDays(today, -1)).at(-1) ?? null
}
