import type {
  OrderResponse,
  Receipt,
  SubscriptionResponse,
  TokenPair,
  UpgradeQuote,
} from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { addPeriod } from '../src/modules/billing/checkout'
import { login, signUpAndLogIn } from './helpers/app'
import { billingSuite, CARDS, moveClockTo } from './helpers/billing'
import { waitUntil } from './helpers/wait'

/** "Meu Plano": moving up with the unused part credited, down at the renewal, back, the card. */
const s = billingSuite()

const DAY = 86_400_000

describe('upgrade', () => {
  it('Pro → Ultra charges the price less the unused part of the period, shown before paying', async () => {
    const email = 'sobe@example.com'
    let tokens = await signUpAndLogIn(s.app, email)
    const first = await s.client.payByCard(tokens, s.pro.id, { number: CARDS.visaApproved })
    expect(first.json<OrderResponse>().status).toBe('PAID')
    const started = (await s.client.subscription(tokens))!
    const end = Date.parse(started.expires_at)
    const total = end - s.app.clock.now().getTime()

    moveClockTo(s.app, new Date(s.app.clock.now().getTime() + 10 * DAY + 5 * 3_600_000))
    tokens = (await login(s.app, email)).json<TokenPair>()
    const left = end - s.app.clock.now().getTime()
    const quote = await s.client.inject(
      tokens,
      'GET',
      `/api/v1/subscriptions/me/upgrade?plan_id=${s.ultra.id}&billing_cycle=MONTHLY`,
    )
    expect(quote.statusCode).toBe(200)
    // Whole days left of the period's days, on what was paid.
    const credit = Math.floor((5990 * Math.floor(left / DAY)) / Math.round(total / DAY))
    expect(quote.json<UpgradeQuote>()).toEqual({
      plan: { id: s.ultra.id, name: 'Ultra' },
      billing_cycle: 'MONTHLY',
      price: 119.9,
      credit: credit / 100,
      amount: (11990 - credit) / 100,
    })

    // Down is not an upgrade.
    const down = await s.client.inject(
      tokens,
      'GET',
      `/api/v1/subscriptions/me/upgrade?plan_id=${s.pro.id}&billing_cycle=MONTHLY`,
    )
    expect(down.statusCode).toBe(409)

    const paid = await s.client.payByCard(tokens, s.ultra.id, { number: CARDS.visaApproved })
    expect(paid.statusCode).toBe(200)
    expect(paid.json<OrderResponse>()).toMatchObject({
      status: 'PAID',
      amount: (11990 - credit) / 100,
    })
    const after = (await s.client.subscription(tokens))!
    expect(after).toMatchObject({ plan: { id: s.ultra.id, name: 'Ultra' }, status: 'ACTIVE' })
    expect(after.expires_at).toBe(addPeriod(s.app.clock.now(), 'MONTHLY').toISOString())
    expect(after.next_charge).toEqual({ at: after.expires_at, amount: 119.9 })
    expect(after.card).toEqual({ brand: 'visa', last4: '2097', holder: 'JOGADORA DA AREIA' })

    const receipts = (await s.client.inject(tokens, 'GET', '/api/v1/payments/receipts')).json<
      Receipt[]
    >()
    expect(receipts.map((r) => [r.plan_name, r.amount])).toEqual([
      ['Ultra', (11990 - credit) / 100],
      ['Pro', 59.9],
    ])
    const doc = await s.client.inject(tokens, 'GET', receipts[0]!.download_url)
    expect(doc.statusCode).toBe(200)
    expect(doc.headers['content-type']).toContain('text/html')
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="recibo-areia-/)
    expect(doc.body).toContain('Crédito do plano anterior')
    expect(doc.body).toContain('Areia Ultra Mensal')
    expect(s.app.simulator!.chargesOf(email).filter((c) => c.status === 'PAID')).toHaveLength(2)
  })
})

describe('withdrawal after an upgrade', () => {
  it('within 7 days gives back every payment of the contract, the upgrade included', async () => {
    const email = 'desiste-apos-subir@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    expect(
      (await s.client.payByCard(tokens, s.pro.id, { number: CARDS.visaApproved })).statusCode,
    ).toBe(200)
    expect(
      (await s.client.payByCard(tokens, s.ultra.id, { number: CARDS.visaApproved })).statusCode,
    ).toBe(200)
    const withdrawn = await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/withdraw')
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json<SubscriptionResponse>()?.status).toBe('EXPIRED')
    const charges = s.app.simulator!.chargesOf(email)
    expect(charges).toHaveLength(2)
    expect(charges.every((c) => c.status === 'CANCELED')).toBe(true)
    const receipts = (await s.client.inject(tokens, 'GET', '/api/v1/payments/receipts')).json<
      Receipt[]
    >()
    expect(receipts.every((r) => r.refunded_at !== null)).toBe(true)
  })
})

describe('downgrade, cancel and reactivate', () => {
  it('a smaller plan starts at the renewal; a cancelled plan can be reactivated before it ends', async () => {
    const email = 'desce@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    expect(
      (await s.client.payByCard(tokens, s.ultra.id, { number: CARDS.masterApproved })).statusCode,
    ).toBe(200)
    const change = await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/change', {
      plan_id: s.pro.id,
      billing_cycle: 'MONTHLY',
    })
    expect(change.statusCode).toBe(200)
    expect(change.json<SubscriptionResponse>()).toMatchObject({
      plan: { name: 'Ultra' },
      next_plan: { id: s.pro.id, name: 'Pro', billing_cycle: 'MONTHLY' },
      next_charge: { amount: 59.9 },
    })
    // Moving "down" to a bigger plan is refused here (it is an upgrade, paid now).
    const up = await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/change', {
      plan_id: s.ultra.id,
      billing_cycle: 'YEARLY',
    })
    expect(up.statusCode).toBe(409)

    expect(
      (await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/cancel')).statusCode,
    ).toBe(200)
    const cancelled = (await s.client.subscription(tokens))!
    expect(cancelled).toMatchObject({ status: 'CANCELED', next_charge: null })
    const again = await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/reactivate')
    expect(again.statusCode).toBe(200)
    expect(again.json<SubscriptionResponse>()).toMatchObject({
      status: 'ACTIVE',
      expires_at: cancelled.expires_at,
      next_plan: { name: 'Pro' },
    })
    expect(
      (await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/reactivate')).statusCode,
    ).toBe(409)

    // At the end of the period the card is charged for Pro, and the plan is Pro.
    moveClockTo(s.app, new Date(Date.parse(cancelled.expires_at) - 30 * 60_000))
    await s.app.services.lifecycle.sweep()
    const fresh = (await login(s.app, email)).json<TokenPair>()
    const renewed = (await s.client.subscription(fresh))!
    expect(renewed).toMatchObject({ plan: { id: s.pro.id }, status: 'ACTIVE', next_plan: null })
    const charges = s.app.simulator!.chargesOf(email).filter((c) => c.status === 'PAID')
    expect(charges.map((c) => c.amount.value)).toEqual([11990, 5990])
  })
})

describe('changing the card', () => {
  it('a PIX subscriber moves renewals to a card checked without being charged; a declined card changes nothing', async () => {
    const email = 'cartao-novo@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const pix = await s.client.pixOrder(tokens, s.pro.id)
    await s.client.payPix(pix)
    await waitUntil(async () => (await s.client.subscription(tokens))?.status === 'ACTIVE')

    const declined = await s.client.inject(tokens, 'PUT', '/api/v1/subscriptions/me/card', {
      card_token: await s.client.tokenize(tokens, { number: CARDS.visaDeclined }),
      card_cvv: '123',
    })
    expect(declined.statusCode).toBe(402)
    expect(await s.client.subscription(tokens)).toMatchObject({ payment_method: 'PIX', card: null })

    const changed = await s.client.inject(tokens, 'PUT', '/api/v1/subscriptions/me/card', {
      card_token: await s.client.tokenize(tokens, { number: CARDS.masterApproved }),
      card_cvv: '123',
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<SubscriptionResponse>()).toMatchObject({
      payment_method: 'CARD',
      card: { brand: 'mastercard', last4: '2454' },
    })
    // The check was authorised and released: only the PIX was ever paid.
    const charges = s.app.simulator!.chargesOf(email)
    expect(charges.filter((c) => c.status === 'PAID')).toHaveLength(1)
    expect(charges.filter((c) => c.amount.summary.paid > 0)).toHaveLength(1)
  })
})
