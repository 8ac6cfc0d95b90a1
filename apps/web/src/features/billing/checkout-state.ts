import { z } from 'zod'
import type { OrderResponse } from '@areia/contracts/billing'
import type { BillingCycle, PaymentMethod } from '@areia/contracts/enums'
import { billingCycleFrom } from './pricing'

/** What the plans modal hands to `/pagamento` through the router's navigation state. */
export type CheckoutNavigationState = {
  plan: { id: number; name: string }
  billingCycle: BillingCycle
  couponCode: string | null
}

const NavigationState = z.object({
  plan: z.object({ id: z.number().int(), name: z.string().min(1) }),
  billingCycle: z.unknown(),
  couponCode: z.string().nullish(),
})

/** Null without a usable plan: the page then redirects to `/`. */
export function parseNavigationState(state: unknown): CheckoutNavigationState | null {
  const parsed = NavigationState.safeParse(state)
  if (!parsed.success) return null
  return {
    plan: parsed.data.plan,
    billingCycle: billingCycleFrom(parsed.data.billingCycle),
    couponCode: parsed.data.couponCode?.trim() || null,
  }
}

/**
 * The checkout: loading, data_form, processing_order, payment_view, error. Every entry into
 * a method starts a new attempt with its own idempotency key, so a repeated request (a double
 * click, StrictMode's second effect run, a network retry) gets the same order back.
 */
export type CheckoutPhase =
  | { name: 'loading' }
  | { name: 'data_form' }
  | { name: 'processing_order' }
  | { name: 'payment_view'; order: OrderResponse }
  | { name: 'error'; message: string }

export type CheckoutState = {
  method: PaymentMethod
  attemptKey: string
  phase: CheckoutPhase
}

export type CheckoutEvent =
  /** Arrival, a click on a method button, or "try again": the flow of that method restarts. */
  | { type: 'start'; method: PaymentMethod; attemptKey: string }
  | { type: 'order_created'; attemptKey: string; order: OrderResponse }
  /** Each card submission is its own attempt: a new card after a decline is a new charge. */
  | { type: 'card_submitted'; attemptKey: string }
  | { type: 'failed'; attemptKey: string; message: string }

/** Arrival starts the PIX flow at once (a QR to scan is the common Brazilian path). */
export const initialCheckout = (attemptKey: string): CheckoutState => ({
  method: 'PIX',
  attemptKey,
  phase: { name: 'processing_order' },
})

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  if (event.type === 'start') {
    return {
      method: event.method,
      attemptKey: event.attemptKey,
      phase: event.method === 'PIX' ? { name: 'processing_order' } : { name: 'data_form' },
    }
  }
  if (event.type === 'card_submitted') {
    const ready = state.phase.name === 'data_form' || state.phase.name === 'error'
    return state.method === 'CARD' && ready
      ? { ...state, attemptKey: event.attemptKey, phase: { name: 'loading' } }
      : state
  }
  // Answers of an abandoned attempt (the player switched method meanwhile) change nothing.
  if (event.attemptKey !== state.attemptKey) return state
  switch (event.type) {
    case 'order_created':
      return state.phase.name === 'processing_order'
        ? { ...state, phase: { name: 'payment_view', order: event.order } }
        : state
    case 'failed':
      return { ...state, phase: { name: 'error', message: event.message } }
  }
}

export const newAttemptKey = () => crypto.randomUUID()
