import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import {
  auditLog,
  couponRedemptions,
  coupons,
  localMailbox,
  mailOutbox,
  plans,
  subscriptions,
  users,
  videos,
  waitlistEntries,
} from '../../db/schema'

export type AuditInsert = typeof auditLog.$inferInsert

/** Accepted by the quality gate and not yet reported: what the analysts still owe a player. */
export const WAITING_STATUSES = ['QUEUED', 'ANALYZING', 'IN_REVIEW'] as const

/** `%`, `_` and `\` are LIKE wildcards; a search for "a_b" means those three characters. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const waitingSince = sql<Date>`coalesce(${videos.acceptedAt}, ${videos.createdAt})`

/** The console's SQL. It reads across modules' tables, but writes only what the console owns. */
export class AdminStore {
  async overview(db: DbOrTx, overdueBefore: Date) {
    const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
    const players = one(db.select({ n: count() }).from(users).where(eq(users.role, 'USER')))
    const paying = one(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'USER'), eq(users.paymentStatus, 'PAYMENT_OK'))),
    )
    const waiting = one(
      db
        .select({ n: count() })
        .from(videos)
        .where(inArray(videos.status, [...WAITING_STATUSES])),
    )
    const overdue = one(
      db
        .select({ n: count() })
        .from(videos)
        .where(and(inArray(videos.status, [...WAITING_STATUSES]), lt(waitingSince, overdueBefore))),
    )
    const line = one(
      db.select({ n: count() }).from(waitlistEntries).where(isNull(waitlistEntries.notifiedAt)),
    )
    const [p, pay, w, o, l] = await Promise.all([players, paying, waiting, overdue, line])
    return { players: p, paying: pay, waiting: w, overdue: o, waitlist: l }
  }

  waitingVideos(db: DbOrTx) {
    return db
      .select({
        id: videos.id,
        email: users.email,
        status: videos.status,
        since: waitingSince,
      })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.userId))
      .where(inArray(videos.status, [...WAITING_STATUSES]))
      .orderBy(asc(waitingSince))
      .limit(500)
  }

  async players(db: DbOrTx, q: string | undefined, page: number, pageSize: number) {
    const where = q
      ? or(ilike(users.email, likePattern(q)), ilike(users.name, likePattern(q)))
      : undefined
    const [total] = await db.select({ n: count() }).from(users).where(where)
    const rows = await db
      .select({ user: users, subscription: subscriptions, planName: plans.name })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return { total: total?.n ?? 0, rows }
  }

  async findPlayer(db: DbOrTx, id: string) {
    const [row] = await db
      .select({ user: users, subscription: subscriptions, planName: plans.name })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(users.id, id))
    return row
  }

  allPlans(db: DbOrTx) {
    return db.select().from(plans).orderBy(asc(plans.position), asc(plans.id))
  }

  async findPlan(db: DbOrTx, id: number) {
    const [row] = await db.select().from(plans).where(eq(plans.id, id))
    return row
  }

  coupons(db: DbOrTx) {
    return db
      .select({ coupon: coupons, redemptions: count(couponRedemptions.id) })
      .from(coupons)
      .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
      .groupBy(coupons.id)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
  }

  async findCoupon(db: DbOrTx, id: number) {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
    return row
  }

  redemptionsOf(db: DbOrTx, couponId: number) {
    return db
      .select({ id: couponRedemptions.id, email: users.email, at: couponRedemptions.redeemedAt })
      .from(couponRedemptions)
      .leftJoin(users, eq(users.id, couponRedemptions.userId))
      .where(eq(couponRedemptions.couponId, couponId))
      .orderBy(desc(couponRedemptions.redeemedAt))
  }

  /** The line in order of arrival (id breaks ties of the same instant). */
  waitlist(db: DbOrTx, onlyWaiting = false) {
    return db
      .select({
        entry: waitlistEntries,
        email: users.email,
        name: users.name,
        planName: plans.name,
      })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.userId))
      .innerJoin(plans, eq(plans.id, waitlistEntries.planId))
      .where(onlyWaiting ? isNull(waitlistEntries.notifiedAt) : undefined)
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .$dynamic()
  }

  /** Locks the next `n` waiting rows, so two operators opening spots at once invite different people. */
  nextWaiting(db: DbOrTx, n: number) {
    return this.waitlist(db, true).limit(n).for('update', { of: waitlistEntries, skipLocked: true })
  }

  outbox(db: DbOrTx, limit = 200) {
    return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit)
  }

  mailbox(db: DbOrTx, limit = 200) {
    return db.select().from(localMailbox).orderBy(desc(localMailbox.id)).limit(limit)
  }

  async audit(db: DbOrTx, row: AuditInsert): Promise<void> {
    await db.insert(auditLog).values(row)
  }

  auditLog(db: DbOrTx, limit = 200) {
    return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit)
  }
}
