import type { PaymentStatus } from '@areia/contracts/enums'
import { useOpenPlans } from '../../lib/plans-modal'
import { Button } from '../../ui/button'

type PlanButtonProps = {
  paymentStatus: PaymentStatus | null
  /** The subscriber's plan; until it is known the label reads "Plano Pro". */
  planName: string | null
  /** Called as the plans open, so the menu holding the button gets out of the way. */
  onOpenPlans?: () => void
}

/**
 * PAYMENT_OK shows a disabled "Plano <nome>" (the menu's "Meu Plano" is where the plan is
 * managed); everyone else can open the plans.
 */
export function PlanButton({ paymentStatus, planName, onOpenPlans }: PlanButtonProps) {
  const openPlans = useOpenPlans()
  if (paymentStatus === 'PAYMENT_OK') {
    return (
      <Button variant="secondary" block disabled>
        {`Plano ${planName ?? 'Pro'}`}
      </Button>
    )
  }
  return (
    <Button
      variant="primary"
      block
      onClick={() => {
        onOpenPlans?.()
        openPlans?.()
      }}
      disabled={!openPlans}
    >
      Seja Pro
    </Button>
  )
}
