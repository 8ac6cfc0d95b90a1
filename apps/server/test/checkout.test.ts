import type { OrderResponse, Plan, SubscriptionResponse, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookSignature } from '../src/adapters/payments'
import { couponRedemptions, orders, plans, waitlistEntries } from '../src/db/schema'
import { addPeriod } from '../src/modules/billing/checkout'
import { bearer, createTestApp, login, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

let app: TestApp
let base: string
let pro: Plan

beforeAll(async () => {
  app = await createTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`
  const plans = (
    await app.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
  ).json<Plan[]>()
  pro = plans.find((p) => p.slug === 'standard')!
})
afterAll(() => app.close())

const db = async () => (await testDatabase({ reset: false })).db

const order = (tokens: TokenPair, payload: Record<string, unknown>, key?: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/payments/orders',
    headers: { ...bearer(tokens.access_token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })

const subscription = async (tokens: TokenPair) =>
  (
    await app.server.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/me',
      headers: bearer(tokens.access_token),
    })
  ).json<SubscriptionResponse>()

/** CRC16-CCITT-FALSE as the BR Code spec defines it, written here apart from the library that made the code. */
function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

const webhook = (body: string, signature = webhookSignature(app.simulator!.token, body)) =>
  fetch(`${base}/api/v1/payments/webhooks/pagbank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authenticity-token': signature },
    body,
  })

describe('PIX checkout', () => {
  it('creates an order with a valid BR Code, and payment activates the plan exactly once', async () => {
    const tokens = await signUpAndLogIn(app, 'pix@example.com')
    const res = await order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      coupon_code: 'areia10',
      payment_method: 'PIX',
    })
    expect(res.statusCode).toBe(200)
    const created = res.json<OrderResponse>()
    expect(created).toMatchObject({ payment_method: 'PIX', status: 'PENDING', amount: 53.91 })
    const text = created.pix_qr_code_text!
    expect(text.startsWith('000201')).toBe(true)
    expect(text).toContain('br.gov.bcb.pix')
    expect(text).toContain('010212') // single-use (dynamic) code
    expect(text.slice(-4)).toBe(crc16(text.slice(0, -4)))
    expect(created.pix_qr_code_image).toMatch(/^data:image\/png;base64,/)

    // A second click shows the same QR code instead of charging twice.
    const again = await order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      coupon_code: 'AREIA10',
      payment_method: 'PIX',
    })
    expect(again.json<OrderResponse>().id).toBe(created.id)
    expect(await subscription(tokens)).toBeNull()

    // Told before it is paid (out of order): nothing changes.
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, created.id))
    const early = JSON.stringify({ id: row!.gatewayOrderId, reference_id: created.id })
    expect((await webhook(early)).status).toBe(200)
    expect(await subscription(tokens)).toBeNull()

    expect((await fetch(`${base}${created.simulator_pay_url}`, { method: 'POST' })).status).toBe(
      200,
    )
    await waitUntil(async () => (await subscription(tokens))?.status === 'ACTIVE')
    const active = (await subscription(tokens))!
    expect(active).toMatchObject({
      plan: { id: pro.id, name: 'Pro' },
      billing_cycle: 'MONTHLY',
      status: 'ACTIVE',
    })
    // The test clock does not move, so the period starts exactly at its "now".
    expect(active.expires_at).toBe(addPeriod(app.clock.now(), 'MONTHLY').toISOString())
    expect((await status(app, tokens.access_token)).json()).toMatchObject({
      payment_status: 'PAYMENT_OK',
    })

    // The same news three more times: still one activation, one coupon use, same period.
    for (let i = 0; i < 3; i++) expect((await webhook(early)).status).toBe(200)
    expect((await subscription(tokens))?.expires_at).toBe(active.expires_at)
    const { id: userId } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(
      await (
        await db()
      )
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.userId, userId)),
    ).toHaveLength(1)
    const coupon = await app.server.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/coupons/validate',
      headers: bearer(tokens.access_token),
      payload: { coupon_code: 'AREIA10' },
    })
    expect(coupon.json()).toEqual({ valid: false, discount_percentage: null })
    // The same plan again is no purchase (moving up is, with its own price: see upgrades).
    expect(
      (await order(tokens, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' }))
        .statusCode,
    ).toBe(409)
  })

  it('the same order request sent ten times at once with one key makes one order', async () => {
    const tokens = await signUpAndLogIn(app, 'paralelo@example.com')
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        order(
          tokens,
          { plan_id: pro.id, billing_cycle: 'YEARLY', payment_method: 'PIX' },
          'chave-idempotente-1',
        ),
      ),
    )
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(new Set(results.map((r) => r.json<OrderResponse>().id)).size).toBe(1)
    const { id: userId } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(await (await db()).select().from(orders).where(eq(orders.userId, userId))).toHaveLength(
      1,
    )
  })

  it('refuses a webhook whose signature does not match, changing nothing', async () => {
    const tokens = await signUpAndLogIn(app, 'assinatura@example.com')
    const created = (
      await order(tokens, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
    ).json<OrderResponse>()
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, created.id))
    const body = JSON.stringify({ id: row!.gatewayOrderId })
    expect((await webhook(body, webhookSignature('outro-token', body))).status).toBe(401)
    expect((await webhook(body, 'zz')).status).toBe(401)
    expect(await subscription(tokens)).toBeNull()
  })

  it('refuses unknown or free plans, bad coupons and cards without a live token', async () => {
    const tokens = await signUpAndLogIn(app, 'recusas@example.com')
    expect(
      (await order(tokens, { plan_id: 9999, billing_cycle: 'MONTHLY', payment_method: 'PIX' }))
        .statusCode,
    ).toBe(422)
    expect(
      (await order(tokens, { plan_id: 1, billing_cycle: 'MONTHLY', payment_method: 'PIX' }))
        .statusCode,
    ).toBe(422)
    const bad = await order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'PIX',
      coupon_code: 'NAOEXISTE',
    })
    expect(bad.json()).toEqual({
      detail: 'Este cupom é inválido ou não existe.',
      code: 'coupon_invalid',
    })
    const card = await order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: 'x',
      card_cvv: '123',
    })
    expect(card.statusCode).toBe(422)
    expect(card.json()).toEqual({
      detail: 'Os dados do cartão expiraram. Preencha o cartão novamente.',
      code: 'card_token_expired',
    })
    const noCvv = await order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: '6f1c9a52-7a3e-4a43-9d7e-0c5b8a1f2e3d',
    })
    expect(noCvv.json()).toEqual({ detail: 'Informe os dados do cartão.', code: 'card_required' })
    // Ids past an integer column's range are unknown plans, not a server error.
    for (const planId of [2_147_483_648, 1e20, -1]) {
      const huge = await order(tokens, {
        plan_id: planId,
        billing_cycle: 'MONTHLY',
        payment_method: 'PIX',
      })
      expect(huge.statusCode).toBe(422)
      expect(huge.json<{ detail: string }>().detail).toMatch(/^Plano não encontrado./)
    }
  })
})

describe('subscription lifecycle', () => {
  it('cancel keeps access until the end of the period, then the player is back on the free plan', async () => {
    const tokens = await signUpAndLogIn(app, 'ciclo@example.com')
    const created = (
      await order(tokens, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
    ).json<OrderResponse>()
    await fetch(`${base}${created.simulator_pay_url}`, { method: 'POST' })
    await waitUntil(async () => (await subscription(tokens))?.status === 'ACTIVE')
    const before = (await subscription(tokens))!
    const cancel = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/me/cancel',
        headers: bearer(tokens.access_token),
      })
    const res = await cancel()
    expect(res.json()).toEqual({ message: 'Assinatura cancelada com sucesso.' })
    expect(await subscription(tokens)).toMatchObject({
      status: 'CANCELED',
      expires_at: before.expires_at,
    })
    expect((await status(app, tokens.access_token)).json()).toMatchObject({
      payment_status: 'PAYMENT_OK',
    })
    expect((await cancel()).statusCode).toBe(409)
    const jump = (new Date(before.expires_at).getTime() - app.clock.now().getTime()) / 1000 + 1
    app.clock.advance(jump)
    try {
      // A month later the old tokens are long expired: sign in again, as the player would.
      const later = (await login(app, 'ciclo@example.com')).json<TokenPair>()
      expect(await subscription(later)).toMatchObject({ status: 'EXPIRED' })
      expect((await status(app, later.access_token)).json()).toMatchObject({
        payment_status: 'FREE',
      })
      const again = await app.server.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/me/cancel',
        headers: bearer(later.access_token),
      })
      expect(again.statusCode).toBe(404)
    } finally {
      app.clock.advance(-jump)
    }
  })

  it('the hourly sweep lets an unpaid PIX period fall past due, then expire after the grace', async () => {
    const tokens = await signUpAndLogIn(app, 'varredura@example.com')
    const created = (
      await order(tokens, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
    ).json<OrderResponse>()
    await fetch(`${base}${created.simulator_pay_url}`, { method: 'POST' })
    await waitUntil(async () => (await subscription(tokens))?.status === 'ACTIVE')
    expect(await app.services.checkout.expireDue()).toBe(0)
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    app.clock.advance(32 * 86_400)
    try {
      await app.services.lifecycle.sweep()
      expect(await app.services.checkout.subscription(id)).toMatchObject({ status: 'PAST_DUE' })
      expect(await app.services.users.getStatus(id)).toMatchObject({
        payment_status: 'PAYMENT_OK',
      })
      app.clock.advance(3 * 86_400)
      expect((await app.services.lifecycle.sweep()).expired).toBeGreaterThanOrEqual(1)
      expect(await app.services.users.getStatus(id)).toMatchObject({ payment_status: 'FREE' })
      expect(await app.services.checkout.subscription(id)).toMatchObject({ status: 'EXPIRED' })
    } finally {
      app.clock.advance(-35 * 86_400)
    }
  })

  it("one player's subscription is invisible to another", async () => {
    const other = await signUpAndLogIn(app, 'outro-plano@example.com')
    expect(await subscription(other)).toBeNull()
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/me/cancel',
      headers: bearer(other.access_token),
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('limited spots and the waiting list', () => {
  const plansFor = async (tokens?: TokenPair) =>
    (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/subscriptions/plans',
        headers: tokens ? bearer(tokens.access_token) : {},
      })
    ).json<Plan[]>()
  const proFor = async (tokens?: TokenPair) =>
    (await plansFor(tokens)).find((p) => p.id === pro.id)!

  it('a sale takes a spot, an empty plan refuses orders, and an invited player may still buy', async () => {
    const database = await db()
    await database.update(plans).set({ spots: 1 }).where(eq(plans.id, pro.id))
    try {
      const first = await signUpAndLogIn(app, 'vaga-1@example.com')
      const paid = (
        await order(first, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
      ).json<OrderResponse>()
      await fetch(`${base}${paid.simulator_pay_url}`, { method: 'POST' })
      await waitUntil(async () => (await subscription(first))?.status === 'ACTIVE')
      const [row] = await database.select().from(plans).where(eq(plans.id, pro.id))
      expect(row?.spots).toBe(0)
      expect((await proFor()).available).toBe(false)

      const waiting = await signUpAndLogIn(app, 'vaga-2@example.com')
      const refused = await order(waiting, {
        plan_id: pro.id,
        billing_cycle: 'MONTHLY',
        payment_method: 'PIX',
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toEqual({
        detail:
          'Este plano não está disponível no momento. Entre na lista de espera para ser avisado quando abrir uma vaga.',
        code: 'plan_not_on_sale',
      })

      // In line, then invited by an operator opening a spot (the console's "abrir vagas").
      const { id: waitingId } = (await status(app, waiting.access_token)).json<{ id: string }>()
      await database.insert(waitlistEntries).values({
        userId: waitingId,
        planId: pro.id,
        billingCycle: 'MONTHLY',
        finalPriceCents: 5990,
        couponCode: null,
      })
      expect((await proFor(waiting)).available).toBe(false)
      await database
        .update(waitlistEntries)
        .set({ notifiedAt: app.clock.now() })
        .where(eq(waitlistEntries.userId, waitingId))
      expect((await proFor(waiting)).available).toBe(true)
      expect((await proFor()).available).toBe(false)
      expect((await proFor(first)).available).toBe(false)
      // A stale token gets the public answer rather than an error.
      expect(
        (
          await app.server.inject({
            method: 'GET',
            url: '/api/v1/subscriptions/plans',
            headers: { authorization: 'Bearer nada' },
          })
        ).statusCode,
      ).toBe(200)

      const invited = (
        await order(waiting, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
      ).json<OrderResponse>()
      await fetch(`${base}${invited.simulator_pay_url}`, { method: 'POST' })
      await waitUntil(async () => (await subscription(waiting))?.status === 'ACTIVE')
      expect(
        await database.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waitingId)),
      ).toEqual([])
      const [after] = await database.select().from(plans).where(eq(plans.id, pro.id))
      expect(after?.spots).toBe(0)
    } finally {
      await database.update(plans).set({ spots: null }).where(eq(plans.id, pro.id))
    }
  })
})

describe('addPeriod', () => {
  const instant = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  })

  it('a month is 28 to 31 days later, same time, same day or the last of a shorter month', () => {
    fc.assert(
      fc.property(instant, (from) => {
        const to = addPeriod(from, 'MONTHLY')
        const days = (to.getTime() - from.getTime()) / 86_400_000
        const lastDay = new Date(
          Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0),
        ).getUTCDate()
        return (
          days >= 28 &&
          days <= 31 &&
          to.getUTCHours() === from.getUTCHours() &&
          to.getUTCMinutes() === from.getUTCMinutes() &&
          to.getUTCDate() === Math.min(from.getUTCDate(), lastDay) &&
          (to.getUTCMonth() - from.getUTCMonth() + 12) % 12 === 1
        )
      }),
    )
  })

  it('a year is 365 or 366 days later, and twelve months make a year', () => {
    fc.assert(
      fc.property(instant, (from) => {
        const to = addPeriod(from, 'YEARLY')
        const days = (to.getTime() - from.getTime()) / 86_400_000
        return days >= 365 && days <= 366 && to.getUTCMonth() === from.getUTCMonth()
      }),
    )
    // Day 1 to 28 never clamps, so month by month lands on the same day a year on.
    fc.assert(
      fc.property(instant, (d) => {
        const from = new Date(d)
        from.setUTCDate(Math.min(from.getUTCDate(), 28))
        let to = from
        for (let i = 0; i < 12; i++) to = addPeriod(to, 'MONTHLY')
        return to.getTime() === addPeriod(from, 'YEARLY').getTime()
      }),
    )
  })

  it('adds calendar months and years, clamping to the last day', () => {
    expect(addPeriod(new Date('2026-01-31T12:00:00Z'), 'MONTHLY').toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    )
    expect(addPeriod(new Date('2028-01-31T12:00:00Z'), 'MONTHLY').toISOString()).toBe(
      '2028-02-29T12:00:00.000Z',
    )
    expect(addPeriod(new Date('2026-11-22T10:00:00Z'), 'YEARLY').toISOString()).toBe(
      '2027-11-22T10:00:00.000Z',
    )
  })
})
