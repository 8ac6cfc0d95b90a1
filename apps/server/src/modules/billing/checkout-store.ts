import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { BillingCycle, PaymentMethod } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { cardTokens, couponRedemptions, orders, plans, subscriptions } from '../../db/schema'

export type OrderRow = typeof orders.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect

export class CheckoutStore {
  async findPlan(db: DbOrTx, id: number) {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), eq(plans.active, true)))
    return row
  }

  async findByIdempotencyKey(
    db: DbOrTx,
    userId: string,
    key: string,
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    return row
  }

  /** A PIX order for the same choice still payable: a second click shows it again. */
  async findReusablePixOrder(
    db: DbOrTx,
    values: {
      userId: string
      planId: number
      billingCycle: BillingCycle
      amountCents: number
      now: Date
    },
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, values.userId),
          eq(orders.planId, values.planId),
          eq(orders.billingCycle, values.billingCycle),
          eq(orders.amountCents, values.amountCents),
          eq(orders.paymentMethod, 'PIX'),
          eq(orders.status, 'PENDING'),
          eq(orders.renewal, false),
          gt(orders.pixExpiresAt, values.now),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1)
    return row
  }

  async insertOrder(
    db: DbOrTx,
    values: {
      userId: string
      planId: number
      billingCycle: BillingCycle
      amountCents: number
      couponId: number | null
      paymentMethod: PaymentMethod
      idempotencyKey: string | null
      renewal?: boolean
      now: Date
    },
  ): Promise<OrderRow> {
    const { now, ...rest } = values
    const [row] = await db
      .insert(orders)
      .values({ ...rest, createdAt: now })
      .returning()
    if (!row) throw new Error('insert into orders returned nothing')
    return row
  }

  async updateOrder(
    db: DbOrTx,
    id: string,
    patch: Partial<typeof orders.$inferInsert>,
  ): Promise<OrderRow> {
    const [row] = await db.update(orders).set(patch).where(eq(orders.id, id)).returning()
    if (!row) throw new Error(`order ${id} vanished`)
    return row
  }

  async findOrderOfUser(db: DbOrTx, userId: string, id: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    return row
  }

  async findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id))
    return row
  }

  async setGatewayOrderId(db: DbOrTx, id: string, gatewayOrderId: string): Promise<void> {
    await db
      .update(orders)
      .set({ gatewayOrderId })
      .where(and(eq(orders.id, id), isNull(orders.gatewayOrderId)))
  }

  /** An order nobody will pay for any more: PENDING → CANCELED (a paid one is left alone). */
  async dropPendingOrder(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(orders)
      .set({ status: 'CANCELED' })
      .where(and(eq(orders.id, id), eq(orders.status, 'PENDING')))
  }

  async findByGatewayId(db: DbOrTx, gatewayOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.gatewayOrderId, gatewayOrderId))
    return row
  }

  /** PENDING → PAID once; false when another delivery of the same news got there first. */
  async markPaid(
    db: DbOrTx,
    id: string,
    now: Date,
    gateway: { id: string; chargeId: string | null },
  ): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({
        status: 'PAID',
        paidAt: now,
        gatewayOrderId: gateway.id,
        gatewayChargeId: gateway.chargeId,
      })
      .where(and(eq(orders.id, id), eq(orders.status, 'PENDING')))
      .returning({ id: orders.id })
    return rows.length === 1
  }

  async findSubscription(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({ subscription: subscriptions, planName: plans.name })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
    return row
  }

  /**
   * A paid order's period: a new contract (no row, or an expired one) starts at `startedAt`
   * with this order as its first payment; otherwise the same contract goes on.
   */
  async upsertSubscription(
    db: DbOrTx,
    values: {
      userId: string
      planId: number
      billingCycle: BillingCycle
      expiresAt: Date
      paymentMethod: PaymentMethod
      cardId: string | null
      cardHolder: string | null
      orderId: string
      newContract: boolean
      now: Date
    },
  ): Promise<void> {
    const { now, orderId, newContract, ...rest } = values
    const common = {
      ...rest,
      status: 'ACTIVE' as const,
      canceledAt: null,
      graceUntil: null,
      renewalOrderId: null,
      updatedAt: now,
    }
    await db
      .insert(subscriptions)
      .values({ ...common, startedAt: now, firstOrderId: orderId })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: newContract ? { ...common, startedAt: now, firstOrderId: orderId } : common,
      })
  }

  async patchSubscription(
    db: DbOrTx,
    userId: string,
    patch: Partial<typeof subscriptions.$inferInsert>,
  ): Promise<void> {
    await db.update(subscriptions).set(patch).where(eq(subscriptions.userId, userId))
  }

  /** Live subscriptions in `status` whose `expiresAt` is at or before `until`, oldest first. */
  async listEndingBy(
    db: DbOrTx,
    status: SubscriptionRow['status'],
    method: PaymentMethod,
    until: Date,
  ): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, status),
          eq(subscriptions.paymentMethod, method),
          lte(subscriptions.expiresAt, until),
        ),
      )
      .orderBy(subscriptions.expiresAt)
  }

  /** Card tokens: one use, for their owner, before they expire. */
  async insertCardToken(
    db: DbOrTx,
    values: { userId: string; encrypted: string; holder: string; expiresAt: Date; now: Date },
  ): Promise<string> {
    const { now, ...rest } = values
    const [row] = await db
      .insert(cardTokens)
      .values({ ...rest, createdAt: now })
      .returning({ id: cardTokens.id })
    if (!row) throw new Error('insert into card_tokens returned nothing')
    return row.id
  }

  async takeCardToken(db: DbOrTx, userId: string, id: string, now: Date) {
    const [row] = await db
      .delete(cardTokens)
      .where(
        and(eq(cardTokens.id, id), eq(cardTokens.userId, userId), gt(cardTokens.expiresAt, now)),
      )
      .returning()
    return row
  }

  async purgeCardTokens(db: DbOrTx, now: Date): Promise<void> {
    await db.delete(cardTokens).where(lte(cardTokens.expiresAt, now))
  }

  async setSubscriptionStatus(
    db: DbOrTx,
    userId: string,
    status: SubscriptionRow['status'],
    now: Date,
  ): Promise<void> {
    await db
      .update(subscriptions)
      .set({ status, updatedAt: now, ...(status === 'CANCELED' ? { canceledAt: now } : {}) })
      .where(eq(subscriptions.userId, userId))
  }

  /**
   * Ends what renews no more: cancelled subscriptions at the end of their period, past-due ones
   * at the end of their grace. Returns whose they were (and any PIX left unpaid).
   */
  async expireDue(
    db: DbOrTx,
    now: Date,
  ): Promise<Array<{ userId: string; renewalOrderId: string | null }>> {
    return db
      .update(subscriptions)
      .set({ status: 'EXPIRED', updatedAt: now })
      .where(
        or(
          and(eq(subscriptions.status, 'CANCELED'), lte(subscriptions.expiresAt, now)),
          and(eq(subscriptions.status, 'PAST_DUE'), lte(subscriptions.graceUntil, now)),
          // A past-due row without a grace date (never written so) must not live forever.
          and(eq(subscriptions.status, 'PAST_DUE'), isNull(subscriptions.graceUntil)),
        ),
      )
      .returning({ userId: subscriptions.userId, renewalOrderId: subscriptions.renewalOrderId })
  }

  async redeemCoupon(db: DbOrTx, couponId: number, userId: string, now: Date): Promise<void> {
    await db
      .insert(couponRedemptions)
      .values({ couponId, userId, redeemedAt: now })
      .onConflictDoNothing()
  }
}
