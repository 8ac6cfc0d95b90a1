import type { OrderResponse, TokenPair } from '@areia/contracts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { couponRedemptions, coupons, orders, plans } from '../src/db/schema'
import { addPeriod } from '../src/modules/billing/checkout'
import { login, signUpAndLogIn, userIdOf } from './helpers/app'
import { billingSuite, CARDS, moveClockTo } from './helpers/billing'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

/**
 * Money under concurrency, through the real app and the simulated gateway: ten requests at
 * once never make two open purchases, two charges, two uses of a coupon meant for one, or a
 * sale past a plan's last spot.
 */
const s = billingSuite()

const db = async () => (await testDatabase({ reset: false })).db
const TEN = Array.from({ length: 10 }, (_, i) => i)

const openOrders = async (tokens: TokenPair) =>
  (await db())
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userIdOf(tokens)),
        eq(orders.status, 'PENDING'),
        eq(orders.renewal, false),
      ),
    )

/** Ten new players (`{prefix}-0@example.com`…) send the same order at once. */
async function tenPlayersOrder(prefix: string, payload: Record<string, unknown>) {
  const players: TokenPair[] = []
  for (const i of TEN) players.push(await signUpAndLogIn(s.app, `${prefix}-${i}@example.com`))
  const results = await Promise.all(players.map((tokens) => s.client.order(tokens, payload)))
  return { players, results }
}

const usesOf = async (code: string) => {
  const [coupon] = await (await db()).select().from(coupons).where(eq(coupons.code, code))
  return (await db())
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, coupon!.id))
}

/** Charges the gateway kept (paid and not refunded). */
const keptCharges = (email: string) =>
  s.app.simulator!.chargesOf(email).filter((c) => c.status === 'PAID')

const payAtGateway = (gatewayOrderId: string) =>
  fetch(`${s.base}/sandbox/pagbank/pix/pay/${gatewayOrderId}`, { method: 'POST' })

describe('one purchase at a time', () => {
  it('ten PIX orders at once without a key make one order and one QR code', async () => {
    const email = 'pix-dez@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const results = await Promise.all(
      TEN.map(() =>
        s.client.order(tokens, {
          plan_id: s.pro.id,
          billing_cycle: 'MONTHLY',
          payment_method: 'PIX',
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(TEN.map(() => 200))
    expect(new Set(results.map((r) => r.json<OrderResponse>().id)).size).toBe(1)
    expect(await openOrders(tokens)).toHaveLength(1)
    expect(s.app.simulator!.ordersOf(email)).toHaveLength(1)
  })

  it('ten PIX orders at once, each with its own key and choice: one open order; every code paid activates once and the rest is refunded', async () => {
    const email = 'pix-chaves@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const results = await Promise.all(
      TEN.map((i) =>
        s.client.order(
          tokens,
          {
            plan_id: i % 2 ? s.pro.id : s.ultra.id,
            billing_cycle: i % 3 ? 'MONTHLY' : 'YEARLY',
            payment_method: 'PIX',
          },
          `chave-${i}-abcdefgh`,
        ),
      ),
    )
    for (const r of results) expect([200, 409]).toContain(r.statusCode)
    expect((await openOrders(tokens)).length).toBeLessThanOrEqual(1)

    // A player paying every code they were ever shown: one period, the rest given back.
    const codes = s.app.simulator!.ordersOf(email)
    expect(codes.length).toBeGreaterThanOrEqual(1)
    for (const code of codes) expect((await payAtGateway(code.id)).status).toBe(200)
    await waitUntil(async () => {
      const charges = s.app.simulator!.chargesOf(email)
      const settled = charges.every((c) => c.status === 'CANCELED' || c.status === 'PAID')
      return (
        settled &&
        charges.length === codes.length &&
        keptCharges(email).length === 1 &&
        (await s.client.subscription(tokens))?.status === 'ACTIVE' &&
        (await openOrders(tokens)).length === 0
      )
    })
    // Given time to be wrong: still one charge kept.
    await new Promise((r) => setTimeout(r, 500))
    expect(keptCharges(email)).toHaveLength(1)
    const sub = await s.client.subscription(tokens)
    expect(sub?.status).toBe('ACTIVE')
    expect(sub?.expires_at).toBe(addPeriod(s.app.clock.now(), sub!.billing_cycle).toISOString())
    expect(await openOrders(tokens)).toHaveLength(0)
  })

  it('ten card orders at once, with and without keys, make one approved charge and one period', async () => {
    const email = 'cartao-dez@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const cardTokens: string[] = []
    for (const _ of TEN)
      cardTokens.push(await s.client.tokenize(tokens, { number: CARDS.visaApproved }))
    const results = await Promise.all(
      TEN.map((i) =>
        s.client.order(
          tokens,
          {
            plan_id: s.pro.id,
            billing_cycle: 'MONTHLY',
            payment_method: 'CARD',
            card_token: cardTokens[i],
            card_cvv: '123',
          },
          i % 2 ? `cartao-${i}-abcdefgh` : undefined,
        ),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    for (const c of codes) expect([200, 409]).toContain(c)
    expect(s.app.simulator!.chargesOf(email)).toHaveLength(1)
    expect(keptCharges(email)).toHaveLength(1)
    const sub = await s.client.subscription(tokens)
    expect(sub?.expires_at).toBe(addPeriod(s.app.clock.now(), 'MONTHLY').toISOString())
  })

  it('a card purchase replaces the PIX the checkout opened; paying that PIX later is refunded and changes nothing', async () => {
    const email = 'pix-atrasado@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const pix = await s.client.pixOrder(tokens, s.pro.id)
    const paid = await s.client.order(tokens, {
      plan_id: s.ultra.id,
      billing_cycle: 'YEARLY',
      payment_method: 'CARD',
      card_token: await s.client.tokenize(tokens, { number: CARDS.masterApproved }),
      card_cvv: '123',
    })
    expect(paid.statusCode).toBe(200)
    const byCard = (await s.client.subscription(tokens))!
    expect(byCard).toMatchObject({ plan: { id: s.ultra.id }, billing_cycle: 'YEARLY' })

    // The PIX is still payable at the bank (a QR code cannot be withdrawn): it is paid.
    await s.client.payPix(pix)
    await waitUntil(async () => {
      const [row] = await (await db()).select().from(orders).where(eq(orders.id, pix.id))
      return row?.refundedAt != null
    })
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, pix.id))
    expect(row).toMatchObject({ status: 'CANCELED', refundReason: 'LATE_PAYMENT' })
    expect(keptCharges(email)).toHaveLength(1)
    expect(s.app.simulator!.chargesOf(email).filter((c) => c.status === 'CANCELED')).toHaveLength(1)
    const after = (await s.client.subscription(tokens))!
    expect(after).toMatchObject({
      plan: { id: s.ultra.id },
      billing_cycle: 'YEARLY',
      payment_method: 'CARD',
      expires_at: byCard.expires_at,
      status: 'ACTIVE',
    })
  })
})

describe('coupons are claimed with the order', () => {
  it('one player, ten orders with the same coupon at once: one use, moved to the order that is paid', async () => {
    const tokens = await signUpAndLogIn(s.app, 'cupom-dez@example.com')
    const results = await Promise.all(
      TEN.map((i) =>
        s.client.order(
          tokens,
          {
            plan_id: s.pro.id,
            billing_cycle: i % 2 ? 'MONTHLY' : 'YEARLY',
            payment_method: 'PIX',
            coupon_code: 'AREIA10',
          },
          `cupom-${i}-abcdefgh`,
        ),
      ),
    )
    for (const r of results) expect([200, 409]).toContain(r.statusCode)
    const mine = async () => (await usesOf('AREIA10')).filter((u) => u.userId === userIdOf(tokens))
    expect(await mine()).toHaveLength(1)

    const paid = await s.client.payByCard(
      tokens,
      s.pro.id,
      { number: CARDS.visaApproved },
      { coupon_code: 'AREIA10' },
    )
    expect(paid.json()).toMatchObject({ status: 'PAID', amount: 53.91 })
    const uses = await mine()
    expect(uses).toHaveLength(1)
    expect(uses[0]!.orderId).toBe(paid.json<OrderResponse>().id)

    // Used once, for good: cancelled and expired, the player cannot take it again.
    await s.client.inject(tokens, 'POST', '/api/v1/subscriptions/me/cancel')
    moveClockTo(
      s.app,
      new Date(Date.parse((await s.client.subscription(tokens))!.expires_at) + 1000),
    )
    const later = (await login(s.app, 'cupom-dez@example.com')).json<TokenPair>()
    const again = await s.client.order(later, {
      plan_id: s.pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'PIX',
      coupon_code: 'AREIA10',
    })
    expect(again.statusCode).toBe(422)
  })

  it('a coupon for one redemption, ten players at once: one order gets it, and a lapsed order gives it back', async () => {
    await (
      await db()
    )
      .insert(coupons)
      .values({ code: 'UMSO', discountPercentage: 20, maxRedemptions: 1 })
    const { players, results } = await tenPlayersOrder('umso', {
      plan_id: s.pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'PIX',
      coupon_code: 'UMSO',
    })
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(9)
    expect(await usesOf('UMSO')).toHaveLength(1)
    const winner = players[results.findIndex((r) => r.statusCode === 200)]!
    const loser = players.indexOf(players.find((p) => p !== winner)!)

    // The PIX lapses unpaid: the use goes back and another player may take it.
    moveClockTo(s.app, new Date(s.app.clock.now().getTime() + 31 * 60_000))
    await s.app.services.lifecycle.sweep()
    expect(await usesOf('UMSO')).toHaveLength(0)
    const next = await s.client.order((await login(s.app, `umso-${loser}@example.com`)).json(), {
      plan_id: s.pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'PIX',
      coupon_code: 'UMSO',
    })
    expect(next.statusCode).toBe(200)
    expect(await usesOf('UMSO')).toHaveLength(1)
  })
})

describe('spots are reserved with the order', () => {
  it('ten players at once for the last spot: one order; a declined card gives the spot back', async () => {
    const spots = async () =>
      (await (await db()).select().from(plans).where(eq(plans.id, s.ultra.id)))[0]!.spots
    await (await db()).update(plans).set({ spots: 1 }).where(eq(plans.id, s.ultra.id))
    const { players, results } = await tenPlayersOrder('vaga', {
      plan_id: s.ultra.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'PIX',
    })
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9)
    expect(await spots()).toBe(0)

    // The holder pays with a card that is declined instead: the spot is on sale again.
    const holder = players[results.findIndex((r) => r.statusCode === 200)]!
    const declined = await s.client.payByCard(holder, s.ultra.id, { number: CARDS.visaDeclined })
    expect(declined.statusCode).toBe(402)
    expect(await spots()).toBe(1)

    const other = players.find((p) => p !== holder)!
    const bought = await s.client.payByCard(other, s.ultra.id, { number: CARDS.visaApproved })
    expect(bought.statusCode).toBe(200)
    expect(await spots()).toBe(0)
    expect(
      (
        await s.client.order(holder, {
          plan_id: s.ultra.id,
          billing_cycle: 'MONTHLY',
          payment_method: 'PIX',
        })
      ).statusCode,
    ).toBe(409)
    await (await db()).update(plans).set({ spots: null }).where(eq(plans.id, s.ultra.id))
  })
})
