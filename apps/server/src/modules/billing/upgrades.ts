import type { BillingCycle } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { DbOrTx } from '../../adapters/db'
import { AppError } from '../../errors'
import type { CheckoutStore, SubscriptionRow } from './checkout-store'
import type { PlanRow } from './store'

const DAY_MS = 86_400_000

/** The smallest charge we ask a gateway for: below it, the credit covers the change. */
const MIN_CHARGE_CENTS = 100

export const NOT_AN_UPGRADE =
  'Você já possui uma assinatura ativa. Para um plano menor ou mais curto, agende a mudança em "Meu Plano": ela vale a partir da próxima renovação.'

export interface UpgradeQuote {
  plan: PlanRow
  billingCycle: BillingCycle
  /** The new plan's price for the cycle. */
  priceCents: number
  /** The unused part of what was paid for the period running now. */
  creditCents: number
  /** What is charged now: the price less the credit. */
  amountCents: number
}

const priceOf = (plan: PlanRow, cycle: BillingCycle) =>
  cycle === 'MONTHLY' ? plan.priceMonthlyCents : plan.priceYearlyCents

/** One billing period before `end`, by calendar (the inverse of the period a payment buys). */
export function periodBefore(end: Date, cycle: BillingCycle): Date {
  const d = new Date(end)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  if (cycle === 'MONTHLY') d.setUTCMonth(d.getUTCMonth() - 1)
  else d.setUTCFullYear(d.getUTCFullYear() - 1)
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, lastDay))
  return d
}

/**
 * Moving up while a plan runs: to a plan placed higher in the catalogue, or from monthly to
 * yearly on the same plan. The new period starts when it is paid, and the unused whole days of
 * the current one (in proportion to what was actually paid) come off its price.
 */
export class Upgrades {
  constructor(
    private readonly store: CheckoutStore,
    private readonly clock: Clock,
  ) {}

  async quote(
    db: DbOrTx,
    current: SubscriptionRow,
    target: PlanRow,
    cycle: BillingCycle,
  ): Promise<UpgradeQuote> {
    const now = this.clock.now()
    const from = await this.store.findAnyPlan(db, current.planId)
    const higher =
      from !== undefined &&
      (target.position > from.position ||
        (target.id === from.id && current.billingCycle === 'MONTHLY' && cycle === 'YEARLY'))
    if (!higher || !from) throw new AppError(409, NOT_AN_UPGRADE, { code: 'not_an_upgrade' })
    const last = await this.store.latestPaidOrder(db, current.userId)
    const periodEnd = current.expiresAt
    const periodStart =
      last?.periodFrom && last.periodUntil?.getTime() === periodEnd.getTime()
        ? last.periodFrom
        : periodBefore(periodEnd, current.billingCycle)
    const paid = last?.amountCents ?? priceOf(from, current.billingCycle)
    // Whole days left of the period's days: the price shown holds for the rest of the day.
    const totalDays = Math.max(
      1,
      Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS),
    )
    const daysLeft = Math.min(
      totalDays,
      Math.max(0, Math.floor((periodEnd.getTime() - now.getTime()) / DAY_MS)),
    )
    const creditCents = Math.floor((paid * daysLeft) / totalDays)
    const priceCents = priceOf(target, cycle)
    const amountCents = priceCents - creditCents
    if (amountCents < MIN_CHARGE_CENTS) {
      throw new AppError(
        409,
        'O crédito do seu plano atual cobre quase todo este plano neste ciclo. Escolha o ciclo anual ou espere a próxima renovação.',
        { code: 'upgrade_credit_too_large' },
      )
    }
    return { plan: target, billingCycle: cycle, priceCents, creditCents, amountCents }
  }
}
