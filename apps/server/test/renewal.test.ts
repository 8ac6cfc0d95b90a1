import { createECDH, randomBytes } from 'node:crypto'
import type { OrderResponse, Plan, SubscriptionResponse, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../src/db/schema'
import { addPeriod } from '../src/modules/billing/checkout'
import { bearer, createTestApp, login, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { billingClient, type CardInput, CARDS, mailsTo, moveClockTo } from './helpers/billing'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

let app: TestApp
let base: string
let pro: Plan
let client: ReturnType<typeof billingClient>
const pushes: Array<{ endpoint: string; payload: { title: string; body: string; url: string } }> =
  []
const DAY = 86_400_000

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      pushSender: {
        publicKey: 'BDummyKeyForTests',
        send: async (target, payload) => {
          pushes.push({
            endpoint: target.endpoint,
            payload: JSON.parse(payload) as (typeof pushes)[number]['payload'],
          })
        },
      },
    },
  )
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`
  client = billingClient(app, () => base)
  pro = (await client.plans()).find((p) => p.slug === 'standard')!
})
afterAll(() => app.close())

// Each test moves the clock forward; the next one starts from where the first began.
let moved = 0
const moveTo = (at: Date) => {
  moved += moveClockTo(app, at)
}
afterEach(() => {
  app.clock.advance(-moved)
  moved = 0
})

const db = async () => (await testDatabase({ reset: false })).db
const idOf = async (tokens: TokenPair) =>
  (await status(app, tokens.access_token)).json<{ id: string }>().id
const sub = (userId: string) => app.services.checkout.subscription(userId)
const paymentStatus = async (userId: string) =>
  (await app.services.users.getStatus(userId)).payment_status
const ordersOf = async (userId: string) =>
  (await db()).select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt)

async function subscribeByPix(email: string) {
  const tokens = await signUpAndLogIn(app, email)
  const created = (
    await client.order(tokens, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
  ).json<OrderResponse>()
  await client.payPix(created)
  await waitUntil(async () => (await client.subscription(tokens))?.status === 'ACTIVE')
  const userId = await idOf(tokens)
  return { tokens, userId, start: (await sub(userId)) as NonNullable<SubscriptionResponse> }
}

async function subscribeByCard(email: string, card: CardInput) {
  const tokens = await signUpAndLogIn(app, email)
  const res = await client.payByCard(tokens, pro.id, card, { coupon_code: 'AREIA10' })
  if (res.statusCode !== 200) throw new Error(`card order failed: ${res.body}`)
  const userId = await idOf(tokens)
  return { tokens, userId, start: (await sub(userId)) as NonNullable<SubscriptionResponse> }
}

describe('card renewals', () => {
  it('charge the stored card at the end of the period, at full price, once', async () => {
    const email = 'renova-cartao@example.com'
    const { userId, start } = await subscribeByCard(email, { number: CARDS.visaApproved })
    const end = new Date(start.expires_at)
    moveTo(new Date(end.getTime() - 30 * 60_000))
    // Two sweeps at once (two nodes, or a retried job) still charge once.
    const sweeps = await Promise.all([
      app.services.lifecycle.sweep(),
      app.services.lifecycle.sweep(),
    ])
    expect(sweeps.reduce((n, r) => n + r.cardsCharged, 0)).toBeGreaterThanOrEqual(1)
    expect(await sub(userId)).toMatchObject({
      status: 'ACTIVE',
      expires_at: addPeriod(end, 'MONTHLY').toISOString(),
      withdrawal_until: null,
    })
    const charges = app.simulator!.chargesOf(email)
    expect(charges).toHaveLength(2)
    const first = charges[0]!.payment_method as { card: { id: string } }
    // The coupon was for the first charge only.
    expect(charges[1]).toMatchObject({
      status: 'PAID',
      amount: { value: 5990 },
      recurring: { type: 'SUBSEQUENT' },
      payment_method: { card: { id: first.card.id } },
    })
    await app.services.lifecycle.sweep()
    expect(app.simulator!.chargesOf(email)).toHaveLength(2)
    // No browser to push to: the confirmation goes by e-mail.
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Pagamento confirmado ✅')
    expect((await mailsTo(email))[0]?.body).toContain('Sua assinatura foi renovada.')

    // A renewal is not the first payment: no withdrawal through it.
    const later = (await login(app, email)).json<TokenPair>()
    const withdraw = await client.inject(later, 'POST', '/api/v1/subscriptions/me/withdraw')
    expect(withdraw.statusCode).toBe(409)
  })

  it('a declined renewal makes the subscription past due with a PIX to pay, then it expires', async () => {
    const email = 'cartao-vence@example.com'
    const now = app.clock.now()
    // Valid through the end of this month: approved today, expired at the renewal.
    const { userId, start } = await subscribeByCard(email, {
      number: CARDS.visaApproved,
      month: now.getUTCMonth() + 1,
      year: now.getUTCFullYear(),
    })
    const end = new Date(start.expires_at)
    moveTo(new Date(end.getTime() - 30 * 60_000))
    expect((await app.services.lifecycle.sweep()).pastDue).toBeGreaterThanOrEqual(1)
    const pastDue = await sub(userId)
    expect(pastDue).toMatchObject({
      status: 'PAST_DUE',
      grace_until: new Date(end.getTime() + 3 * DAY).toISOString(),
    })
    expect(pastDue?.renewal_order_id).toBeTruthy()
    expect(await paymentStatus(userId)).toBe('PAYMENT_OK')
    const [, declined, pix] = await ordersOf(userId)
    expect(declined).toMatchObject({ renewal: true, paymentMethod: 'CARD', status: 'DECLINED' })
    expect(declined?.failureMessage).toBe(
      'Pagamento recusado: o cartão está vencido. Use outro cartão.',
    )
    expect(pix).toMatchObject({ id: pastDue?.renewal_order_id, paymentMethod: 'PIX' })
    const mails = await mailsTo(email)
    const notice = mails.find((m) => m.subject === 'Não conseguimos renovar sua assinatura')
    expect(notice?.body).toContain('Seu cartão foi recusado na renovação.')
    const pixMail = mails.find((m) => m.subject === 'Renove sua assinatura com PIX')
    expect(pixMail?.body).toContain(pix!.pixText!)

    moveTo(new Date(end.getTime() + 3 * DAY + 60_000))
    expect((await app.services.lifecycle.sweep()).expired).toBeGreaterThanOrEqual(1)
    expect(await sub(userId)).toMatchObject({ status: 'EXPIRED', renewal_order_id: null })
    expect(await paymentStatus(userId)).toBe('FREE')
    expect((await ordersOf(userId)).find((o) => o.id === pix!.id)?.status).toBe('CANCELED')
  })
})

describe('PIX renewals', () => {
  it('send the next period by push and e-mail three days ahead; paying it extends from the old end', async () => {
    const email = 'renova-pix@example.com'
    const { tokens, userId, start } = await subscribeByPix(email)
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const endpoint = `https://push.example/${randomBytes(6).toString('hex')}`
    const subscribed = await app.server.inject({
      method: 'POST',
      url: '/api/v1/notifications/subscribe',
      headers: bearer(tokens.access_token),
      payload: {
        subscription_info: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      },
    })
    expect(subscribed.statusCode).toBe(201)
    const end = new Date(start.expires_at)

    moveTo(new Date(end.getTime() - 4 * DAY))
    await app.services.lifecycle.sweep()
    expect((await sub(userId))?.renewal_order_id).toBeNull()

    moveTo(new Date(end.getTime() - 2 * DAY))
    expect((await app.services.lifecycle.sweep()).pixSent).toBeGreaterThanOrEqual(1)
    const renewalId = (await sub(userId))?.renewal_order_id
    expect(renewalId).toBeTruthy()
    const later = (await login(app, email)).json<TokenPair>()
    const renewal = (
      await client.inject(later, 'GET', `/api/v1/payments/orders/${renewalId}`)
    ).json<OrderResponse>()
    expect(renewal).toMatchObject({ payment_method: 'PIX', status: 'PENDING', amount: 59.9 })
    expect(renewal.pix_expires_at).toBe(new Date(end.getTime() + 3 * DAY).toISOString())
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Renove sua assinatura com PIX')
    expect(mail?.body).toContain(renewal.pix_qr_code_text!)
    expect(mail?.body).toContain('/meu-plano')
    await waitUntil(async () =>
      pushes.some(
        (p) => p.endpoint === endpoint && p.payload.title === 'Renove sua assinatura com PIX',
      ),
    )

    await app.services.lifecycle.sweep()
    expect(app.simulator!.ordersOf(email)).toHaveLength(2)

    await client.payPix(renewal)
    const renewedUntil = addPeriod(end, 'MONTHLY').toISOString()
    await waitUntil(async () => (await sub(userId))?.expires_at === renewedUntil)
    expect(await sub(userId)).toMatchObject({ status: 'ACTIVE', renewal_order_id: null })
    await waitUntil(async () =>
      pushes.some((p) => p.endpoint === endpoint && p.payload.title === 'Pagamento confirmado ✅'),
    )
  })

  it('unpaid at the end: past due with access kept; paid in the grace, the period runs from the old end', async () => {
    const email = 'pix-atrasado@example.com'
    const { userId, start } = await subscribeByPix(email)
    const end = new Date(start.expires_at)
    moveTo(new Date(end.getTime() + 60 * 60_000))
    await app.services.lifecycle.sweep()
    const pastDue = await sub(userId)
    expect(pastDue).toMatchObject({ status: 'PAST_DUE' })
    expect(await paymentStatus(userId)).toBe('PAYMENT_OK')
    const later = (await login(app, email)).json<TokenPair>()
    const cancel = await client.inject(later, 'POST', '/api/v1/subscriptions/me/cancel')
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json<{ detail: string }>().detail).toMatch(/^A renovação da sua assinatura/)
    const renewal = (
      await client.inject(later, 'GET', `/api/v1/payments/orders/${pastDue?.renewal_order_id}`)
    ).json<OrderResponse>()
    moveTo(new Date(end.getTime() + 2 * DAY))
    await client.payPix(renewal)
    await waitUntil(async () => (await sub(userId))?.status === 'ACTIVE')
    expect((await sub(userId))?.expires_at).toBe(addPeriod(end, 'MONTHLY').toISOString())
  })
})

describe('cancel semantics', () => {
  it('a cancelled card subscription is never charged again and ends with its period', async () => {
    const email = 'cancela-cartao@example.com'
    const { tokens, userId, start } = await subscribeByCard(email, {
      number: CARDS.masterApproved,
    })
    const cancel = await client.inject(tokens, 'POST', '/api/v1/subscriptions/me/cancel')
    expect(cancel.json()).toEqual({ message: 'Assinatura cancelada com sucesso.' })
    const end = new Date(start.expires_at)
    moveTo(new Date(end.getTime() - 30 * 60_000))
    await app.services.lifecycle.sweep()
    expect(await sub(userId)).toMatchObject({ status: 'CANCELED', expires_at: start.expires_at })
    expect(await paymentStatus(userId)).toBe('PAYMENT_OK')
    moveTo(new Date(end.getTime() + 60_000))
    await app.services.lifecycle.sweep()
    expect(await sub(userId)).toMatchObject({ status: 'EXPIRED' })
    expect(await paymentStatus(userId)).toBe('FREE')
    expect(app.simulator!.chargesOf(email)).toHaveLength(1)
  })

  it('cancelling drops the PIX already sent; paid anyway, it is refunded', async () => {
    const email = 'cancela-pix@example.com'
    const { userId, start } = await subscribeByPix(email)
    const end = new Date(start.expires_at)
    moveTo(new Date(end.getTime() - 2 * DAY))
    await app.services.lifecycle.sweep()
    const renewalId = (await sub(userId))!.renewal_order_id!
    const later = (await login(app, email)).json<TokenPair>()
    const renewal = (
      await client.inject(later, 'GET', `/api/v1/payments/orders/${renewalId}`)
    ).json<OrderResponse>()
    await client.inject(later, 'POST', '/api/v1/subscriptions/me/cancel')
    expect(await sub(userId)).toMatchObject({ status: 'CANCELED', renewal_order_id: null })
    expect((await ordersOf(userId)).find((o) => o.id === renewalId)?.status).toBe('CANCELED')

    await client.payPix(renewal)
    await waitUntil(async () =>
      app.simulator!.chargesOf(email).some((c) => c.status === 'CANCELED'),
    )
    expect(await sub(userId)).toMatchObject({ status: 'CANCELED', expires_at: start.expires_at })
    await waitUntil(async () =>
      Boolean((await ordersOf(userId)).find((o) => o.id === renewalId)?.refundedAt),
    )
  })
})

describe('withdrawal (CDC art. 49)', () => {
  it.each([
    ['card', 'desiste-cartao@example.com'],
    ['PIX', 'desiste-pix@example.com'],
  ])(
    'by %s within 7 days refunds the full amount at once and ends access',
    async (method, email) => {
      const { userId, start } =
        method === 'card'
          ? await subscribeByCard(email, { number: CARDS.visaApproved })
          : await subscribeByPix(email)
      const paidAt = (await ordersOf(userId))[0]!.paidAt!
      expect(start.withdrawal_until).toBe(new Date(paidAt.getTime() + 7 * DAY).toISOString())
      moveTo(new Date(paidAt.getTime() + 6 * DAY))
      const later = (await login(app, email)).json<TokenPair>()
      const res = await client.inject(later, 'POST', '/api/v1/subscriptions/me/withdraw')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        status: 'EXPIRED',
        withdrawal_until: null,
        expires_at: app.clock.now().toISOString(),
      })
      const [charge] = app.simulator!.chargesOf(email)
      expect(charge).toMatchObject({
        status: 'CANCELED',
        amount: { summary: { refunded: charge!.amount.value } },
      })
      expect(await paymentStatus(userId)).toBe('FREE')
      expect((await mailsTo(email)).map((m) => m.subject)).toContain('Reembolso confirmado')
      const again = await client.inject(later, 'POST', '/api/v1/subscriptions/me/withdraw')
      expect(again.statusCode).toBe(404)
    },
  )

  it('after 7 days there is no withdrawal, only cancel', async () => {
    const email = 'desiste-tarde@example.com'
    const { userId } = await subscribeByPix(email)
    const paidAt = (await ordersOf(userId))[0]!.paidAt!
    moveTo(new Date(paidAt.getTime() + 7 * DAY + 60_000))
    expect((await sub(userId))?.withdrawal_until).toBeNull()
    const later = (await login(app, email)).json<TokenPair>()
    const res = await client.inject(later, 'POST', '/api/v1/subscriptions/me/withdraw')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      detail: 'O prazo de 7 dias para desistir da assinatura com reembolso integral já terminou.',
      code: 'refund_window_over',
    })
    expect(await sub(userId)).toMatchObject({ status: 'ACTIVE' })
    expect(app.simulator!.chargesOf(email)).toMatchObject([{ status: 'PAID' }])
  })

  it('a player without a subscription has nothing to withdraw from', async () => {
    const tokens = await signUpAndLogIn(app, 'sem-plano@example.com')
    const res = await client.inject(tokens, 'POST', '/api/v1/subscriptions/me/withdraw')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      detail: 'Você não possui uma assinatura ativa.',
      code: 'no_subscription',
    })
  })
})
