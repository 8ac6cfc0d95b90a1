import type { OrderResponse, TokenPair } from '@areia/contracts'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, orders, plans, waitlistEntries } from '../src/db/schema'
import { signUpAndLogIn, status, userIdOf } from './helpers/app'
import { billingSuite, CARDS, mailsTo } from './helpers/billing'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

/** Money moved at the gateway after we counted it: a refund or chargeback ends what it paid for. */
const s = billingSuite()

const db = async () => (await testDatabase({ reset: false })).db

/** What an operator does in PagBank's dashboard: cancel (refund) a paid charge. */
const refundAtPagBank = (chargeId: string, cents: number) =>
  fetch(`${s.base}/sandbox/pagbank/charges/${chargeId}/cancel`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.app.simulator!.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ amount: { value: cents } }),
  })

/** PagBank's sandbox control: the cardholder's dispute of a paid card charge went through. */
const chargeBackAtPagBank = (chargeId: string) =>
  fetch(`${s.base}/sandbox/pagbank/charges/${chargeId}/chargeback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.app.simulator!.token}` },
  })

/** A player who paid for Pro by card, and the charge PagBank made. */
async function cardSubscriber(email: string) {
  const tokens = await signUpAndLogIn(s.app, email)
  const paid = await s.client.payByCard(tokens, s.pro.id, { number: CARDS.visaApproved })
  expect(paid.json<OrderResponse>().status).toBe('PAID')
  expect((await s.client.subscription(tokens))?.status).toBe('ACTIVE')
  const [charge] = s.app.simulator!.chargesOf(email)
  return { tokens, charge: charge! }
}

/** Once the gateway's news arrived: the access is over, and the order as it was recorded. */
async function accessEnded(tokens: TokenPair) {
  await waitUntil(async () => (await s.client.subscription(tokens))?.status === 'EXPIRED')
  expect((await status(s.app, tokens.access_token)).json()).toMatchObject({
    payment_status: 'FREE',
  })
  const [order] = await (
    await db()
  )
    .select()
    .from(orders)
    .where(eq(orders.userId, userIdOf(tokens)))
  expect(order!.refundedAt).not.toBeNull()
  const [audit] = await (await db()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
  expect(audit).toMatchObject({ action: 'payment.refunded', targetId: order!.id })
  return { order: order!, audit: audit! }
}

describe('refunds made at the gateway', () => {
  it('a refunded card payment ends the access it paid for, tells the player and shows in the console', async () => {
    const email = 'estorno@example.com'
    const { tokens, charge } = await cardSubscriber(email)
    expect((await refundAtPagBank(charge.id, charge.amount.value)).status).toBe(200)
    const { order, audit } = await accessEnded(tokens)
    expect(order).toMatchObject({ status: 'CANCELED', refundReason: 'GATEWAY_REFUND' })
    const [mail] = await mailsTo(email)
    expect(mail?.subject).toBe('Pagamento estornado')
    expect(mail?.body).toContain('O acesso aos recursos do plano terminou.')
    expect(audit.details).toMatchObject({ reason: 'GATEWAY_REFUND', access: 'ended' })

    // The same news again changes nothing more, and the player may subscribe again.
    const told = (await mailsTo(email)).length
    await s.app.services.checkout.gatewayNotified(order.gatewayOrderId!)
    expect(await mailsTo(email)).toHaveLength(told)
    const again = await s.client.payByCard(tokens, s.pro.id, { number: CARDS.visaApproved })
    expect(again.statusCode).toBe(200)
    expect((await s.client.subscription(tokens))?.status).toBe('ACTIVE')
  })

  it("a chargeback (the cardholder's dispute won) ends the access it paid for, like a refund, and is told as such", async () => {
    const email = 'contestou@example.com'
    const { tokens, charge } = await cardSubscriber(email)
    // PagBank's dispute notification: the charge is charged back and the webhook says so.
    const disputed = await chargeBackAtPagBank(charge.id)
    expect(disputed.status).toBe(200)
    expect(((await disputed.json()) as { status: string }).status).toBe('CHARGEBACK')
    const { order, audit } = await accessEnded(tokens)
    expect(order).toMatchObject({ status: 'CANCELED', refundReason: 'CHARGEBACK' })
    const [mail] = await mailsTo(email)
    expect(mail?.subject).toBe('Pagamento contestado')
    expect(mail?.body).toContain('contestado junto ao emissor do cartão e devolvido (chargeback)')
    expect(mail?.body).toContain('O acesso aos recursos do plano terminou.')
    expect(audit.details).toMatchObject({ reason: 'CHARGEBACK', access: 'ended' })

    // Told twice (PagBank retries), nothing more happens; a charged-back charge cannot be
    // refunded again, nor disputed twice into a second notice.
    const told = (await mailsTo(email)).length
    await s.app.services.checkout.gatewayNotified(order.gatewayOrderId!)
    expect((await chargeBackAtPagBank(charge.id)).status).toBe(200)
    expect((await refundAtPagBank(charge.id, charge.amount.value)).status).toBe(400)
    expect(await mailsTo(email)).toHaveLength(told)
  })

  it('only a paid card charge can be charged back in the simulator', async () => {
    const email = 'pix-contesta@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const order = await s.client.pixOrder(tokens, s.pro.id)
    await s.client.payPix(order)
    await waitUntil(async () => (await s.client.subscription(tokens))?.status === 'ACTIVE')
    const [charge] = s.app.simulator!.chargesOf(email)
    expect((await chargeBackAtPagBank(charge!.id)).status).toBe(400)
    expect((await chargeBackAtPagBank('CHAR_NAO-EXISTE')).status).toBe(404)
    expect((await s.client.subscription(tokens))?.status).toBe('ACTIVE')
  })

  it('a PIX paid for a replaced order is given back, recorded and told to the player', async () => {
    const email = 'pix-devolvido@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    const first = await s.client.pixOrder(tokens, s.pro.id)
    const second = await s.client.pixOrder(tokens, s.pro.id, { billing_cycle: 'YEARLY' })
    expect(second.id).not.toBe(first.id)
    await s.client.payPix(first)
    await waitUntil(async () =>
      (await mailsTo(email)).some((m) => m.subject === 'Pagamento devolvido'),
    )
    expect(await s.client.subscription(tokens)).toBeNull()
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, first.id))
    expect(row).toMatchObject({ status: 'CANCELED', refundReason: 'LATE_PAYMENT' })
    // The open one still works.
    await s.client.payPix(second)
    await waitUntil(async () => (await s.client.subscription(tokens))?.status === 'ACTIVE')
    expect((await s.client.subscription(tokens))?.billing_cycle).toBe('YEARLY')
  })

  /** Our side saw the code lapse; the bank took the payment at the edge of its expiry. */
  async function lapse(orderId: string) {
    await (
      await db()
    )
      .update(orders)
      .set({ pixExpiresAt: new Date(s.app.clock.now().getTime() - 1000) })
      .where(eq(orders.id, orderId))
    await s.app.services.checkout.expireStalePurchases()
  }

  it('a PIX paid just after its code lapsed still subscribes when nothing took its place', async () => {
    const tokens = await signUpAndLogIn(s.app, 'pix-no-limite@example.com')
    const order = await s.client.pixOrder(tokens, s.pro.id)
    await lapse(order.id)
    await s.client.payPix(order)
    await waitUntil(async () => (await s.client.subscription(tokens))?.status === 'ACTIVE')
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'PAID', refundedAt: null })
  })

  it('a lapsed PIX paid after the last spot was sold is given back and the player joins the waiting list', async () => {
    const email = 'sem-vaga@example.com'
    const tokens = await signUpAndLogIn(s.app, email)
    await (await db()).update(plans).set({ spots: 1 }).where(eq(plans.id, s.ultra.id))
    try {
      const order = await s.client.pixOrder(tokens, s.ultra.id)
      await lapse(order.id)
      // Meanwhile someone else buys the spot the lapsed code gave back.
      const other = await signUpAndLogIn(s.app, 'levou-a-vaga@example.com')
      expect(
        (await s.client.payByCard(other, s.ultra.id, { number: CARDS.visaApproved })).statusCode,
      ).toBe(200)
      await s.client.payPix(order)
      await waitUntil(async () =>
        (await mailsTo(email)).some((m) => m.subject === 'Pagamento devolvido'),
      )
      expect(await s.client.subscription(tokens)).toBeNull()
      const [row] = await (await db()).select().from(orders).where(eq(orders.id, order.id))
      expect(row).toMatchObject({ status: 'CANCELED', refundReason: 'SOLD_OUT' })
      const [entry] = await (
        await db()
      )
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.userId, userIdOf(tokens)))
      expect(entry).toMatchObject({ planId: s.ultra.id, finalPriceCents: 11990 })
      expect((await status(s.app, tokens.access_token)).json()).toMatchObject({
        payment_status: 'WAITING_LIST',
      })
      const [mail] = (await mailsTo(email)).filter((m) => m.subject === 'Pagamento devolvido')
      expect(mail?.body).toContain('lista de espera')
    } finally {
      await (await db()).update(plans).set({ spots: null }).where(eq(plans.id, s.ultra.id))
    }
  })
})
