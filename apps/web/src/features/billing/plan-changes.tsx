import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { Plan, SubscriptionResponse, UpgradeQuote } from '@areia/contracts/billing'
import type { BillingCycle } from '@areia/contracts/enums'
import { errorMessage } from '../../lib/api-error'
import { formatDate, formatPrice } from '../../lib/format'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { billingKeys, plansQuery, scheduleChange, upgradeQuoteQuery } from './billing-api'
import type { CheckoutNavigationState } from './checkout-state'
import { CycleToggle } from './cycle-toggle'
import { CYCLE_LABEL, isPaidPlan, listPrice } from './pricing'

export const CHANGE_FAILED = 'Não foi possível agendar a mudança de plano.'
export const QUOTE_FAILED = 'Não foi possível calcular o valor da mudança.'

type Subscription = NonNullable<SubscriptionResponse>
type Direction = 'up' | 'down' | null

/** Up: a plan placed higher, or yearly instead of monthly; down: the reverse (as the server rules). */
export function direction(
  plans: Plan[],
  current: { planId: number; cycle: BillingCycle },
  target: { planId: number; cycle: BillingCycle },
): Direction {
  const from = plans.findIndex((p) => p.id === current.planId)
  const to = plans.findIndex((p) => p.id === target.planId)
  if (from < 0 || to < 0) return null
  if (to > from) return 'up'
  if (to < from) return 'down'
  if (current.cycle === target.cycle) return null
  return target.cycle === 'YEARLY' ? 'up' : 'down'
}

/** "Mudar de plano": up now (the unused part of this period credited), down at the renewal. */
export function PlanChanges({ subscription }: { subscription: Subscription }) {
  const plans = useQuery(plansQuery())
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billing_cycle)
  const [chosen, setChosen] = useState<Plan | null>(null)
  if (!plans.data || subscription.status !== 'ACTIVE') return null
  const current = { planId: subscription.plan.id, cycle: subscription.billing_cycle }
  const options = plans.data
    .filter(isPaidPlan)
    .map((plan) => ({ plan, way: direction(plans.data, current, { planId: plan.id, cycle }) }))
    .filter((o) => o.way !== null)

  return (
    <section className="my-plan__section" aria-labelledby="change-title">
      <h2 id="change-title" className="my-plan__subtitle">
        Mudar de plano
      </h2>
      <CycleToggle
        value={cycle}
        onChange={(value) => {
          setCycle(value)
          setChosen(null)
        }}
        label="Ciclo do novo plano"
      />
      {options.length === 0 ? (
        <p className="my-plan__muted">Não há outro plano neste ciclo.</p>
      ) : (
        <ul className="plan-changes">
          {options.map(({ plan, way }) => (
            <li key={plan.id} className="plan-changes__item">
              <div className="plan-changes__info">
                <span className="plan-changes__name">
                  {plan.name} ({CYCLE_LABEL[cycle]})
                </span>
                <span className="my-plan__muted">
                  {formatPrice(listPrice(plan, cycle))}
                  {cycle === 'MONTHLY' ? '/mês' : '/ano'}
                </span>
              </div>
              {way === 'up' ? (
                <Button
                  variant={chosen?.id === plan.id ? 'secondary' : 'primary'}
                  onClick={() => setChosen(chosen?.id === plan.id ? null : plan)}
                  aria-expanded={chosen?.id === plan.id}
                >
                  Mudar para {plan.name}
                </Button>
              ) : (
                <ScheduleButton subscription={subscription} plan={plan} cycle={cycle} />
              )}
              {way === 'up' && chosen?.id === plan.id ? (
                <UpgradeOffer plan={plan} cycle={cycle} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The price of moving up, before paying; paying goes through the checkout. */
function UpgradeOffer({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const navigate = useNavigate()
  const quote = useQuery(upgradeQuoteQuery(plan.id, cycle))
  if (quote.isPending) return <p className="plan-changes__quote">Calculando o valor...</p>
  if (quote.isError) {
    return (
      <p className="form-error plan-changes__quote" role="alert">
        {errorMessage(quote.error, QUOTE_FAILED)}
      </p>
    )
  }
  const state: CheckoutNavigationState = {
    plan: { id: plan.id, name: plan.name },
    billingCycle: cycle,
    couponCode: null,
  }
  return (
    <div className="plan-changes__quote" role="status">
      <QuoteTable quote={quote.data} total="Você paga agora" />
      <p className="my-plan__muted">
        O novo plano começa assim que o pagamento for confirmado, com um novo período a partir de
        hoje.
      </p>
      <Button onClick={() => void navigate('/pagamento', { state })}>
        Pagar {formatPrice(quote.data.amount)}
      </Button>
    </div>
  )
}

function ScheduleButton({
  subscription,
  plan,
  cycle,
}: {
  subscription: Subscription
  plan: Plan
  cycle: BillingCycle
}) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const scheduled =
    subscription.next_plan?.id === plan.id && subscription.next_plan.billing_cycle === cycle
  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      const next = await scheduleChange(
        scheduled
          ? { plan_id: subscription.plan.id, billing_cycle: subscription.billing_cycle }
          : { plan_id: plan.id, billing_cycle: cycle },
      )
      queryClient.setQueryData(billingKeys.subscription, next)
    } catch (err) {
      setError(errorMessage(err, CHANGE_FAILED))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button variant="secondary" busy={busy} onClick={() => void run()}>
        {scheduled
          ? 'Manter o plano atual'
          : `Mudar para ${plan.name} em ${formatDate(subscription.expires_at)}`}
      </Button>
      <FormError message={error} />
    </>
  )
}

/** At the checkout of a subscriber moving up: what is charged now, credit included. */
export function CheckoutUpgradeSummary({ planId, cycle }: { planId: number; cycle: BillingCycle }) {
  const quote = useQuery(upgradeQuoteQuery(planId, cycle))
  if (!quote.data) return null
  return <QuoteTable quote={quote.data} total="Total a pagar agora" label="Mudança de plano" />
}

function QuoteTable({
  quote,
  total,
  label,
}: {
  quote: UpgradeQuote
  total: string
  label?: string
}) {
  return (
    <dl className="upgrade-quote" aria-label={label}>
      <div>
        <dt>Preço do {quote.plan.name}</dt>
        <dd>{formatPrice(quote.price)}</dd>
      </div>
      <div>
        <dt>Crédito do período não usado</dt>
        <dd>− {formatPrice(quote.credit)}</dd>
      </div>
      <div className="upgrade-quote__total">
        <dt>{total}</dt>
        <dd>{formatPrice(quote.amount)}</dd>
      </div>
    </dl>
  )
}
