import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { reportShares, videos } from '../../db/schema'

/** The live link of each shared report, by the hash of its token. */
export class ReportSharesStore {
  /** Makes the video's link, replacing any earlier one (which stops working). */
  async put(db: DbOrTx, videoId: number, tokenHash: string, now: Date) {
    await db
      .insert(reportShares)
      .values({ videoId, tokenHash, createdAt: now })
      .onConflictDoUpdate({ target: reportShares.videoId, set: { tokenHash, createdAt: now } })
  }

  async ofVideo(db: DbOrTx, videoId: number) {
    const [row] = await db.select().from(reportShares).where(eq(reportShares.videoId, videoId))
    return row
  }

  async remove(db: DbOrTx, videoId: number) {
    await db.delete(reportShares).where(eq(reportShares.videoId, videoId))
  }

  /** The shared video and its owner, by the token's hash. */
  async byHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ videoId: reportShares.videoId, userId: videos.userId })
      .from(reportShares)
      .innerJoin(videos, eq(videos.id, reportShares.videoId))
      .where(eq(reportShares.tokenHash, tokenHash))
    return row
  }
}
