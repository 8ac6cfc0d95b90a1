import { and, eq } from 'drizzle-orm'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { plans, subscriptions, users } from '../../db/schema'
import type { MessageHook } from '../coaching/service'
import type { BillingModuleDeps } from './module'

const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight in Brasília (UTC−3 all year since 2019) of the day `now` falls in there. */
function startOfDayInBrazil(now: Date): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now)
  return new Date(`${day}T00:00:00-03:00`)
}

/**
 * The chat allowance a plan card promises ("Até 20 mensagens por dia"), read from the plan
 * rows: the subscription's plan while the player pays, the free plan otherwise. It counts the
 * questions the team took up that day, not the onboarding answers (the host takes those). Past
 * it, the player's message is kept but the coaches do not answer it; the player is told why,
 * until when, and how to chat without a limit.
 */
export class PlanLimits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chat: BillingModuleDeps['chat'],
  ) {}

  private async dailyMessagePlan(userId: string) {
    const [paying] = await this.db
      .select({ name: plans.name, limit: plans.dailyMessageLimit })
      .from(users)
      .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(users.id, userId), eq(users.paymentStatus, 'PAYMENT_OK')))
    if (paying) return { ...paying, paying: true }
    const [free] = await this.db
      .select({
        name: plans.name,
        limit: plans.dailyMessageLimit,
        trialDays: plans.trialDays,
        since: users.createdAt,
      })
      .from(plans)
      .innerJoin(users, eq(users.id, userId))
      .where(eq(plans.slug, 'free'))
    return free && { ...free, paying: false }
  }

  readonly messageHook: MessageHook = async (userId) => {
    const plan = await this.dailyMessagePlan(userId)
    if (!plan) return null
    // The free plan's card promises a trial of so many days: after them, the coaches stop.
    if (!plan.paying && 'trialDays' in plan && plan.trialDays !== null) {
      const ends = new Date(plan.since.getTime() + plan.trialDays * DAY_MS)
      if (this.clock.now() >= ends)
        return [
          {
            text: [
              `Os ${plan.trialDays} dias do ${plan.name} terminaram.`,
              'Sua mensagem ficou guardada; para continuar conversando com a sua equipe, assine o plano Pro: toque em **Seja Pro** no menu.',
            ].join(' '),
          },
        ]
    }
    if (plan.limit === null) return null
    // Asked before the team takes up this message: it is the next one after those counted.
    const answered = await this.chat.answeredSince(userId, startOfDayInBrazil(this.clock.now()))
    if (answered < plan.limit) return null
    return [
      {
        text: [
          `Você chegou ao limite de ${plan.limit} mensagens por dia do plano ${plan.name}.`,
          'Sua mensagem ficou guardada, e a equipe volta a responder amanhã, a partir da meia-noite.',
          plan.paying
            ? 'Para conversar mais, mude para um plano maior em **Meu Plano**, no menu.'
            : 'Para conversar sem limite, assine o plano Pro: toque em **Seja Pro** no menu.',
        ].join(' '),
      },
    ]
  }
}
