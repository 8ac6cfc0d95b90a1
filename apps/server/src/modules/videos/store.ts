import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, notInArray, or } from 'drizzle-orm'
import type { VideoStatus } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { plans, subscriptions, videos } from '../../db/schema'

export type VideoRow = typeof videos.$inferSelect
export type NewVideo = typeof videos.$inferInsert

export class VideosStore {
  async insert(db: DbOrTx, values: NewVideo): Promise<VideoRow> {
    const [row] = await db.insert(videos).values(values).returning()
    if (!row) throw new Error('insert into videos returned nothing')
    return row
  }

  /** A player's video; a cancelled one is gone for them. */
  async find(db: DbOrTx, userId: string, id: number): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.userId, userId), ne(videos.status, 'CANCELLED')))
    return row
  }

  /** For the upload URL and jobs, whose caller is proven by a signature or the queue. */
  async findById(db: DbOrTx, id: number): Promise<VideoRow | undefined> {
    const [row] = await db.select().from(videos).where(eq(videos.id, id))
    return row
  }

  list(db: DbOrTx, userId: string): Promise<VideoRow[]> {
    return db
      .select()
      .from(videos)
      .where(and(eq(videos.userId, userId), ne(videos.status, 'CANCELLED')))
      .orderBy(desc(videos.createdAt), desc(videos.id))
  }

  listByStatus(db: DbOrTx, userId: string, status: VideoStatus): Promise<VideoRow[]> {
    return db
      .select()
      .from(videos)
      .where(and(eq(videos.userId, userId), eq(videos.status, status)))
      .orderBy(asc(videos.id))
  }

  async awaitingGameInfo(db: DbOrTx, userId: string): Promise<VideoRow | undefined> {
    const [row] = await db
      .select()
      .from(videos)
      .where(
        and(
          eq(videos.userId, userId),
          eq(videos.awaitingGameInfo, true),
          ne(videos.status, 'CANCELLED'),
        ),
      )
      .orderBy(desc(videos.id))
      .limit(1)
    return row
  }

  /**
   * Videos that use the month's allowance: all since `since` except refused ones and those
   * cancelled before the gate accepted them (a mistaken send costs nothing).
   */
  async countForAllowance(db: DbOrTx, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(videos)
      .where(
        and(
          eq(videos.userId, userId),
          gte(videos.createdAt, since),
          or(notInArray(videos.status, ['FAILED', 'CANCELLED']), isNotNull(videos.acceptedAt)),
        ),
      )
    return row?.n ?? 0
  }

  /** The monthly video allowance of the player's current plan (plans keep limits as data). */
  async monthlyVideoLimit(db: DbOrTx, userId: string): Promise<number | null> {
    const [row] = await db
      .select({ limit: plans.monthlyVideoLimit })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
    return row?.limit ?? null
  }

  async update(
    db: DbOrTx,
    id: number,
    patch: Partial<NewVideo>,
    onlyIn?: VideoStatus[],
  ): Promise<VideoRow | undefined> {
    const [row] = await db
      .update(videos)
      .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
      .where(and(eq(videos.id, id), onlyIn ? inArray(videos.status, onlyIn) : undefined))
      .returning()
    return row
  }

  async clearAwaitingGameInfo(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(videos)
      .set({ awaitingGameInfo: false })
      .where(and(eq(videos.userId, userId), eq(videos.awaitingGameInfo, true)))
  }

  async storageKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db
      .select({ key: videos.storageKey })
      .from(videos)
      .where(eq(videos.userId, userId))
    return rows.map((r) => r.key)
  }
}
