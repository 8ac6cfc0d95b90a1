import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../adapters/db'
import { reportShares, videos } from '../../db/schema'

/** The live link of each shared report, by the hash of its token. */
export class ReportSharesStore {
  /**
   * Makes the video's link, replacing any earlier one (which stops working, and so do the media
   * URLs signed for it: the link gets a new id).
   */
  async put(
    db: DbOrTx,
    values: { videoId: number; tokenHash: string; includePartner: boolean; now: Date },
  ) {
    const set = {
      tokenHash: values.tokenHash,
      includePartner: values.includePartner,
      createdAt: values.now,
    }
    await db
      .insert(reportShares)
      .values({ videoId: values.videoId, ...set })
      .onConflictDoUpdate({
        target: reportShares.videoId,
        set: { ...set, shareId: sql`gen_random_uuid()` },
      })
  }

  async ofVideo(db: DbOrTx, videoId: number) {
    const [row] = await db.select().from(reportShares).where(eq(reportShares.videoId, videoId))
    return row
  }

  async remove(db: DbOrTx, videoId: number) {
    await db.delete(reportShares).where(eq(reportShares.videoId, videoId))
  }

  /** The shared video, its owner and what the link shows, by the token's hash. */
  async byHash(db: DbOrTx, tokenHash: string) {
    return this.live(db, eq(reportShares.tokenHash, tokenHash))
  }

  /** The same, by the id its media URLs are signed with. */
  async byShareId(db: DbOrTx, shareId: string) {
    return this.live(db, eq(reportShares.shareId, shareId))
  }

  private async live(db: DbOrTx, where: ReturnType<typeof eq>) {
    const [row] = await db
      .select({
        videoId: reportShares.videoId,
        userId: videos.userId,
        shareId: reportShares.shareId,
        includePartner: reportShares.includePartner,
      })
      .from(reportShares)
      .innerJoin(videos, eq(videos.id, reportShares.videoId))
      .where(where)
    return row
  }
}
