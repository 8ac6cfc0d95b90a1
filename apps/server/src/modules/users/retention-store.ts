import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import {
  auditLog,
  orders,
  plans,
  profiles,
  pushSubscriptions,
  retainedRecords,
  sessions,
  users,
  videos,
} from '../../db/schema'

/** What identifies a player outside the rows that cascade with their account. */
export interface Footprint {
  userId: string
  email: string
  name: string | null
  taxId: string | null
  videoIds: number[]
  pushSubscriptionIds: number[]
}

export type RetainedInsert = typeof retainedRecords.$inferInsert
export type AuditRow = typeof auditLog.$inferSelect

/**
 * SQL of account deletion that reaches past the users table: the account's footprint, the
 * records the law makes us keep, and the audit entries that name the player. It reads other
 * modules' tables on purpose: deletion must see everything a player left, wherever it lives.
 */
export class RetentionStore {
  async footprint(db: DbOrTx, userId: string): Promise<Footprint | undefined> {
    const [row] = await db
      .select({ email: users.email, name: users.name, taxId: profiles.taxId })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
    if (!row) return undefined
    const videoRows = await db
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.userId, userId))
    const pushRows = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
    return {
      userId,
      ...row,
      videoIds: videoRows.map((v) => v.id),
      pushSubscriptionIds: pushRows.map((p) => p.id),
    }
  }

  paidOrders(db: DbOrTx, userId: string) {
    return db
      .select({ order: orders, planSlug: plans.slug, planName: plans.name })
      .from(orders)
      .innerJoin(plans, eq(plans.id, orders.planId))
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
      .orderBy(asc(orders.createdAt))
  }

  sessionsUsedSince(db: DbOrTx, userId: string, since: Date) {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gte(sessions.lastUsedAt, since)))
      .orderBy(asc(sessions.createdAt))
  }

  async retain(db: DbOrTx, rows: RetainedInsert[]): Promise<void> {
    if (rows.length > 0) await db.insert(retainedRecords).values(rows)
  }

  /**
   * Audit entries about the player: aimed at their account or one of their videos, or naming
   * their id or e-mail in the details.
   */
  auditAbout(db: DbOrTx, footprint: Footprint): Promise<AuditRow[]> {
    const patterns = [footprint.userId, footprint.email].map((n) => `%${escapeLike(n)}%`)
    return db
      .select()
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, footprint.userId)),
          footprint.videoIds.length > 0
            ? and(
                inArray(auditLog.targetType, VIDEO_TARGETS),
                inArray(auditLog.targetId, footprint.videoIds.map(String)),
              )
            : undefined,
          ...patterns.map((p) => sql`${auditLog.details}::text ILIKE ${p}`),
        ),
      )
      .orderBy(asc(auditLog.id))
  }

  async rewriteAudit(
    db: DbOrTx,
    id: number,
    targetId: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await db.update(auditLog).set({ targetId, details }).where(eq(auditLog.id, id))
  }

  async deleteExpired(db: DbOrTx, now: Date): Promise<number> {
    const gone = await db
      .delete(retainedRecords)
      .where(lt(retainedRecords.keepUntil, now))
      .returning({ id: retainedRecords.id })
    return gone.length
  }
}

/** Audit targets that name a video by its id (the console's video and analysis actions). */
export const VIDEO_TARGETS = ['video', 'analysis']

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
