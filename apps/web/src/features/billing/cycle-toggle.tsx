import type { BillingCycle } from '@areia/contracts/enums'
import { CYCLE_LABEL } from './pricing'

/** Mensal / Anual, as a pair of pressed-state buttons. */
export function CycleToggle({
  value,
  onChange,
  label,
}: {
  value: BillingCycle
  onChange: (cycle: BillingCycle) => void
  label: string
}) {
  return (
    <div className="plans__cycle" role="group" aria-label={label}>
      {(['MONTHLY', 'YEARLY'] as const).map((cycle) => (
        <button
          key={cycle}
          type="button"
          className="plans__cycle-option"
          aria-pressed={value === cycle}
          onClick={() => onChange(cycle)}
        >
          {CYCLE_LABEL[cycle]}
        </button>
      ))}
    </div>
  )
}
