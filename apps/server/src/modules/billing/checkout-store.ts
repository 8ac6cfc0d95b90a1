import { and, count, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { BillingCycle, PaymentMethod } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import {
  cardTokens,
  couponRedemptions,
  coupons,
  orders,
  plans,
  subscriptions,
  users,
} from '../../db/schema'

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

  /** A plan by id even if it left the catalogue (a subscriber may still be on it). */
  async findAnyPlan(db: DbOrTx, id: number) {
    const [row] = await db.select().from(plans).where(eq(plans.id, id))
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
      spotHeld?: boolean
      upgradeCreditCents?: number | null
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
      cardBrand: string | null
      cardLast4: string | null
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
      nextPlanId: null,
      nextBillingCycle: null,
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

  /** Access ends now: nothing renews, no grace period is left. */
  async endSubscriptionNow(db: DbOrTx, userId: string, now: Date): Promise<void> {
    await this.patchSubscription(db, userId, {
      status: 'EXPIRED',
      expiresAt: now,
      canceledAt: now,
      graceUntil: null,
      renewalOrderId: null,
      updatedAt: now,
    })
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

  /** A use of a coupon by an order paid before uses were claimed with the order. */
  async redeemCoupon(db: DbOrTx, couponId: number, userId: string, now: Date): Promise<void> {
    await db
      .insert(couponRedemptions)
      .values({ couponId, userId, redeemedAt: now })
      .onConflictDoNothing()
  }

  /**
   * Purchases of one player run one at a time: the player's row is locked until the
   * transaction ends, so a second request waits and then sees what the first one did.
   */
  async lockPlayer(db: DbOrTx, userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  }

  /** The player's purchase in progress (the partial unique index allows one). */
  async findOpenPurchase(db: DbOrTx, userId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(
        and(eq(orders.userId, userId), eq(orders.status, 'PENDING'), eq(orders.renewal, false)),
      )
    return row
  }

  /**
   * One of a limited plan's spots for an order, or false when none is left. Plans without a
   * limit (`spots` null) need none: 'unlimited'.
   */
  async claimSpot(db: DbOrTx, planId: number): Promise<'claimed' | 'unlimited' | false> {
    const [plan] = await db
      .select({ spots: plans.spots })
      .from(plans)
      .where(eq(plans.id, planId))
      .for('update')
    if (!plan || plan.spots === null) return 'unlimited'
    const taken = await db
      .update(plans)
      .set({ spots: sql`${plans.spots} - 1` })
      .where(and(eq(plans.id, planId), gt(plans.spots, 0)))
      .returning({ id: plans.id })
    return taken.length === 1 ? 'claimed' : false
  }

  /** The coupon row, locked: uses of one coupon are counted and claimed one at a time. */
  async lockCoupon(db: DbOrTx, couponId: number) {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId)).for('update')
    return row
  }

  async couponUses(db: DbOrTx, couponId: number, userId: string) {
    const [total] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId))
    const [mine] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    return { total: total?.n ?? 0, byUser: mine?.n ?? 0 }
  }

  async claimCoupon(
    db: DbOrTx,
    values: { couponId: number; userId: string; orderId: string; now: Date },
  ): Promise<void> {
    await db.insert(couponRedemptions).values({
      couponId: values.couponId,
      userId: values.userId,
      orderId: values.orderId,
      redeemedAt: values.now,
    })
  }

  /**
   * What an order that will not be paid (or was refunded) gives back: its coupon use and its
   * spot. Each is given back once however often this runs.
   */
  async releaseHolds(db: DbOrTx, orderId: string): Promise<void> {
    await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId))
    await this.releaseSpot(db, orderId)
  }

  /** The spot an order held goes back on sale (once). */
  async releaseSpot(db: DbOrTx, orderId: string): Promise<void> {
    const [freed] = await db
      .update(orders)
      .set({ spotHeld: false })
      .where(and(eq(orders.id, orderId), eq(orders.spotHeld, true)))
      .returning({ planId: orders.planId })
    if (freed) {
      await db
        .update(plans)
        .set({ spots: sql`${plans.spots} + 1` })
        .where(and(eq(plans.id, freed.planId), isNotNull(plans.spots)))
    }
  }

  /** PENDING → CANCELED for an order that will not be paid; false if it was settled first. */
  async cancelPending(
    db: DbOrTx,
    id: string,
    patch: { failureMessage?: string } = {},
  ): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({ status: 'CANCELED', ...patch })
      .where(and(eq(orders.id, id), eq(orders.status, 'PENDING')))
      .returning({ id: orders.id })
    return rows.length === 1
  }

  /** The player's other open orders (a purchase or a renewal PIX), when a payment settles things. */
  async otherOpenOrders(db: DbOrTx, userId: string, exceptId: string): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'PENDING'), ne(orders.id, exceptId)))
  }

  /** Checkout PIX codes past their expiry that nobody paid. */
  async listExpiredPix(db: DbOrTx, now: Date): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'PENDING'),
          eq(orders.renewal, false),
          eq(orders.paymentMethod, 'PIX'),
          lte(orders.pixExpiresAt, now),
        ),
      )
  }

  /** Records money given back, once (false when it was already recorded). */
  async markRefunded(db: DbOrTx, id: string, now: Date, reason: string): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({ status: 'CANCELED', refundedAt: now, refundReason: reason })
      .where(and(eq(orders.id, id), isNull(orders.refundedAt)))
      .returning({ id: orders.id })
    return rows.length === 1
  }

  /** The player's last paid order: the one paying for the period running now. */
  async latestPaidOrder(db: DbOrTx, userId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt), isNull(orders.refundedAt)))
      .orderBy(desc(orders.paidAt))
      .limit(1)
    return row
  }

  /** Paid orders of a player, newest first: their receipts. */
  async paidOrders(db: DbOrTx, userId: string) {
    return db
      .select({ order: orders, planName: plans.name })
      .from(orders)
      .innerJoin(plans, eq(plans.id, orders.planId))
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
      .orderBy(desc(orders.paidAt))
  }

  async findPaidOrderOfUser(db: DbOrTx, userId: string, id: string) {
    const [row] = await db
      .select({ order: orders, planName: plans.name })
      .from(orders)
      .innerJoin(plans, eq(plans.id, orders.planId))
      .where(and(eq(orders.id, id), eq(orders.userId, userId), isNotNull(orders.paidAt)))
    return row
  }
}
