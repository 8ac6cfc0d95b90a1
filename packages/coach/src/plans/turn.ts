import { chatText } from '../intents/normalize'
import { readFrame } from '../frames/frame'
import { understand } from '../intents/understand'
import type { Weekday } from '../intents/slots'
import { contextOf } from '../profile'
import type { RememberedFact } from '../memory/types'
import type { ChatTurn, PlayerProfile } from '../types'
import {
  addDay,
  adjustPlan,
  buildPlan,
  moveSession,
  resizeSession,
  type TrainingPlan,
} from './plan'
import { planQuestion, minutesByDay, sessionMinutes, spansByDay, timesByDay } from './questions'

export type PlanChange = 'CREATED' | 'ADJUSTED'

const BUILD = new Set(['plano-semanal', 'treino-pre-torneio', 'frequencia-treino'])

/**
 * What a message does to the player's saved plan. Only a request for a plan ("monta um treino",
 * "quero um plano de treino") builds one, from what the message says (days, how long, the focus, a
 * tournament), the days the player told the team before, and the profile; "essa semana só posso 2x"
 * lightens this week; "mais 30 min na quarta" adds that day. A question that merely names a day
 * ("jogo misto sábado, como monto a estratégia?") leaves the plan as it is.
 */
/** Words of a week of training to organise. */
const TRAINING_WEEK =
  /\b(trein\w*|semana|semanal|plano|rotina|organiz\w*|divid\w*|sessao|sessoes|dias? (livres?|disponiveis)|por semana|x na semana)\b/

export function planTurn(input: {
  text: string
  history: readonly ChatTurn[]
  profile: PlayerProfile
  memory?: readonly string[]
  /** What the team remembers: the days the player said they play or train come from it. */
  facts?: readonly RememberedFact[]
  current: TrainingPlan | null
  now: Date
}): { plan: TrainingPlan | null; change: PlanChange | null } {
  const { text, history, profile, current, now } = input
  const frame = readFrame(text)
  const u = understand(text, history)
  const main = u.intents[0]?.id
  const slots = u.slots
  // One session asked for on its own is answered, not saved as the week.
  if (u.plan?.kind === 'SESSION') return { plan: current, change: null }
  const ctx = contextOf(profile, history, text, input.memory)
  const knownDays: Weekday[] =
    input.facts?.find((f) => f.kind === 'ROTINA')?.fields?.days?.slice() ?? []
  const concrete =
    (slots.days?.length ?? 0) > 0 ||
    slots.sessionsPerWeek !== undefined ||
    (slots.focus?.length ?? 0) > 0 ||
    slots.event !== undefined ||
    knownDays.length > 0
  // A plan is asked for by name ("monta um treino"), or as a week to organise with what the
  // player can do ("tenho 2 dias por semana, quero melhorar o voleio"); a single day named in
  // another question ("jogo misto sábado, como monto a estratégia?") is not one.
  const wanted =
    frame.planRequest ||
    (main !== undefined &&
      BUILD.has(main) &&
      // "jogo sábado e domingo, o que faço à noite pra recuperar?" asks of the games, not of a week.
      TRAINING_WEEK.test(chatText(text)) &&
      // "posso treinar todo dia?" asks whether, not for the week.
      !/\b(posso|pode|devo|e bom|faz mal|tudo bem|e normal|e muito|e pouco|vale a pena|seria bom|da pra|da para|consigo)\b/.test(
        chatText(text),
      ) &&
      (slots.sessionsPerWeek !== undefined ||
        (slots.focus?.length ?? 0) > 0 ||
        (slots.days?.length ?? 0) >= 2))
  if (wanted && concrete) {
    const plan = buildPlan({
      slots,
      level: ctx.level,
      injuries: ctx.mentionedInjuries,
      perWeek: profile.training_per_week ?? null,
      minutes: sessionMinutes(text),
      minutesByDay: new Map([
        ...minutesByDay(text),
        ...[...spansByDay(text)].map(([d, v]) => [d, v.minutes] as const),
      ]),
      timesByDay: new Map([
        ...timesByDay(text),
        ...[...spansByDay(text)].map(([d, v]) => [d, v.time] as const),
      ]),
      ...(knownDays.length > 0 ? { knownDays } : {}),
      now,
    })
    return { plan, change: 'CREATED' }
  }
  const asked = planQuestion(text)
  if (current && asked?.kind === 'MOVE') {
    const plan = moveSession(current, asked.from, asked.to, asked.time)
    return { plan, change: plan === current ? null : 'ADJUSTED' }
  }
  if (current && asked?.kind === 'RESIZE') {
    const plan = resizeSession(current, asked.day, asked.minutes, ctx.level)
    return { plan, change: plan === current ? null : 'ADJUSTED' }
  }
  if (current && asked?.kind === 'ADD' && !current.sessions.some((s) => s.day === asked.day))
    return { plan: addDay(current, asked.day, asked.minutes, ctx.level), change: 'ADJUSTED' }
  // "explica o treino de quinta, faço o quê?" asks about the plan; only a change said as one
  // ("essa semana só posso 2x", "não vou conseguir na quinta") adjusts it.
  const asksContent =
    /\b(explica|explicar|detalha|detalhar|faco (o que|oq)|o que (eu )?faco|como (e|fica|funciona) o treino|tem problema|e ruim|faz mal)\b/.test(
      chatText(text),
    )
  if (
    main === 'plano-ajustar' &&
    current &&
    !asksContent &&
    (slots.sessionsPerWeek !== undefined || slots.days)
  ) {
    const change = {
      ...(slots.sessionsPerWeek !== undefined ? { count: slots.sessionsPerWeek } : {}),
      ...(slots.days ? { days: slots.days } : {}),
    }
    return { plan: adjustPlan(current, change, ctx.level, now), change: 'ADJUSTED' }
  }
  return { plan: current, change: null }
}
