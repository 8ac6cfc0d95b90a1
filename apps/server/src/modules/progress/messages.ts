import type { TrainingPlan } from '@areia/coach'
import {
  changesAt,
  formatProgressDelta,
  formatProgressFull,
  progressFigure,
  shortMatchDate,
  type ProgressFigureKey,
  type ProgressMatch,
} from '@areia/contracts'
import type { Outcome } from './store'
import { addDays, plannedDays, shortDay, WEEKDAY_LABEL, weekdayOf, type Weekday } from './calendar'

type PlanSession = TrainingPlan['sessions'][number]

/** The follow-up's chips and what each says of the session: done (well or hard) or not done. */
export const FOLLOW_UP_CHIPS: ReadonlyArray<{ text: string; outcome: Outcome }> = [
  { text: 'Foi bom', outcome: 'done' },
  { text: 'Foi puxado', outcome: 'done' },
  { text: 'Não deu pra ir', outcome: 'missed' },
]

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim()
    .toLowerCase()

/** The outcome a player's message gives, when it is one of the chips (as typed or tapped). */
export function chipOutcome(text: string): Outcome | null {
  const said = fold(text)
  return FOLLOW_UP_CHIPS.find((c) => fold(c.text) === said)?.outcome ?? null
}

/** "o treino de saque", "a aula": what the player did that day, as the coach names it. */
function sessionName(session: PlanSession, focus: string | undefined): string {
  switch (session.kind) {
    case 'aula':
      return 'a aula'
    case 'jogo':
      return 'o jogo'
    case 'fisico':
      return 'o treino físico'
    case 'treino':
      return focus ? `o treino de ${focus}` : 'o treino'
  }
}

/** "E aí, como foi o treino de saque de terça?": one short question, with its chips. */
export function followUpQuestion(
  plan: TrainingPlan,
  day: string,
  sessions: PlanSession[],
): { text: string; suggestions: string[] } {
  // A training day said first over the day's match: the plan is about the training.
  const session = sessions.find((s) => s.kind !== 'jogo') ?? sessions[0]!
  const name = sessionName(session, plan.focus[0])
  return {
    text: `E aí, como foi ${name} de ${WEEKDAY_LABEL[weekdayOf(day)]}?`,
    suggestions: FOLLOW_UP_CHIPS.map((c) => c.text),
  }
}

/** The coach's short reply to a chip: noted, and what comes next. */
export function followUpAck(outcome: Outcome, day: string): string {
  const label = WEEKDAY_LABEL[weekdayOf(day)]
  return outcome === 'done'
    ? `Boa! Anotei a sessão de ${label} como feita. Bora manter o ritmo.`
    : `Tudo bem, anotei que a sessão de ${label} não rolou. Segue o plano no próximo dia marcado.`
}

// ---- The weekly summary ---------------------------------------------------------------------

export interface WeeklyInput {
  /** Monday and Sunday of the week summed up (the player's days). */
  from: string
  to: string
  matches: readonly ProgressMatch[]
  plan: TrainingPlan | null
  /** The answers to the week's follow-ups, by planned day. */
  outcomes: ReadonlyMap<string, Outcome | null>
  goal: { text: string; figures: ProgressFigureKey[] } | null
}

/** One line of the summary: a label and what it says, with sub-lines (the goal's figures). */
export interface WeeklyLine {
  label: string
  text: string
  items?: string[]
}

export interface WeeklySummary {
  title: string
  lines: WeeklyLine[]
  /** The push notification's one line. */
  short: string
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const joinPt = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`

function matchesLine(week: ProgressMatch[]): WeeklyLine {
  if (week.length === 0) return { label: 'Jogos analisados', text: 'nenhum nesta semana.' }
  const each = week.map((m) => {
    const result = m.outcome === 'WON' ? 'vitória' : m.outcome === 'LOST' ? 'derrota' : null
    return result ? `${shortMatchDate(m.date)} (${result})` : shortMatchDate(m.date)
  })
  return { label: 'Jogos analisados', text: `${week.length} — ${joinPt(each)}.` }
}

/**
 * Sessions against the plan, saying only what is known: the player's own answers to the
 * follow-ups. A session nobody asked about, or asked and not answered, is counted as unknown.
 */
function sessionsLine(input: WeeklyInput): WeeklyLine | null {
  if (!input.plan) return null
  const planned = plannedDays(input.plan, input.from, input.to)
  const total = planned.reduce((n, d) => n + d.sessions.length, 0)
  if (total === 0) return { label: 'Treinos', text: 'nenhum planejado nesta semana.' }
  let done = 0
  let missed = 0
  for (const { day, sessions } of planned) {
    const outcome = input.outcomes.get(day)
    if (outcome === 'done') done += sessions.length
    if (outcome === 'missed') missed += sessions.length
  }
  const unknown = total - done - missed
  const head = `${plural(total, 'planejado', 'planejados')}`
  if (done + missed === 0)
    return {
      label: 'Treinos',
      text: `${head}; você não me contou como foram, então não sei quantos você fez.`,
    }
  const told = [
    ...(done > 0 ? [`fez ${done}`] : []),
    ...(missed > 0 ? [`${missed} não ${missed === 1 ? 'deu' : 'deram'}`] : []),
  ]
  const rest =
    unknown === 0
      ? ''
      : unknown === 1
        ? '; do outro eu não sei'
        : `; dos outros ${unknown} eu não sei`
  return { label: 'Treinos', text: `${head}; pelo que você me contou, ${joinPt(told)}${rest}.` }
}

/** Each goal figure: its newest value and the change since the match before that measured it. */
function goalLine(input: WeeklyInput): WeeklyLine | null {
  if (!input.goal) return null
  const items = input.goal.figures.map((key) => {
    const label = progressFigure(key).label
    const index = input.matches.findLastIndex((m) => m.figures[key] !== null)
    if (index < 0) return `${label}: ainda sem jogo que meça.`
    const change = changesAt(input.matches, index).find((c) => c.key === key)!
    const value = formatProgressFull(key, change.current)
    const when = `no jogo de ${shortMatchDate(input.matches[index]!.date)}`
    return change.delta === null
      ? `${label}: ${value} ${when} (o primeiro que mediu).`
      : `${label}: ${value} ${when} (${formatProgressDelta(key, change.delta)} desde o anterior).`
  })
  return { label: 'Seu objetivo', text: `“${input.goal.text}”`, items }
}

function focusLine(input: WeeklyInput, nextFrom: string): WeeklyLine {
  if (!input.plan)
    return {
      label: 'Próxima semana',
      text: 'ainda não temos um plano de treino; me peça um aqui no chat que eu monto.',
    }
  const days = plannedDays(input.plan, nextFrom, addDays(nextFrom, 6)).map((d) =>
    onDay(weekdayOf(d.day)),
  )
  const focus = input.plan.focus.length > 0 ? joinPt(input.plan.focus) : 'o plano como está'
  const when = days.length > 0 ? ` — sessões ${joinPt(days)}` : ''
  return { label: 'Foco da próxima semana', text: `${focus}${when}.` }
}

/** "na terça", "no sábado". */
const onDay = (d: Weekday) =>
  `${d === 'sabado' || d === 'domingo' ? 'no' : 'na'} ${WEEKDAY_LABEL[d]}`

/**
 * The Monday summary of the week just ended, or null when there is nothing to sum up (no plan,
 * no analysed match, no goal).
 */
export function weeklySummary(input: WeeklyInput, nextMonday: string): WeeklySummary | null {
  if (!input.plan && input.matches.length === 0 && !input.goal) return null
  const week = input.matches.filter((m) => m.date >= input.from && m.date <= input.to)
  const lines = [
    matchesLine(week),
    sessionsLine(input),
    goalLine(input),
    focusLine(input, nextMonday),
  ].filter((l): l is WeeklyLine => l !== null)
  const title = `Resumo da semana (${shortDay(input.from)} a ${shortDay(input.to)})`
  const sessions = lines.find((l) => l.label === 'Treinos')
  const short = [
    week.length === 0
      ? 'Nenhum jogo analisado'
      : plural(week.length, 'jogo analisado', 'jogos analisados'),
    ...(sessions ? [`treinos: ${sessions.text.split(';')[0]}`] : []),
  ].join(' · ')
  return { title, lines, short: `${short}. Veja o resumo completo.` }
}

/** The summary as the coach's chat message (markdown). */
export function weeklyChatText(s: WeeklySummary): string {
  return [
    `**${s.title}**`,
    '',
    ...s.lines.flatMap((l) => [
      `- **${l.label}**: ${l.text}`,
      ...(l.items ?? []).map((i) => `  - ${i}`),
    ]),
  ].join('\n')
}

/** The summary as plain paragraphs (the e-mail). */
export function weeklyParagraphs(s: WeeklySummary): string[] {
  return [
    `${s.title}:`,
    ...s.lines.map((l) =>
      [`${l.label}: ${l.text}`, ...(l.items ?? []).map((i) => `• ${i}`)].join('\n'),
    ),
  ]
}
