import type { MatchTags } from '@areia/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { matchTags } from '../../db/schema'

export type MatchTagsRow = typeof matchTags.$inferSelect

/** The analyst's tags of a video, saved whole; each save must name the revision it started from. */
export class TagsStore {
  async get(db: DbOrTx, videoId: number): Promise<MatchTagsRow | undefined> {
    const [row] = await db.select().from(matchTags).where(eq(matchTags.videoId, videoId))
    return row
  }

  /**
   * Writes revision `from + 1` only if the stored revision is still `from` (0: none stored yet);
   * undefined when another save got there first.
   */
  async save(
    db: DbOrTx,
    row: { videoId: number; from: number; tags: MatchTags; savedBy: string; savedAt: Date },
  ): Promise<MatchTagsRow | undefined> {
    const values = { tags: row.tags, savedBy: row.savedBy, savedAt: row.savedAt }
    if (row.from === 0) {
      const [inserted] = await db
        .insert(matchTags)
        .values({ videoId: row.videoId, revision: 1, ...values })
        .onConflictDoNothing()
        .returning()
      return inserted
    }
    // The next revision is counted by the database from the stored one: a client's revision is
    // only compared, never incremented here, so none can overflow the column.
    const [updated] = await db
      .update(matchTags)
      .set({ ...values, revision: sql`${matchTags.revision} + 1` })
      .where(and(eq(matchTags.videoId, row.videoId), eq(matchTags.revision, row.from)))
      .returning()
    return updated
  }
}
