import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SubscriptionResponse } from '@areia/contracts/billing'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { formatDate, formatPrice } from '../../lib/format'
import { useOpenPlans } from '../../lib/plans-modal'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { FormError } from '../../ui/text-field'
import {
  billingKeys,
  cancelSubscription,
  reactivateSubscription,
  subscriptionQuery,
  withdrawSubscription,
} from './billing-api'
import { CARD_CHANGED, ChangeCardDialog } from './change-card-dialog'
import { PlanChanges } from './plan-changes'
import { CYCLE_LABEL } from './pricing'
import { ReceiptsList } from './receipts-list'
import { RenewalPix } from './renewal-pix'
import { PIX_POLL_INTERVAL_MS } from './use-subscription-polling'

export const SUBSCRIPTION_LOAD_FAILED = 'Não foi possível carregar os dados da sua assinatura.'
export const NO_SUBSCRIPTION = 'Você não possui uma assinatura ativa.'
export const CANCEL_CONFIRM =
  'Tem certeza que deseja cancelar sua assinatura? A renovação automática será interrompida, mas você manterá o acesso até o fim do período pago.'
export const CANCEL_DONE = 'Assinatura cancelada com sucesso.'
export const CANCEL_FAILED = 'Ocorreu um erro ao cancelar a assinatura.'
export const WITHDRAW_CONFIRM =
  'Tem certeza que deseja desistir da assinatura? O valor pago será reembolsado integralmente pelo mesmo meio de pagamento, e o seu acesso aos recursos do plano termina agora.'
export const WITHDRAW_DONE =
  'Pronto: você desistiu da assinatura e o reembolso integral foi solicitado. O valor volta pelo mesmo meio de pagamento usado na compra.'
export const WITHDRAW_FAILED = 'Não foi possível concluir a desistência. Tente novamente.'
export const REACTIVATE_DONE =
  'Assinatura reativada: a renovação automática voltou a valer e nada muda no seu acesso.'
export const REACTIVATE_FAILED = 'Não foi possível reativar a assinatura.'

type Pending = 'cancel' | 'withdraw' | 'card' | null

/** "Cartão Visa final 2097", or PIX. */
export function paymentMethodLabel(subscription: NonNullable<SubscriptionResponse>): string {
  if (subscription.payment_method !== 'CARD') return 'PIX (código enviado antes de cada renovação)'
  const card = subscription.card
  const brand = card?.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : null
  return ['Cartão', brand, card?.last4 ? `final ${card.last4}` : null].filter(Boolean).join(' ')
}

// The withdrawal ends at an exact moment (7 days after payment), so it is shown with the time.
const deadline = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** `/meu-plano`: the subscription, its cancellation and the CDC withdrawal. */
export function MyPlanPage() {
  const subscription = useQuery({
    ...subscriptionQuery(),
    // A renewal PIX on screen: notice its payment the way the checkout does.
    refetchInterval: (query) => (query.state.data?.renewal_order_id ? PIX_POLL_INTERVAL_MS : false),
  })
  let content
  if (subscription.isPending) content = <Spinner label="Carregando sua assinatura..." />
  else if (subscription.isError) content = <FormError message={SUBSCRIPTION_LOAD_FAILED} />
  else if (!subscription.data) content = <NoSubscription />
  else content = <SubscriptionDetails subscription={subscription.data} />

  return (
    <section className="page page--narrow" aria-labelledby="my-plan-title">
      <div className="card my-plan">
        <h1 id="my-plan-title" className="page__title">
          Meu Plano
        </h1>
        {content}
      </div>
    </section>
  )
}

function NoSubscription() {
  const openPlans = useOpenPlans()
  return (
    <div className="my-plan__empty">
      <p className="page__lead">{NO_SUBSCRIPTION}</p>
      {openPlans ? <Button onClick={openPlans}>Ver planos</Button> : null}
    </div>
  )
}

function SubscriptionDetails({
  subscription,
}: {
  subscription: NonNullable<SubscriptionResponse>
}) {
  const queryClient = useQueryClient()
  const { reloadUser } = useAuth()
  const { showAlert } = useAlert()
  const [confirming, setConfirming] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const active = subscription.status === 'ACTIVE'
  const live = subscription.status !== 'EXPIRED'

  const reactivate = async () => {
    setBusy(true)
    try {
      queryClient.setQueryData(billingKeys.subscription, await reactivateSubscription())
      await showAlert(REACTIVATE_DONE, 'Assinatura reativada')
    } catch (error) {
      await showAlert(errorMessage(error, REACTIVATE_FAILED), 'Não foi possível reativar')
    } finally {
      setBusy(false)
    }
  }

  const cancel = async () => {
    setBusy(true)
    try {
      await cancelSubscription()
      setConfirming(null)
      await queryClient.invalidateQueries({ queryKey: billingKeys.subscription })
      await showAlert(CANCEL_DONE, 'Assinatura cancelada')
    } catch (error) {
      setConfirming(null)
      await showAlert(errorMessage(error, CANCEL_FAILED), 'Não foi possível cancelar')
    } finally {
      setBusy(false)
    }
  }

  const withdraw = async () => {
    setBusy(true)
    try {
      const next = await withdrawSubscription()
      setConfirming(null)
      queryClient.setQueryData(billingKeys.subscription, next)
      await reloadUser()
      await showAlert(WITHDRAW_DONE, 'Reembolso solicitado')
    } catch (error) {
      setConfirming(null)
      await showAlert(errorMessage(error, WITHDRAW_FAILED), 'Não foi possível desistir')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <dl className="my-plan__rows">
        <div className="my-plan__row">
          <dt>Plano</dt>
          <dd>
            {subscription.plan.name} ({CYCLE_LABEL[subscription.billing_cycle]})
          </dd>
        </div>
        <div className="my-plan__row">
          <dt>Status</dt>
          <dd>
            <span className={`status-pill ${active ? 'status-pill--on' : 'status-pill--off'}`}>
              {active ? 'Ativa' : 'Cancelada'}
            </span>
          </dd>
        </div>
        <div className="my-plan__row">
          <dt>Acesso até</dt>
          <dd>{formatDate(subscription.expires_at)}</dd>
        </div>
        {subscription.next_charge ? (
          <div className="my-plan__row">
            <dt>Próxima cobrança</dt>
            <dd>
              {formatPrice(subscription.next_charge.amount)} em{' '}
              {formatDate(subscription.next_charge.at)}
            </dd>
          </div>
        ) : null}
        <div className="my-plan__row">
          <dt>Pagamento</dt>
          <dd>{paymentMethodLabel(subscription)}</dd>
        </div>
        {subscription.next_plan ? (
          <div className="my-plan__row">
            <dt>Mudança agendada</dt>
            <dd>
              {subscription.next_plan.name} ({CYCLE_LABEL[subscription.next_plan.billing_cycle]}) a
              partir de {formatDate(subscription.expires_at)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="my-plan__actions">
        <Button variant="secondary" disabled={!live} onClick={() => setConfirming('card')}>
          Alterar Pagamento
        </Button>
        {subscription.status === 'CANCELED' ? (
          <Button busy={busy} onClick={() => void reactivate()}>
            Reativar Assinatura
          </Button>
        ) : (
          <Button variant="danger" disabled={!active} onClick={() => setConfirming('cancel')}>
            Cancelar Assinatura
          </Button>
        )}
      </div>
      <ChangeCardDialog
        open={confirming === 'card'}
        onClose={() => setConfirming(null)}
        onChanged={() => {
          setConfirming(null)
          void showAlert(CARD_CHANGED, 'Pagamento alterado')
        }}
      />
      <PlanChanges subscription={subscription} />
      <RenewalPix subscription={subscription} />
      {subscription.withdrawal_until ? (
        <div className="my-plan__withdrawal">
          <h2 className="my-plan__subtitle">Direito de arrependimento</h2>
          <p>
            Até {deadline.format(new Date(subscription.withdrawal_until))} você pode desistir da
            assinatura e receber de volta o valor integral pago (Código de Defesa do Consumidor,
            art. 49). O acesso aos recursos do plano termina na hora.
          </p>
          <Button variant="ghost" onClick={() => setConfirming('withdraw')}>
            Desistir e receber reembolso
          </Button>
        </div>
      ) : null}
      <ReceiptsList />
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancelar assinatura"
        message={CANCEL_CONFIRM}
        confirmLabel="Cancelar Assinatura"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void cancel()}
      />
      <ConfirmDialog
        open={confirming === 'withdraw'}
        title="Desistir da assinatura"
        message={WITHDRAW_CONFIRM}
        confirmLabel="Desistir e receber reembolso"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void withdraw()}
      />
    </>
  )
}
