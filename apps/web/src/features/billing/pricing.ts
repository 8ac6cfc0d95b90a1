import { discountedCents, type Plan } from '@areia/contracts/billing'
import type { BillingCycle } from '@areia/contracts/enums'
import { formatPrice } from '../../lib/format'

export const CYCLE_LABEL: Record<BillingCycle, 'Mensal' | 'Anual'> = {
  MONTHLY: 'Mensal',
  YEARLY: 'Anual',
}

export const CYCLE_SUFFIX: Record<BillingCycle, '/mês' | '/ano'> = {
  MONTHLY: '/mês',
  YEARLY: '/ano',
}

/** MONTHLY or YEARLY; anything else is shown (and charged) as yearly. */
export function billingCycleFrom(value: unknown): BillingCycle {
  return value === 'MONTHLY' ? 'MONTHLY' : 'YEARLY'
}

export const listPrice = (plan: Plan, cycle: BillingCycle) =>
  cycle === 'MONTHLY' ? plan.price_monthly : plan.price_annually

/** Price × (1 − percent/100), computed in centavos as the server does. */
export function finalPrice(plan: Plan, cycle: BillingCycle, percent: number | null): number {
  return discountedCents(Math.round(listPrice(plan, cycle) * 100), percent) / 100
}

/** The original price with 2 decimals and a comma ("R$ 59,90"). */
export const formatOriginalPrice = (reais: number) => formatPrice(reais, 2)

/** The final price is shown with no decimals ("R$ 539"); the original keeps its two. */
export const formatFinalPrice = (reais: number) => formatPrice(reais, 0)

/**
 * The rounded final price can differ from the charge by a few centavos ("R$ 51" for R$ 50,92):
 * the exact amount is then said beside it, so what the player reads is what the checkout charges.
 */
export const exactCharge = (reais: number): string | null =>
  Math.round(reais * 100) % 100 === 0 ? null : formatPrice(reais, 2)

/**
 * A yearly price in monthly terms, and what it saves against twelve monthly payments (both at
 * list price: the coupon is for the first charge only). Null when it saves nothing.
 */
export function yearlyTerms(
  plan: Plan,
): { perMonth: number; saving: number; percent: number } | null {
  const yearCents = Math.round(plan.price_annually * 100)
  const twelveCents = Math.round(plan.price_monthly * 100) * 12
  if (yearCents <= 0 || yearCents >= twelveCents) return null
  return {
    perMonth: Math.round(yearCents / 12) / 100,
    saving: (twelveCents - yearCents) / 100,
    percent: Math.round(((twelveCents - yearCents) * 100) / twelveCents),
  }
}

/** The waiting list names the plan with its cycle, "Pro Mensal" / "Ultra Anual". */
export const planLabel = (name: string, cycle: BillingCycle) => `${name} ${CYCLE_LABEL[cycle]}`

export const isPaidPlan = (plan: Plan) => plan.price_monthly > 0 || plan.price_annually > 0
