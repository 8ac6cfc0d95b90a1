import { useQuery } from '@tanstack/react-query'
import type { BillingCycle } from '@areia/contracts/enums'
import { formatPrice } from '../../lib/format'
import { plansQuery, upgradeQuoteQuery, validateCoupon } from './billing-api'
import { finalPrice } from './pricing'

type AmountInput = {
  planId: number
  cycle: BillingCycle
  couponCode: string | null
  /** The PIX order of this checkout, when one was created: the server's own figure. */
  pixAmount: number | null
  /** A subscriber moving up pays the new price less the unused part of the current period. */
  upgrading: boolean
}

/**
 * What the card will be charged, with its centavos, the same figure the PIX tab shows. The PIX
 * order's amount when there is one; else the upgrade quote, or the plan's price less the coupon,
 * computed as the server does. Null while unknown.
 */
export function useCardAmount(input: AmountInput): string | null {
  const { planId, cycle, couponCode, pixAmount, upgrading } = input
  const known = pixAmount !== null
  const quote = useQuery({ ...upgradeQuoteQuery(planId, cycle), enabled: upgrading && !known })
  const plans = useQuery({ ...plansQuery(), enabled: !upgrading && !known })
  const coupon = useQuery({
    queryKey: ['billing', 'coupon', couponCode] as const,
    queryFn: () => validateCoupon(couponCode ?? ''),
    enabled: !upgrading && !known && couponCode !== null,
    staleTime: Infinity,
  })

  if (known) return formatPrice(pixAmount, 2)
  if (upgrading) return quote.data ? formatPrice(quote.data.amount, 2) : null
  const plan = plans.data?.find((p) => p.id === planId)
  if (!plan) return null
  if (couponCode !== null && !coupon.data) return null
  const percent = coupon.data?.valid ? coupon.data.discount_percentage : null
  return formatPrice(finalPrice(plan, cycle, percent), 2)
}
