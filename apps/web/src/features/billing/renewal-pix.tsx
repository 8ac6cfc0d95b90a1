import { useQuery } from '@tanstack/react-query'
import type { SubscriptionResponse } from '@areia/contracts/billing'
import { formatDate } from '../../lib/format'
import { Spinner } from '../../ui/spinner'
import { orderQuery } from './billing-api'
import { PixView } from './pix-view'

export const RENEWAL_ORDER_FAILED = 'Não foi possível carregar o PIX da renovação.'

/**
 * The next period's PIX on `/meu-plano`: the renewal reminder (push and e-mail) opens this page,
 * so the code the player has to pay must be here, not only in the e-mail.
 */
export function RenewalPix({ subscription }: { subscription: NonNullable<SubscriptionResponse> }) {
  const orderId = subscription.renewal_order_id
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) })
  const pastDue = subscription.status === 'PAST_DUE'
  if (!orderId && !pastDue) return null

  const until = subscription.grace_until ?? subscription.expires_at
  let pix = null
  if (orderId) {
    if (order.isPending) pix = <Spinner label="Carregando o PIX da renovação..." />
    else if (order.isError)
      pix = (
        <p className="form-error" role="alert">
          {RENEWAL_ORDER_FAILED}
        </p>
      )
    else if (order.data.status === 'PENDING') pix = <PixView order={order.data} />
  }

  return (
    <section className="my-plan__renewal" aria-labelledby="renewal-title">
      <h2 id="renewal-title" className="my-plan__subtitle">
        {pastDue ? 'Pagamento pendente' : 'Renovação'}
      </h2>
      <p>
        {pastDue
          ? `Não recebemos o pagamento da renovação. Seu acesso continua até ${formatDate(until)}.`
          : `Seu plano vence em ${formatDate(subscription.expires_at)}.`}{' '}
        {orderId
          ? 'Pague o PIX abaixo para continuar treinando sem interrupção.'
          : 'O PIX da renovação chega por e-mail e aparece aqui.'}
      </p>
      {pix}
    </section>
  )
}
