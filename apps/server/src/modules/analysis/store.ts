import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { AnalysisStage, VideoStatus } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { plans, subscriptions, users, videoAnalyses, videos } from '../../db/schema'

export type AnalysisRow = typeof videoAnalyses.$inferSelect
export type AnalysisPatch = Partial<typeof videoAnalyses.$inferInsert>

/** Videos an analyst still has to deal with: waiting, being analysed or waiting for review. */
export const IN_QUEUE: VideoStatus[] = ['QUEUED', 'ANALYZING', 'IN_REVIEW']

/** A plan's turnaround when the player has none (the plans' own default). */
const DEFAULT_TURNAROUND_HOURS = 24

/**
 * The one promise, the same for the player's "Previsão" and the analysts' queue: from the moment
 * the analysis could start (the player said who they are, and its row was made), the plan's
 * turnaround. Needs `videos`, `video_analyses` and `plans` (through the player's subscription)
 * in the query.
 */
export const promisedAt = sql<Date>`coalesce(${videoAnalyses.createdAt}, ${videos.updatedAt}) + (coalesce(${plans.analysisTurnaroundHours}, ${sql.raw(String(DEFAULT_TURNAROUND_HOURS))}) * interval '1 hour')`

const reviewColumns = {
  video: videos,
  analysis: videoAnalyses,
  playerName: users.name,
  playerEmail: users.email,
  planName: plans.name,
  humanReview: plans.humanReview,
  promisedAt: promisedAt.mapWith(videos.createdAt),
}

export type ReviewRow = {
  video: typeof videos.$inferSelect
  analysis: AnalysisRow | null
  playerName: string | null
  playerEmail: string
  planName: string | null
  humanReview: boolean | null
  promisedAt: Date
}

export class AnalysisStore {
  /** The analyst's queue, the most urgent promise first. */
  queue(db: DbOrTx): Promise<ReviewRow[]> {
    return this.reviewQuery(db)
      .where(inArray(videos.status, IN_QUEUE))
      .orderBy(asc(promisedAt), asc(videos.id))
      .limit(500)
  }

  /** One video as the analyst sees it (any player's; cancelled ones are gone). */
  async review(db: DbOrTx, videoId: number): Promise<ReviewRow | undefined> {
    const [row] = await this.reviewQuery(db).where(
      and(eq(videos.id, videoId), ne(videos.status, 'CANCELLED')),
    )
    return row
  }

  private reviewQuery(db: DbOrTx) {
    return db
      .select(reviewColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.userId))
      .leftJoin(videoAnalyses, eq(videoAnalyses.videoId, videos.id))
      .leftJoin(subscriptions, eq(subscriptions.userId, videos.userId))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .$dynamic()
  }

  /** The artifacts of every analysis of a player's videos (the pictures of Meus Vídeos). */
  artifactsOfUser(
    db: DbOrTx,
    userId: string,
  ): Promise<Array<{ videoId: number; artifacts: Record<string, unknown> }>> {
    return db
      .select({ videoId: videoAnalyses.videoId, artifacts: videoAnalyses.artifacts })
      .from(videoAnalyses)
      .innerJoin(videos, eq(videos.id, videoAnalyses.videoId))
      .where(eq(videos.userId, userId))
  }

  /** A player's videos past their upload, with what their analyses made (the data export). */
  filesOfUser(db: DbOrTx, userId: string) {
    return db
      .select({
        videoId: videos.id,
        storageKey: videos.storageKey,
        contentType: videos.contentType,
        artifacts: videoAnalyses.artifacts,
      })
      .from(videos)
      .leftJoin(videoAnalyses, eq(videoAnalyses.videoId, videos.id))
      .where(and(eq(videos.userId, userId), notInArray(videos.status, ['UPLOADING', 'CANCELLED'])))
      .orderBy(asc(videos.id))
  }

  /** The source file of a video (the analyst's media and the report's). */
  async videoFile(db: DbOrTx, videoId: number) {
    const [row] = await db
      .select({
        status: videos.status,
        storageKey: videos.storageKey,
        contentType: videos.contentType,
      })
      .from(videos)
      .where(eq(videos.id, videoId))
    return row
  }

  async analysisOf(db: DbOrTx, videoId: number): Promise<AnalysisRow | undefined> {
    const [row] = await db.select().from(videoAnalyses).where(eq(videoAnalyses.videoId, videoId))
    return row
  }

  /** A player's own published analysis (another player's id finds nothing). */
  async published(db: DbOrTx, userId: string, videoId: number) {
    const [row] = await db
      .select({ video: videos, analysis: videoAnalyses })
      .from(videos)
      .innerJoin(videoAnalyses, eq(videoAnalyses.videoId, videos.id))
      .where(
        and(
          eq(videos.id, videoId),
          eq(videos.userId, userId),
          eq(videos.status, 'READY'),
          eq(videoAnalyses.stage, 'PUBLISHED'),
        ),
      )
    return row
  }

  /** The newest published report not yet handed out by check-for-report, claimed atomically. */
  async claimUnseenReport(db: DbOrTx, userId: string, now: Date) {
    const [candidate] = await db
      .select({ videoId: videoAnalyses.videoId })
      .from(videoAnalyses)
      .innerJoin(videos, eq(videos.id, videoAnalyses.videoId))
      .where(
        and(
          eq(videos.userId, userId),
          eq(videos.status, 'READY'),
          eq(videoAnalyses.stage, 'PUBLISHED'),
          isNull(videoAnalyses.reportSeenAt),
        ),
      )
      .orderBy(desc(videoAnalyses.publishedAt), desc(videoAnalyses.videoId))
      .limit(1)
    if (!candidate) return undefined
    // Two calls at once: only the one whose update matched hands the report out.
    const [claimed] = await db
      .update(videoAnalyses)
      .set({ reportSeenAt: now })
      .where(and(eq(videoAnalyses.videoId, candidate.videoId), isNull(videoAnalyses.reportSeenAt)))
      .returning()
    return claimed
  }

  async updateAnalysis(
    db: DbOrTx,
    videoId: number,
    patch: AnalysisPatch,
    onlyIn?: AnalysisStage[],
  ): Promise<AnalysisRow | undefined> {
    const [row] = await db
      .update(videoAnalyses)
      .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
      .where(
        and(
          eq(videoAnalyses.videoId, videoId),
          onlyIn ? inArray(videoAnalyses.stage, onlyIn) : undefined,
        ),
      )
      .returning()
    return row
  }

  /** Creates the row when the pipeline never did (a video rejected before it was analysed). */
  async ensureAnalysis(db: DbOrTx, videoId: number): Promise<void> {
    await db.insert(videoAnalyses).values({ videoId }).onConflictDoNothing()
  }
}
