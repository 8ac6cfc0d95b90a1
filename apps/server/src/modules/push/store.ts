import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { pushSubscriptions } from '../../db/schema'

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

export class PushStore {
  /** A browser's endpoint is unique: when another account subscribes it, the endpoint moves. */
  async upsert(
    db: DbOrTx,
    values: {
      userId: string
      endpoint: string
      p256dh: string
      auth: string
      userAgent: string | null
    },
  ): Promise<void> {
    const { endpoint: _endpoint, ...rest } = values
    await db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...rest, lastSuccessAt: null },
      })
  }

  async deleteForUser(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id })
    return rows.length > 0
  }

  async deleteById(db: DbOrTx, id: number): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
  }

  listForUser(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
    return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  }

  async findByEndpoint(db: DbOrTx, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
    return row
  }

  async findById(db: DbOrTx, id: number): Promise<PushSubscriptionRow | undefined> {
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    return row
  }

  async markDelivered(db: DbOrTx, id: number, now: Date): Promise<void> {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now })
      .where(eq(pushSubscriptions.id, id))
  }
}
