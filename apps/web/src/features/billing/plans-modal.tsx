import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import type { Plan } from '@areia/contracts/billing'
import type { BillingCycle } from '@areia/contracts/enums'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { Spinner } from '../../ui/spinner'
import { FormError } from '../../ui/text-field'
import { contactQuery, joinWaitlist, plansQuery } from './billing-api'
import { CouponField, useCoupon } from './coupon-field'
import { CycleToggle } from './cycle-toggle'
import type { CheckoutNavigationState } from './checkout-state'
import {
  CYCLE_SUFFIX,
  exactCharge,
  finalPrice,
  formatFinalPrice,
  formatOriginalPrice,
  isPaidPlan,
  listPrice,
  planLabel,
  yearlyTerms,
} from './pricing'

export const WAITLIST_FAILED = 'Não foi possível registrar seu interesse.'
export const PLANS_FAILED = 'Não foi possível carregar os planos. Tente novamente.'

/** The thank-you names the plan and says who will write when spots open. */
export function waitlistThanks(label: string, contact: string | null): string {
  const from = contact ? `de ${contact}` : 'da nossa equipe'
  return `Obrigado pelo interesse no plano ${label}! Assim que abrirem vagas, você receberá um e-mail ${from} com o link para concluir a sua assinatura.`
}

type PlansModalProps = { open: boolean; onClose: () => void }

export function PlansModal({ open, onClose }: PlansModalProps) {
  const { user, reloadUser } = useAuth()
  const navigate = useNavigate()
  const waiting = user?.payment_status === 'WAITING_LIST'
  // A player already on the waiting list is not offered the plans again.
  const plans = useQuery({ ...plansQuery(), enabled: open && !waiting })
  const contact = useQuery({ ...contactQuery(), enabled: open })
  const [cycle, setCycle] = useState<BillingCycle>('MONTHLY')
  const coupon = useCoupon()
  const [joining, setJoining] = useState<number | null>(null)
  const [joined, setJoined] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const percent = coupon.state.applied?.percent ?? null

  const choose = async (plan: Plan) => {
    setError(null)
    if (plan.available) {
      const state: CheckoutNavigationState = {
        plan: { id: plan.id, name: plan.name },
        billingCycle: cycle,
        couponCode: coupon.state.applied?.code ?? null,
      }
      onClose()
      await navigate('/pagamento', { state })
      return
    }
    setJoining(plan.id)
    const label = planLabel(plan.name, cycle)
    try {
      await joinWaitlist({
        plan_name: label,
        final_price: finalPrice(plan, cycle, percent),
        coupon_code: coupon.state.applied?.code ?? null,
      })
      setJoined(label)
      await reloadUser()
    } catch (err) {
      setError(errorMessage(err, WAITLIST_FAILED))
    } finally {
      setJoining(null)
    }
  }

  const contactEmail = contact.data ?? null
  let body
  if (joined) {
    body = (
      <p className="plans__thanks" role="status">
        {waitlistThanks(joined, contactEmail)}
      </p>
    )
  } else if (waiting) {
    body = (
      <p className="plans__thanks" role="status">
        Você já está na lista de espera. Assim que abrirem vagas, você receberá um e-mail{' '}
        {contactEmail ? `de ${contactEmail}` : 'da nossa equipe'} com o link para concluir a sua
        assinatura.
      </p>
    )
  } else if (plans.isPending) {
    body = <Spinner label="Carregando planos..." />
  } else if (plans.isError) {
    body = (
      <p className="form-error" role="alert">
        {PLANS_FAILED}
      </p>
    )
  } else {
    body = (
      <div className="plans">
        <CycleToggle value={cycle} onChange={setCycle} label="Ciclo de cobrança" />
        <ul className="plans__list">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              percent={percent}
              busy={joining === plan.id}
              disabled={joining !== null}
              onChoose={() => void choose(plan)}
            />
          ))}
        </ul>
        <FormError message={error} />
        <CouponField
          state={coupon.state}
          onType={coupon.type}
          onApply={() => void coupon.apply(coupon.state.code)}
        />
        <p className="plans__example">
          Quer ver o que vem na análise de um jogo?{' '}
          <Link to="/relatorio/exemplo" onClick={onClose}>
            Veja um relatório de exemplo
          </Link>
        </p>
      </div>
    )
  }

  return (
    <Modal
      open={open}
      title="Escolha um plano"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {body}
    </Modal>
  )
}

type PlanCardProps = {
  plan: Plan
  cycle: BillingCycle
  percent: number | null
  busy: boolean
  disabled: boolean
  onChoose: () => void
}

function PlanCard({ plan, cycle, percent, busy, disabled, onChoose }: PlanCardProps) {
  const paid = isPaidPlan(plan)
  const original = listPrice(plan, cycle)
  const final = finalPrice(plan, cycle, percent)
  const discounted = paid && percent !== null && final < original
  const highlighted = plan.slug === 'standard'
  const titleId = `plan-${plan.id}-name`
  const yearly = paid && cycle === 'YEARLY' ? yearlyTerms(plan) : null
  const exact = discounted ? exactCharge(final) : null
  return (
    <li
      className={`plan ${highlighted ? 'plan--standard' : ''}`}
      aria-labelledby={titleId}
      data-plan={plan.slug}
    >
      <div className="plan__head">
        <h3 id={titleId} className="plan__name">
          {plan.name}
        </h3>
        {highlighted ? <span className="plan__badge">Mais escolhido</span> : null}
      </div>
      {paid ? (
        <p className="plan__price">
          {discounted ? (
            <>
              <del className="plan__original">
                <span className="visually-hidden">De </span>
                {formatOriginalPrice(original)}
              </del>{' '}
              <span className="plan__final">
                <span className="visually-hidden">por </span>
                {formatFinalPrice(final)}
              </span>
            </>
          ) : (
            <span className="plan__final">{formatOriginalPrice(original)}</span>
          )}
          <span className="plan__cycle">{CYCLE_SUFFIX[cycle]}</span>
        </p>
      ) : (
        <p className="plan__price">
          <span className="plan__final">Grátis</span>
          {plan.trial_days ? (
            <span className="plan__cycle"> por {plan.trial_days} dias</span>
          ) : null}
        </p>
      )}
      {exact ? <p className="plan__exact">Valor exato da cobrança: {exact}</p> : null}
      {yearly ? (
        <p className="plan__yearly">
          Equivale a {formatOriginalPrice(yearly.perMonth)}/mês · economize{' '}
          {formatOriginalPrice(yearly.saving)} ({yearly.percent}%) em relação ao mensal
        </p>
      ) : null}
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {paid ? (
        <Button
          block
          variant={highlighted ? 'primary' : 'secondary'}
          busy={busy}
          disabled={disabled}
          onClick={onChoose}
        >
          {plan.available ? `Assinar ${plan.name}` : 'Entrar na lista de espera'}
        </Button>
      ) : (
        <p className="plan__included">Incluído na sua conta</p>
      )}
    </li>
  )
}
