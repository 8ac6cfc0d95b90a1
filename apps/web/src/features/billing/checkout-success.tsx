import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { BillingCycle } from '@areia/contracts/enums'
import { formatDate, formatPrice } from '../../lib/format'
import { subscriptionQuery } from './billing-api'
import { CYCLE_LABEL } from './pricing'

export const CARD_APPROVED = 'Pagamento aprovado'

/**
 * What a card payment ends on: the confirmation, the plan, when the next charge comes, and where
 * to go next, instead of landing on another page without a word.
 */
export function CheckoutSuccess({ planName, cycle }: { planName: string; cycle: BillingCycle }) {
  const subscription = useQuery(subscriptionQuery())
  const heading = useRef<HTMLHeadingElement>(null)
  // Focus moves to the confirmation, so a screen reader says it and the keyboard starts there.
  useEffect(() => heading.current?.focus(), [])
  const next = subscription.data?.next_charge
  return (
    <div className="checkout-success" role="status">
      <span className="checkout-success__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <h2 className="checkout-success__title" tabIndex={-1} ref={heading}>
        {CARD_APPROVED}
      </h2>
      <p>
        Sua assinatura do plano <strong>{planName}</strong> ({CYCLE_LABEL[cycle]}) está ativa.
      </p>
      {next ? (
        <p className="checkout-success__next">
          Próxima cobrança em {formatDate(next.at)}: {formatPrice(next.amount, 2)}, no mesmo cartão.
        </p>
      ) : null}
      <p className="checkout-success__next">
        Seus treinadores já podem usar tudo o que o plano oferece. Envie um vídeo de jogo ou
        continue a conversa no chat.
      </p>
      <div className="checkout-success__actions">
        <Link className="btn btn--primary btn--block" to="/meu-plano">
          <span>Ver Meu Plano</span>
        </Link>
        <Link className="btn btn--secondary btn--block" to="/chat">
          <span>Ir para o chat</span>
        </Link>
      </div>
    </div>
  )
}
