import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import type { PaymentMethod } from '@areia/contracts/enums'
import { ApiError, errorCode, errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { billingKeys, createOrder, fetchSubscription, saveBillingProfile } from './billing-api'
import {
  cardMissing,
  clearError,
  EMPTY_CARD,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import {
  applyCep,
  billingFromUser,
  billingMissing,
  CardForm,
  REQUIRED_MISSING,
  type BillingFields,
} from './card-form'
import { digits } from './card-input'
import { cardToken, loadCardKey } from './card-token'
import { useCardAmount } from './checkout-amount'
import {
  checkoutReducer,
  initialCheckout,
  newAttemptKey,
  parseNavigationState,
  type CheckoutNavigationState,
} from './checkout-state'
import { CheckoutSuccess } from './checkout-success'
import { PixGenerating, PixView } from './pix-view'
import { CheckoutUpgradeSummary } from './plan-changes'
import { CYCLE_LABEL } from './pricing'
import { useSubscriptionPolling } from './use-subscription-polling'

export const PIX_CONFIRMED = 'Pagamento confirmado! ✅ Sua assinatura foi ativada.'
export const PIX_ORDER_FAILED = 'Não foi possível gerar o QR Code PIX.'
export const PUBLIC_KEY_FAILED = 'Não foi possível obter a chave pública do PagBank.'
export const CARD_FAILED = 'Falha ao processar pagamento.'
export const CARD_DECLINED = 'Pagamento recusado. Confira os dados do cartão ou use outro cartão.'

/** A card failure: the server's detail, else the error's own message, else the fallback. */
export function cardErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? CARD_FAILED
  if (error instanceof Error && error.name === 'Error' && error.message) return error.message
  return CARD_FAILED
}

/** `/pagamento`: needs the plan chosen in the plans modal. */
export function CheckoutPage() {
  const location = useLocation()
  const [navigation] = useState(() => parseNavigationState(location.state))
  if (!navigation) return <RedirectHome />
  return <Checkout navigation={navigation} />
}

function RedirectHome() {
  const navigate = useNavigate()
  useEffect(() => {
    void navigate('/', { replace: true })
  }, [navigate])
  return <p className="page">Redirecting...</p>
}

function Checkout({ navigation }: { navigation: CheckoutNavigationState }) {
  const { user, reloadUser } = useAuth()
  const { showAlert } = useAlert()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    initialCheckout(newAttemptKey()),
  )
  const [billing, setBilling] = useState<BillingFields>(() => billingFromUser(user))
  const [card, setCard] = useState<CardFields>(EMPTY_CARD)
  const [billingErrors, setBillingErrors] = useState<FieldErrors<keyof BillingFields>>({})
  const [cardErrors, setCardErrors] = useState<FieldErrors<keyof CardFields>>({})
  const [paid, setPaid] = useState(false)
  const [focusSignal, setFocusSignal] = useState(0)
  const [pixAmount, setPixAmount] = useState<number | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [publicKey, setPublicKey] = useState<string | null>(null)
  // A card charge of an earlier request still settling: the page waits for it, charging nothing.
  const [chargeInFlight, setChargeInFlight] = useState(false)
  const submitting = useRef(false)
  const { plan, billingCycle, couponCode } = navigation
  const { method, attemptKey, phase } = state
  const amount = useCardAmount({
    planId: plan.id,
    cycle: billingCycle,
    couponCode,
    pixAmount,
    upgrading: user?.payment_status === 'PAYMENT_OK',
  })

  const start = (next: PaymentMethod) => {
    if (submitting.current) return
    setFormError(null)
    dispatch({ type: 'start', method: next, attemptKey: newAttemptKey() })
  }

  // PIX: every attempt creates (or, repeated with its key, gets back) one order.
  useEffect(() => {
    if (method !== 'PIX' || phase.name !== 'processing_order') return
    createOrder(
      {
        plan_id: plan.id,
        billing_cycle: billingCycle,
        coupon_code: couponCode,
        payment_method: 'PIX',
      },
      attemptKey,
    ).then(
      (order) => {
        setPixAmount(order.amount)
        dispatch({ type: 'order_created', attemptKey, order })
      },
      (error: unknown) =>
        dispatch({ type: 'failed', attemptKey, message: errorMessage(error, PIX_ORDER_FAILED) }),
    )
  }, [method, phase.name, attemptKey, plan.id, billingCycle, couponCode])

  // Card: the public key and PagBank's SDK, loaded once the player picks the card.
  useEffect(() => {
    if (method !== 'CARD' || publicKey) return
    let cancelled = false
    loadCardKey().then(
      (key) => {
        if (!cancelled) setPublicKey(key)
      },
      () => {
        if (!cancelled) dispatch({ type: 'failed', attemptKey, message: PUBLIC_KEY_FAILED })
      },
    )
    return () => {
      cancelled = true
    }
  }, [method, attemptKey, publicKey])

  const onPaid = useCallback(async () => {
    await reloadUser()
    await queryClient.invalidateQueries({ queryKey: billingKeys.subscription })
    await showAlert(PIX_CONFIRMED, 'Pagamento confirmado')
    await navigate('/meu-plano')
  }, [reloadUser, queryClient, showAlert, navigate])

  // Paid means the subscription is now what this checkout sells: a subscriber moving up is
  // already ACTIVE (on the old plan) before paying.
  const fetchPurchased = useCallback(async () => {
    const current = await fetchSubscription()
    return current?.plan.id === plan.id && current.billing_cycle === billingCycle ? current : null
  }, [plan.id, billingCycle])

  useSubscriptionPolling(
    method === 'PIX' && phase.name === 'payment_view',
    fetchPurchased,
    () => void onPaid(),
  )

  const cardPaid = useCallback(async () => {
    setChargeInFlight(false)
    setCard(EMPTY_CARD)
    await reloadUser()
    await queryClient.invalidateQueries({ queryKey: billingKeys.subscription })
    setPaid(true)
  }, [reloadUser, queryClient])

  useSubscriptionPolling(
    method === 'CARD' && chargeInFlight && !paid,
    fetchPurchased,
    () => void cardPaid(),
  )

  /** The plan is the player's already (bought in another tab, a second charge given back). */
  const alreadySubscribed = async (error: unknown) => {
    await reloadUser()
    await queryClient.invalidateQueries({ queryKey: billingKeys.subscription })
    await showAlert(errorMessage(error, CARD_FAILED))
    await navigate('/meu-plano')
  }

  const payWithCard = async () => {
    // Only empty required fields hold the payment back; the provider judges the rest.
    const billingFound = billingMissing(billing)
    const cardFound = cardMissing(card)
    const missing = Object.keys(billingFound).length + Object.keys(cardFound).length > 0
    setBillingErrors(billingFound)
    setCardErrors(cardFound)
    setFormError(missing ? REQUIRED_MISSING : null)
    if (missing) {
      setFocusSignal((n) => n + 1)
      return
    }
    if (submitting.current) return
    submitting.current = true
    const key = newAttemptKey()
    dispatch({ type: 'card_submitted', attemptKey: key })
    try {
      await saveBillingProfile({
        ...billing,
        tax_id: digits(billing.tax_id),
        address_postal_code: digits(billing.address_postal_code),
      })
      await reloadUser()
      const token = await cardToken(publicKey, card, billing.name)
      const order = await createOrder(
        {
          plan_id: plan.id,
          billing_cycle: billingCycle,
          coupon_code: couponCode,
          payment_method: 'CARD',
          card_token: token,
          card_cvv: card.cvv.trim(),
        },
        key,
      )
      if (order.status === 'DECLINED' || order.status === 'CANCELED') {
        throw new Error(CARD_DECLINED)
      }
      await cardPaid()
    } catch (error) {
      const code = errorCode(error)
      if (code === 'plan_already_active' || code === 'duplicate_charge') {
        await alreadySubscribed(error)
        return
      }
      if (code === 'charge_in_progress') setChargeInFlight(true)
      // The sealed card was spent or lapsed: its fields must be typed again.
      if (code === 'card_token_expired') setCard(EMPTY_CARD)
      // Declined or refused card data: the form stays, filled, with the reason, for another try.
      dispatch({ type: 'failed', attemptKey: key, message: cardErrorMessage(error) })
    } finally {
      submitting.current = false
    }
  }

  const busy = phase.name === 'loading' || phase.name === 'processing_order'
  let body
  if (paid) {
    body = <CheckoutSuccess planName={plan.name} cycle={billingCycle} />
  } else if (method === 'PIX') {
    if (phase.name === 'payment_view') body = <PixView order={phase.order} />
    else if (phase.name === 'error')
      body = <Failure message={phase.message} onRetry={() => start('PIX')} />
    else body = <PixGenerating />
  } else {
    const keyFailed = phase.name === 'error' && !publicKey
    // The line about the highlighted fields goes with the last of them.
    const fieldsError =
      Object.keys(billingErrors).length || Object.keys(cardErrors).length ? formError : null
    body = (
      <>
        {keyFailed ? <Failure message={phase.message} onRetry={() => start('CARD')} /> : null}
        <CardForm
          billing={billing}
          card={card}
          billingErrors={billingErrors}
          cardErrors={cardErrors}
          amount={amount}
          keyReady={publicKey !== null}
          busy={phase.name === 'loading'}
          error={phase.name === 'error' && !keyFailed ? phase.message : fieldsError}
          focusSignal={focusSignal}
          onBilling={(key, value) => {
            setBilling((b) =>
              key === 'address_postal_code' ? applyCep(b, value) : { ...b, [key]: value },
            )
            setBillingErrors((e) => {
              const next = clearError<keyof BillingFields>(e, key)
              // A filled-in city or UF was fixed by the CEP too.
              return key === 'address_postal_code'
                ? clearError<keyof BillingFields>(
                    clearError(next, 'address_city'),
                    'address_region_code',
                  )
                : next
            })
          }}
          onCard={(key, value) => {
            setCard((c) => ({ ...c, [key]: value }))
            setCardErrors((e) => clearError(e, key))
          }}
          onSubmit={() => void payWithCard()}
        />
      </>
    )
  }

  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <div className="card checkout__card">
        <h1 id="checkout-title" className="page__title">
          Finalize sua Assinatura
        </h1>
        <p className="checkout__plan">
          Plano: {plan.name} ({CYCLE_LABEL[billingCycle]})
        </p>
        {couponCode ? <p className="checkout__coupon">Cupom aplicado: {couponCode}</p> : null}
        {user?.payment_status === 'PAYMENT_OK' && !paid ? (
          <CheckoutUpgradeSummary planId={plan.id} cycle={billingCycle} />
        ) : null}
        {paid ? null : (
          <div className="checkout__methods" role="group" aria-label="Forma de pagamento">
            <Button
              variant={method === 'PIX' ? 'primary' : 'secondary'}
              aria-pressed={method === 'PIX'}
              disabled={busy}
              onClick={() => start('PIX')}
            >
              Pagar com PIX
            </Button>
            <Button
              variant={method === 'CARD' ? 'primary' : 'secondary'}
              aria-pressed={method === 'CARD'}
              disabled={phase.name === 'loading'}
              onClick={() => start('CARD')}
            >
              Cartão de Crédito
            </Button>
          </div>
        )}
        <div className="checkout__body">{body}</div>
      </div>
    </section>
  )
}

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="checkout__error">
      <p className="form-error" role="alert">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  )
}
