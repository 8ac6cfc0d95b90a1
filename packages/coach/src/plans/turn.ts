import { understand } from '../intents/understand'
import { contextOf } from '../profile'
import type { ChatTurn, PlayerProfile } from '../types'
import { adjustPlan, buildPlan, type TrainingPlan } from './plan'

export type PlanChange = 'CREATED' | 'ADJUSTED'

const BUILD = new Set(['plano-semanal', 'treino-pre-torneio', 'frequencia-treino'])

/**
 * What a message does to the player's saved plan: asking for a week with anything concrete (days,
 * sessions, focus, a tournament) builds one; "essa semana só posso 2x" lightens this week of the
 * saved one. Anything else leaves it as it is. The caller saves the plan and passes it to `reply`.
 */
export function planTurn(input: {
  text: string
  history: readonly ChatTurn[]
  profile: PlayerProfile
  memory?: readonly string[]
  current: TrainingPlan | null
  now: Date
}): { plan: TrainingPlan | null; change: PlanChange | null } {
  const { text, history, profile, current, now } = input
  const u = understand(text, history)
  const main = u.intents[0]?.id
  const slots = u.slots
  const ctx = contextOf(profile, history, text, input.memory)
  const concrete =
    (slots.days?.length ?? 0) > 0 ||
    slots.sessionsPerWeek !== undefined ||
    (slots.focus?.length ?? 0) > 0 ||
    slots.event !== undefined
  if (
    main &&
    BUILD.has(main) &&
    // Only what the player says in the message makes a plan; without it, the coach asks for it.
    concrete
  ) {
    const plan = buildPlan({
      slots,
      level: ctx.level,
      injuries: ctx.mentionedInjuries,
      perWeek: profile.training_per_week ?? null,
      now,
    })
    return { plan, change: 'CREATED' }
  }
  if (main === 'plano-ajustar' && current && (slots.sessionsPerWeek !== undefined || slots.days)) {
    const change = {
      ...(slots.sessionsPerWeek !== undefined ? { count: slots.sessionsPerWeek } : {}),
      ...(slots.days ? { days: slots.days } : {}),
    }
    return { plan: adjustPlan(current, change, ctx.level, now), change: 'ADJUSTED' }
  }
  return { plan: current, change: null }
}
