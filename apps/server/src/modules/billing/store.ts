import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { BillingCycle } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { couponRedemptions, coupons, plans, waitlistEntries } from '../../db/schema'

export type PlanRow = typeof plans.$inferSelect
export type CouponRow = typeof coupons.$inferSelect
export type NewPlan = typeof plans.$inferInsert

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

  async findCoupon(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code))
    return row
  }

  async redemptions(db: DbOrTx, couponId: number, userId: string) {
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

  /** One of a limited plan's spots is taken (plans without a limit have `spots` null). */
  async takeSpot(db: DbOrTx, planId: number): Promise<void> {
    await db
      .update(plans)
      .set({ spots: sql`${plans.spots} - 1` })
      .where(and(eq(plans.id, planId), gt(plans.spots, 0)))
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
