import type { PaymentStatus } from '@areia/contracts/enums'
import { useOpenPlans } from '../../lib/plans-modal'
import { Button } from '../../ui/button'

/** SPEC §4: PAYMENT_OK shows a disabled "Plano Pro"; everyone else can open the plans. */
export function PlanButton({ paymentStatus }: { paymentStatus: PaymentStatus | null }) {
  const openPlans = useOpenPlans()
  if (paymentStatus === 'PAYMENT_OK') {
    return (
      <Button variant="secondary" block disabled>
        Plano Pro
      </Button>
    )
  }
  return (
    <Button variant="primary" block onClick={() => openPlans?.()} disabled={!openPlans}>
      Seja Pro
    </Button>
  )
}
