import { and, asc, count, eq, isNotNull } from 'drizzle-orm'
import type { BillingCycle } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { couponRedemptions, coupons, orders, plans, waitlistEntries } from '../../db/schema'

export type PlanRow = typeof plans.$inferSelect
export type CouponRow = typeof coupons.$inferSelect
export type NewPlan = typeof plans.$inferInsert
/** What an operator may change of a plan: not its slug, place or creation. */
export type PlanPatch = Partial<
  Omit<typeof plans.$inferInsert, 'id' | 'slug' | 'createdAt' | 'position'>
>
export type NewCoupon = typeof coupons.$inferInsert

export class BillingStore {
  listActivePlans(db: DbOrTx): Promise<PlanRow[]> {
    return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.position))
  }

  async insertPlansIfMissing(db: DbOrTx, rows: NewPlan[]): Promise<void> {
    await db.insert(plans).values(rows).onConflictDoNothing({ target: plans.slug })
  }

  async insertCouponIfMissing(db: DbOrTx, row: typeof coupons.$inferInsert): Promise<void> {
    await db.insert(coupons).values(row).onConflictDoNothing({ target: coupons.code })
  }

  async updatePlan(db: DbOrTx, id: number, patch: PlanPatch): Promise<PlanRow | undefined> {
    const [row] = await db.update(plans).set(patch).where(eq(plans.id, id)).returning()
    return row
  }

  async insertCoupon(db: DbOrTx, values: NewCoupon): Promise<CouponRow> {
    const [row] = await db.insert(coupons).values(values).returning()
    if (!row) throw new Error('insert into coupons returned nothing')
    return row
  }

  async expireCoupon(db: DbOrTx, id: number, now: Date): Promise<void> {
    await db.update(coupons).set({ active: false, validUntil: now }).where(eq(coupons.id, id))
  }

  async markInvited(db: DbOrTx, entryId: number, now: Date): Promise<void> {
    await db.update(waitlistEntries).set({ notifiedAt: now }).where(eq(waitlistEntries.id, entryId))
  }

  async findCoupon(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code))
    return row
  }

  /**
   * Uses of a coupon: in all, and by this player, telling apart the one held by the player's
   * own open order (it is given back if the player orders again).
   */
  async redemptions(db: DbOrTx, couponId: number, userId: string) {
    const rows = await db
      .select({ userId: couponRedemptions.userId, orderStatus: orders.status, n: count() })
      .from(couponRedemptions)
      .leftJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(eq(couponRedemptions.couponId, couponId))
      .groupBy(couponRedemptions.userId, orders.status)
    let total = 0
    let byUser = 0
    let heldByUser = 0
    for (const row of rows) {
      total += row.n
      if (row.userId !== userId) continue
      if (row.orderStatus === 'PENDING') heldByUser += row.n
      else byUser += row.n
    }
    return { total, byUser, heldByUser }
  }

  /** The plan a player was invited to buy when an operator opened spots, if any. */
  async invitedPlanId(db: DbOrTx, userId: string): Promise<number | null> {
    const [row] = await db
      .select({ planId: waitlistEntries.planId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.userId, userId), isNotNull(waitlistEntries.notifiedAt)))
    return row?.planId ?? null
  }

  /** A player who subscribed is no longer waiting. */
  async leaveWaitlist(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId))
  }

  /** One place in line per player; joining again updates the choice but keeps the place. */
  async upsertWaitlistEntry(
    db: DbOrTx,
    values: {
      userId: string
      planId: number
      billingCycle: BillingCycle
      finalPriceCents: number
      couponCode: string | null
    },
  ): Promise<void> {
    const { userId: _userId, ...choice } = values
    await db
      .insert(waitlistEntries)
      .values(values)
      .onConflictDoUpdate({ target: waitlistEntries.userId, set: { ...choice, notifiedAt: null } })
  }
}
