import { z } from 'zod'
import { INTENTS } from '../intents/registry'
import { MONTH_LABEL, type Slots, WEEK, WEEKDAY_LABEL, type Weekday } from '../intents/slots'
import type { Injury, Level } from '../knowledge/types'
import { joinPt } from '../text'

/**
 * A player's training week, saved so it can be asked for again and adjusted. Built only from what
 * the player said (days, what happens on each, how many sessions, the focus, a tournament) and
 * their level and injuries; nothing in it is a guess about their schedule.
 */
const Day = z.enum(WEEK as [Weekday, ...Weekday[]])
const Session = z.object({
  day: Day,
  kind: z.enum(['aula', 'jogo', 'treino', 'fisico']),
  minutes: z.number().int().positive(),
  /** The hour the player said ("19h", "7h30"), when they did. */
  time: z.string().optional(),
  items: z.array(z.string()),
})
export type PlanSession = z.infer<typeof Session>

export const TrainingPlan = z.object({
  version: z.literal(1),
  created_at: z.string(),
  focus: z.array(z.string()),
  sessions: z.array(Session),
  tournament: z.object({ label: z.string(), date: z.string().nullable() }).nullable(),
  /** A lighter week the player asked for ("essa semana só posso 2x"), until that Sunday. */
  adjusted: z.object({ until: z.string(), sessions: z.array(Session) }).nullable(),
  cautions: z.array(z.string()),
})
export type TrainingPlan = z.infer<typeof TrainingPlan>

/** Reads a stored plan; anything else (an older shape) is no plan. */
export function readPlan(value: unknown): TrainingPlan | null {
  const parsed = TrainingPlan.safeParse(value)
  return parsed.success ? parsed.data : null
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

const MINUTES: Record<Level, number> = { BASE: 60, INTERMEDIARIO: 75, AVANCADO: 90 }

/** Where a focus's drills come from: the first intent of its area that has drills. */
const FOCUS_DOMAIN: Record<string, string> = {
  saque: 'saque',
  devolução: 'devolucao',
  voleio: 'voleio',
  smash: 'smash',
  bandeja: 'bandeja',
  lob: 'lob',
  curtinha: 'curtinha',
  backhand: 'fundo',
  forehand: 'fundo',
}

function drillFor(focus: string): string | null {
  const domain = FOCUS_DOMAIN[focus]
  const drill = INTENTS.find((i) => i.domain === domain && (i.drills?.length ?? 0) > 0)?.drills?.[0]
  return drill ? `${drill.name}: ${drill.amount} ${drill.unit}` : null
}

/** Spread over the week when the player gave a number of sessions but no days. */
const SPREAD: Record<number, Weekday[]> = {
  1: ['sabado'],
  2: ['terca', 'sabado'],
  3: ['segunda', 'quarta', 'sabado'],
  4: ['segunda', 'terca', 'quinta', 'sabado'],
  5: ['segunda', 'terca', 'quarta', 'sexta', 'sabado'],
  6: ['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'],
}

/** Overhead strokes load the shoulder and elbow; jumps and sprints the knee and ankle. */
const LOADS: Partial<Record<Injury, { strokes: string[]; caution: string }>> = {
  ombro: {
    strokes: ['smash', 'saque', 'bandeja'],
    caution:
      'Pelo seu ombro, saque por cima, smash e bandeja ficam em metade do volume e sem força máxima, sempre depois de aquecer o manguito; se doer, pare, e dor que persiste é caso de fisioterapeuta.',
  },
  cotovelo: {
    strokes: ['smash', 'saque', 'backhand'],
    caution:
      'Com o cotovelo dolorido, reduza pela metade as séries de golpes fortes e pare se a dor voltar; se persistir, procure um fisioterapeuta.',
  },
  joelho: {
    strokes: [],
    caution:
      'Com o joelho dolorido, nada de saltos e arrancadas no físico; troque por força isométrica e procure um fisioterapeuta se a dor persistir.',
  },
  tornozelo: {
    strokes: [],
    caution:
      'Com o tornozelo dolorido, o físico fica sem saltos e com equilíbrio numa perna; se inchar ou persistir, procure um fisioterapeuta.',
  },
  lombar: {
    strokes: ['smash'],
    caution:
      'Com a lombar dolorida, menos smash e mais core leve; se a dor persistir, procure um fisioterapeuta.',
  },
  punho: {
    strokes: ['voleio', 'backhand'],
    caution:
      'Com o punho dolorido, empunhadura mais solta e metade das séries de voleio; se persistir, procure um fisioterapeuta.',
  },
}

export function sessionFor(
  day: Weekday,
  kind: PlanSession['kind'],
  focus: string[],
  level: Level,
  tournament: boolean,
  /** How many sessions of this kind come before it in the week: each one works another way. */
  nth = 0,
  /** The session's length when the player said it ("1h cada"); else by level. */
  minutes: number | null = null,
): PlanSession {
  const length = minutes ?? MINUTES[level]
  const theme = focus.length > 0 ? joinPt(focus) : 'fundamentos (saque, devolução e voleio)'
  const drills = focus.flatMap((f) => drillFor(f) ?? [])
  switch (kind) {
    case 'aula':
      return {
        day,
        kind,
        minutes: 60,
        items:
          nth % 2 === 0
            ? [
                `Peça ao professor 15 minutos só de ${theme}, com alvo e contagem de acertos`,
                ...drills,
              ]
            : [
                `Peça ao professor para fechar a aula com pontos em que ${theme} ${focus.length === 1 ? 'decide' : 'decidem'}, contando os acertos`,
              ],
      }
    case 'jogo':
      return {
        day,
        kind,
        minutes: 90,
        items: [
          tournament
            ? `Jogue como no torneio: a mesma rotina de aquecimento e um objetivo de ${theme} por set`
            : `Jogue com um objetivo de ${theme} por set e anote como terminaram os pontos de ouro`,
        ],
      }
    case 'fisico':
      return {
        day,
        kind,
        minutes: 40,
        items: ['Pernas, core e ombro (prevenção), sem treino de quadra pesado no mesmo dia'],
      }
    case 'treino':
      return {
        day,
        kind,
        minutes: length,
        items: trainingBlocks(length, focus, theme, drills, nth),
      }
  }
}

/**
 * A court session as timed blocks that add up to its length: warm-up, the focus (one block per
 * focus, with its drill), and points to close, each session of the week closing another way.
 */
function trainingBlocks(
  minutes: number,
  focus: string[],
  theme: string,
  drills: string[],
  nth: number,
): string[] {
  const warm = minutes >= 45 ? 10 : 5
  const close = Math.max(5, Math.round((minutes * 0.25) / 5) * 5)
  const middle = minutes - warm - close
  // A short session works one thing well rather than two in a hurry.
  const parts = focus.length > 0 ? focus.slice(0, middle >= 30 ? 2 : 1) : [theme]
  const each = Math.floor(middle / parts.length / 5) * 5
  const blocks = parts.map((f, i) => {
    const share = i === parts.length - 1 ? middle - each * (parts.length - 1) : each
    const drill = focus.length > 0 ? drills[i] : undefined
    return `${share} min de ${f}${drill ? ` (${drill})` : ' com alvo e contagem de acertos'}`
  })
  const closing = [
    `${close} min de pontos com tema, valendo placar`,
    `${close} min de situações de jogo em dupla em que o ponto passa por ${theme}`,
    `${close} min de ${theme} sob pressão, valendo ponto e anotando os acertos`,
  ][nth % 3]
  return [`${warm} min de aquecimento com deslocamento na areia`, ...blocks, closing ?? '']
}

/** "em março" → the first of the next March; "12 de março" → that day; else null. */
export function tournamentDate(label: string, now: Date): string | null {
  const m = /^(?:(\d{1,2}) de |em )(\p{L}+)$/u.exec(label)
  const month = m ? MONTH_LABEL.indexOf(m[2] ?? '') : -1
  if (!m || month < 0) return null
  const day = m[1] ? Number(m[1]) : 1
  let year = now.getUTCFullYear()
  if (Date.UTC(year, month, day) < Date.UTC(year, now.getUTCMonth(), now.getUTCDate())) year++
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10)
}

export interface PlanInput {
  slots: Slots
  level: Level
  injuries: readonly Injury[]
  /** Sessions a week from the profile, when the message does not say. */
  perWeek: number | null
  /** How long each session lasts, when the player said it. */
  minutes: number | null
  /** A length said for one day ("sáb 2h"), over `minutes` on that day. */
  minutesByDay?: ReadonlyMap<Weekday, number>
  /** The hour said for a day ("segunda 19h"). */
  timesByDay?: ReadonlyMap<Weekday, string>
  /** Days the player told the team they play or train, when the message names none. */
  knownDays?: readonly Weekday[]
  now: Date
}

/** The week the player asked for, every constraint of the message kept. */
export function buildPlan(input: PlanInput): TrainingPlan {
  const { slots, level, now } = input
  const focus = [...new Set(slots.focus ?? [])].filter((f) => f !== 'físico')
  const activities = new Map((slots.dayActivities ?? []).map((a) => [a.day, a.activity]))
  const asked = slots.sessionsPerWeek ?? input.perWeek ?? null
  let days = WEEK.filter((d) => slots.days?.includes(d))
  if (days.length === 0 && input.knownDays?.length)
    days = WEEK.filter((d) => input.knownDays?.includes(d))
  if (days.length === 0) days = SPREAD[Math.min(Math.max(asked ?? 3, 1), 6)] ?? []
  const tournament = slots.event
    ? { label: slots.event, date: tournamentDate(slots.event, now) }
    : null
  const seen: Partial<Record<PlanSession['kind'], number>> = {}
  const sessions = days.map((day) => {
    const said = activities.get(day)
    const kind: PlanSession['kind'] =
      said ?? (slots.focus?.includes('físico') && day === days.at(-2) ? 'fisico' : 'treino')
    const nth = seen[kind] ?? 0
    seen[kind] = nth + 1
    const minutes = input.minutesByDay?.get(day) ?? input.minutes
    const session = sessionFor(day, kind, focus, level, tournament !== null, nth, minutes)
    const time = input.timesByDay?.get(day)
    return time ? { ...session, time } : session
  })
  const cautions: string[] = []
  for (const injury of input.injuries) {
    const load = LOADS[injury]
    if (load) cautions.push(load.caution)
  }
  return {
    version: 1,
    created_at: now.toISOString(),
    focus,
    sessions,
    tournament,
    adjusted: null,
    cautions,
  }
}

/** Which sessions survive a lighter week: games and classes first (booked), then the focus. */
const PRIORITY: Record<PlanSession['kind'], number> = { jogo: 0, aula: 1, treino: 2, fisico: 3 }

/** The coming Sunday (the end of the player's week), as a date. */
function endOfWeek(now: Date): string {
  const days = (7 - now.getUTCDay()) % 7
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * "essa semana só posso 2x", "essa semana só treino sábado": this week keeps the sessions that
 * matter most (on the days named, when named); the plan itself stays for the weeks after.
 */
export function adjustPlan(
  plan: TrainingPlan,
  change: { count?: number; days?: readonly Weekday[] },
  level: Level,
  now: Date,
): TrainingPlan {
  let pool = [...plan.sessions]
  if (change.days?.length) {
    const named = WEEK.filter((d) => change.days?.includes(d))
    // A day the plan had free becomes a session of the plan's focus.
    pool = named.map(
      (d) =>
        plan.sessions.find((s) => s.day === d) ??
        sessionFor(d, 'treino', plan.focus, level, plan.tournament !== null),
    )
  }
  const count = Math.max(0, Math.min(change.count ?? pool.length, pool.length))
  const keep = [...pool].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind]).slice(0, count)
  const sessions = pool.filter((s) => keep.includes(s))
  return { ...plan, adjusted: { until: endOfWeek(now), sessions } }
}

/** "mais 30 min na quarta": a session of the plan's focus on that day, kept in the plan. */
export function addDay(
  plan: TrainingPlan,
  day: Weekday,
  minutes: number | null,
  level: Level,
): TrainingPlan {
  if (plan.sessions.some((s) => s.day === day)) return plan
  const nth = plan.sessions.filter((s) => s.kind === 'treino').length
  const session = sessionFor(
    day,
    'treino',
    plan.focus,
    level,
    plan.tournament !== null,
    nth,
    minutes,
  )
  const sessions = WEEK.flatMap((d) =>
    d === day ? [session] : plan.sessions.filter((s) => s.day === d),
  )
  return { ...plan, sessions }
}

/** "60 min" under two hours reads as minutes; "1h30" is how a player says 90. */
export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m === 0 ? `${h}h` : `${h}h${String(m).padStart(2, '0')}`
}

/** "quarta não dá, passa pra quinta mesmo horário": the session moved, the rest untouched. */
export function moveSession(
  plan: TrainingPlan,
  from: Weekday,
  to: Weekday,
  time: string | null,
): TrainingPlan {
  const moving = plan.sessions.find((s) => s.day === from)
  if (!moving || plan.sessions.some((s) => s.day === to)) return plan
  const moved: PlanSession = {
    ...moving,
    day: to,
    ...(time ? { time } : moving.time ? { time: moving.time } : {}),
  }
  const sessions = WEEK.flatMap((d) =>
    d === to ? [moved] : plan.sessions.filter((s) => s.day === d && d !== from),
  )
  return { ...plan, sessions }
}

/** "sábado agora só tenho 1h": that day's session rebuilt for the new length. */
export function resizeSession(
  plan: TrainingPlan,
  day: Weekday,
  minutes: number,
  level: Level,
): TrainingPlan {
  const old = plan.sessions.find((s) => s.day === day)
  if (!old || old.minutes === minutes) return plan
  const nth = plan.sessions.filter(
    (s) => s.kind === old.kind && WEEK.indexOf(s.day) < WEEK.indexOf(day),
  ).length
  const fresh = sessionFor(day, old.kind, plan.focus, level, plan.tournament !== null, nth, minutes)
  const session: PlanSession = { ...fresh, ...(old.time ? { time: old.time } : {}) }
  return { ...plan, sessions: plan.sessions.map((s) => (s.day === day ? session : s)) }
}

/** "2 h por semana", "3 h 30 por semana": the week's court time. */
export function weeklyTotal(sessions: readonly PlanSession[]): string {
  const total = sessions.reduce((sum, s) => sum + s.minutes, 0)
  const h = Math.floor(total / 60)
  const m = total % 60
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`
}

const KIND_LABEL: Record<PlanSession['kind'], string> = {
  aula: 'aula',
  jogo: 'jogo',
  treino: 'treino',
  fisico: 'físico',
}

export function sessionLine(s: PlanSession): string {
  return `- **${cap(WEEKDAY_LABEL[s.day])}${s.time ? `, ${s.time}` : ''} (${KIND_LABEL[s.kind]}, ${minutesText(s.minutes)}):** ${s.items.join('; ')}.`
}

/** The sessions in force on `now`: the lighter week while it lasts, else the plan's. */
export function sessionsOn(plan: TrainingPlan, now: Date): PlanSession[] {
  return plan.adjusted && now.toISOString().slice(0, 10) <= plan.adjusted.until
    ? plan.adjusted.sessions
    : plan.sessions
}

/** Whole days from today in Brazil to the day given. */
function daysUntil(date: string, now: Date): number {
  const local = new Date(now.getTime() - 3 * 3_600_000)
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  return Math.round((Date.parse(`${date}T00:00:00Z`) - today) / 86_400_000)
}

/** The whole plan, as the statistical coach writes it. */
export function planText(plan: TrainingPlan, now: Date): string {
  const sessions = sessionsOn(plan, now)
  const rest = WEEK.filter((d) => !sessions.some((s) => s.day === d)).map((d) => WEEKDAY_LABEL[d])
  const lighter = sessions !== plan.sessions
  const header = `${lighter ? 'Esta semana, ajustada' : 'Sua semana'}${plan.focus.length > 0 ? `, com foco em ${joinPt(plan.focus)}` : ''}: ${sessions.length} ${sessions.length === 1 ? 'sessão' : 'sessões'}${lighter ? '' : ' por semana'}.`
  const lines = [header, sessions.map(sessionLine).join('\n')]
  if (rest.length > 0) lines.push(`Descanso: ${joinPt(rest)}.`)
  if (plan.tournament) {
    const days = plan.tournament.date ? daysUntil(plan.tournament.date, now) : null
    // Under three weeks, the days themselves: "cerca de 1 semana" for 13 days misleads.
    const left =
      days === null || days <= 0
        ? ''
        : days < 21
          ? ` (faltam ${days} ${days === 1 ? 'dia' : 'dias'})`
          : ` (faltam cerca de ${Math.floor(days / 7)} semanas)`
    lines.push(
      `Torneio ${plan.tournament.label.startsWith('em ') ? plan.tournament.label : `dia ${plan.tournament.label}`}${left}: repita esta semana até lá; na última semana, metade do volume com a mesma intensidade, e descanso nos dois dias antes do torneio.`,
    )
  }
  lines.push(...plan.cautions)
  return lines.join('\n\n')
}

/** "qual é meu treino de hoje?": today's session in the player's time, or the next one. */
export function todayText(plan: TrainingPlan, now: Date): string {
  const weekday = new Intl.DateTimeFormat('pt-BR', {
    weekday: 'long',
    timeZone: 'America/Sao_Paulo',
  })
    .format(now)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/-feira$/, '') as Weekday
  const sessions = sessionsOn(plan, now)
  const today = sessions.find((s) => s.day === weekday)
  if (today) return `Hoje é dia de ${KIND_LABEL[today.kind]} no seu plano:\n${sessionLine(today)}`
  const order = WEEK.indexOf(weekday)
  const next = [...sessions].sort(
    (a, b) => ((WEEK.indexOf(a.day) - order + 7) % 7) - ((WEEK.indexOf(b.day) - order + 7) % 7),
  )[0]
  return next
    ? `Hoje é dia de descanso no seu plano. A próxima sessão é ${WEEKDAY_LABEL[next.day]}:\n${sessionLine(next)}`
    : 'Nesta semana o seu plano não tem sessões; descanse e a gente retoma na próxima.'
}
