import { describe, expect, it } from 'vitest'
import type { OrderResponse } from '@areia/contracts/billing'
import { PRO_PLAN } from './billing-fixtures'
import { checkoutReducer, initialCheckout, parseNavigationState } from './checkout-state'
import { couponReducer, initialCoupon } from './coupon-state'
import {
  billingCycleFrom,
  finalPrice,
  exactCharge,
  formatFinalPrice,
  formatOriginalPrice,
  planLabel,
  yearlyTerms,
} from './pricing'

const pro = PRO_PLAN

// Intl puts a no-break space between "R$" and the amount.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('prices', () => {
  it('shows the original with 2 decimals and a comma, the final with none, and the exact charge when they differ', () => {
    expect(plain(formatOriginalPrice(59.9))).toBe('R$ 59,90')
    expect(plain(formatOriginalPrice(1199))).toBe('R$ 1.199,00')
    expect(plain(formatFinalPrice(53.91))).toBe('R$ 54')
    expect(plain(formatFinalPrice(539.1))).toBe('R$ 539')
    expect(plain(exactCharge(53.91) ?? '')).toBe('R$ 53,91')
    expect(exactCharge(539)).toBeNull()
  })

  it('puts a yearly price in monthly terms with its saving', () => {
    expect(yearlyTerms(pro)).toEqual({ perMonth: 49.92, saving: 119.8, percent: 17 })
    expect(yearlyTerms({ ...pro, price_annually: 718.8 })).toBeNull()
  })

  it('discounts price × (1 − %/100) on the chosen cycle, to the centavo', () => {
    expect(finalPrice(pro, 'MONTHLY', 10)).toBe(53.91)
    expect(finalPrice(pro, 'YEARLY', 10)).toBe(539.1)
    expect(finalPrice(pro, 'MONTHLY', 15)).toBe(50.92)
    expect(finalPrice(pro, 'MONTHLY', null)).toBe(59.9)
    expect(finalPrice(pro, 'YEARLY', 100)).toBe(0)
  })

  it('names the plan with its cycle for the waiting list', () => {
    expect(planLabel('Pro', 'MONTHLY')).toBe('Pro Mensal')
    expect(planLabel('Ultra', 'YEARLY')).toBe('Ultra Anual')
  })

  it('reads anything but MONTHLY as yearly', () => {
    expect(billingCycleFrom('MONTHLY')).toBe('MONTHLY')
    expect(billingCycleFrom('YEARLY')).toBe('YEARLY')
    expect(billingCycleFrom('ANNUAL')).toBe('YEARLY')
    expect(billingCycleFrom(undefined)).toBe('YEARLY')
  })
})

describe('coupon', () => {
  it('forces the code to upper case as typed', () => {
    expect(couponReducer(initialCoupon, { type: 'typed', value: 'areia10' }).code).toBe('AREIA10')
  })

  it('applies a valid code with its percent and withdraws it when the code changes', () => {
    let state = couponReducer(initialCoupon, { type: 'typed', value: 'areia10' })
    state = couponReducer(state, { type: 'checking' })
    state = couponReducer(state, {
      type: 'answered',
      code: 'AREIA10',
      result: { valid: true, discount_percentage: 10 },
    })
    expect(state.applied).toEqual({ code: 'AREIA10', percent: 10 })
    expect(state.message).toEqual({ text: 'Cupom de 10% aplicado!', tone: 'success' })
    state = couponReducer(state, { type: 'typed', value: 'AREIA1' })
    expect(state.applied).toBeNull()
    expect(state.message).toBeNull()
  })

  it('says an invalid code is invalid and an empty one is missing', () => {
    const typed = couponReducer(initialCoupon, { type: 'typed', value: 'NADA' })
    const answered = couponReducer(typed, {
      type: 'answered',
      code: 'NADA',
      result: { valid: false, discount_percentage: null },
    })
    expect(answered.message?.text).toBe('Este cupom é inválido ou não existe.')
    expect(couponReducer(initialCoupon, { type: 'empty' }).message?.text).toBe(
      'Por favor, insira um código.',
    )
  })

  it('ignores the answer for a code the player has since changed', () => {
    const state = couponReducer(initialCoupon, { type: 'typed', value: 'OUTRO' })
    const after = couponReducer(state, {
      type: 'answered',
      code: 'AREIA10',
      result: { valid: true, discount_percentage: 10 },
    })
    expect(after.applied).toBeNull()
  })
})

const order: OrderResponse = {
  id: 'o1',
  payment_method: 'PIX',
  status: 'PENDING',
  amount: 59.9,
  pix_qr_code_image: 'data:image/png;base64,AAAA',
  pix_qr_code_text: '000201',
  pix_expires_at: null,
  simulator_pay_url: null,
}

describe('checkout state machine', () => {
  it('starts by creating a PIX order, then shows it', () => {
    const start = initialCheckout('k1')
    expect(start.phase.name).toBe('processing_order')
    const next = checkoutReducer(start, { type: 'order_created', attemptKey: 'k1', order })
    expect(next.phase).toEqual({ name: 'payment_view', order })
  })

  it('goes to the form for the card and to loading when it is submitted', () => {
    const card = checkoutReducer(initialCheckout('k1'), {
      type: 'start',
      method: 'CARD',
      attemptKey: 'k2',
    })
    expect(card.phase.name).toBe('data_form')
    const loading = checkoutReducer(card, { type: 'card_submitted', attemptKey: 'k3' })
    expect(loading).toMatchObject({ attemptKey: 'k3', phase: { name: 'loading' } })
    // A second submission while the first runs is not a new attempt.
    expect(checkoutReducer(loading, { type: 'card_submitted', attemptKey: 'k4' })).toBe(loading)
    const failed = checkoutReducer(loading, { type: 'failed', attemptKey: 'k3', message: 'x' })
    expect(failed.phase).toEqual({ name: 'error', message: 'x' })
  })

  it('ignores the answer of an attempt abandoned by switching method', () => {
    const card = checkoutReducer(initialCheckout('k1'), {
      type: 'start',
      method: 'CARD',
      attemptKey: 'k2',
    })
    expect(checkoutReducer(card, { type: 'order_created', attemptKey: 'k1', order })).toBe(card)
    expect(checkoutReducer(card, { type: 'failed', attemptKey: 'k1', message: 'x' })).toBe(card)
  })

  it('restarts the flow when the method is chosen again', () => {
    const shown = checkoutReducer(initialCheckout('k1'), {
      type: 'order_created',
      attemptKey: 'k1',
      order,
    })
    const again = checkoutReducer(shown, { type: 'start', method: 'PIX', attemptKey: 'k5' })
    expect(again).toEqual({ method: 'PIX', attemptKey: 'k5', phase: { name: 'processing_order' } })
  })

  it('needs a plan in the navigation state', () => {
    expect(parseNavigationState(null)).toBeNull()
    expect(parseNavigationState({ billingCycle: 'MONTHLY' })).toBeNull()
    expect(
      parseNavigationState({ plan: { id: 2, name: 'Pro' }, billingCycle: 'X', couponCode: '' }),
    ).toEqual({ plan: { id: 2, name: 'Pro' }, billingCycle: 'YEARLY', couponCode: null })
  })
})
