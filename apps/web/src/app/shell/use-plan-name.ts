import type { PaymentStatus } from '@areia/contracts/enums'
import { useQuery } from '@tanstack/react-query'
import { subscriptionQuery } from '../../features/billing/billing-api'

/**
 * The name of the plan a subscriber pays for ("Pro", "Ultra"), or null for anyone else and until
 * it is known. It shares the subscription query of "Meu Plano", so a change there shows here.
 */
export function usePlanName(paymentStatus: PaymentStatus | null | undefined): string | null {
  const subscription = useQuery({
    ...subscriptionQuery(),
    enabled: paymentStatus === 'PAYMENT_OK',
    staleTime: 60_000,
  })
  if (paymentStatus !== 'PAYMENT_OK') return null
  return subscription.data?.plan.name ?? null
}
