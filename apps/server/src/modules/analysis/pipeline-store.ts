import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { AnalysisStage, CourtCorners } from '@areia/contracts'
import type { DbOrTx } from '../../adapters/db'
import { analysisChunks, videoAnalyses, videos } from '../../db/schema'

export type AnalysisRow = typeof videoAnalyses.$inferSelect
export type ChunkRow = typeof analysisChunks.$inferSelect

/** Analysis artifacts as storage keys: one shape, the schema the review side reads them with. */
export type { Artifacts } from './views'

/** Stages in which a run is still being computed (a job may act on it). */
export const RUNNING: AnalysisStage[] = ['QUEUED', 'PROBE', 'COURT', 'PLAYERS', 'MERGE', 'CLIPS']

/** SQL of the analysis pipeline: the analysis row, its chunks, and the video's status. */
export class PipelineStore {
  async video(db: DbOrTx, videoId: number) {
    const [row] = await db
      .select({
        id: videos.id,
        userId: videos.userId,
        status: videos.status,
        storageKey: videos.storageKey,
      })
      .from(videos)
      .where(eq(videos.id, videoId))
    return row
  }

  async analysis(db: DbOrTx, videoId: number): Promise<AnalysisRow | undefined> {
    const [row] = await db.select().from(videoAnalyses).where(eq(videoAnalyses.videoId, videoId))
    return row
  }

  /**
   * A first run, or run + 1 on a re-run: back to QUEUED with the previous outcome cleared.
   * Corners given (a person's) replace the previous ones; otherwise they are kept.
   */
  /** QUEUED videos untouched since `before` whose run never started (run null: no row at all). */
  async stalled(db: DbOrTx, before: Date): Promise<Array<{ videoId: number; run: number | null }>> {
    return db
      .select({ videoId: videos.id, run: videoAnalyses.run })
      .from(videos)
      .leftJoin(videoAnalyses, eq(videoAnalyses.videoId, videos.id))
      .where(
        and(
          eq(videos.status, 'QUEUED'),
          lt(videos.updatedAt, before),
          or(
            isNull(videoAnalyses.videoId),
            and(eq(videoAnalyses.stage, 'QUEUED'), lt(videoAnalyses.updatedAt, before)),
          ),
        ),
      )
      .orderBy(asc(videos.id))
      .limit(100)
  }

  async queue(db: DbOrTx, videoId: number, corners: CourtCorners | null, now: Date) {
    const [row] = await db
      .insert(videoAnalyses)
      .values({
        videoId,
        stage: 'QUEUED',
        percent: 0,
        run: 1,
        corners,
        cornersSource: corners ? 'confirmed' : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: videoAnalyses.videoId,
        set: {
          stage: 'QUEUED',
          percent: 0,
          run: sql`${videoAnalyses.run} + 1`,
          result: null,
          problem: null,
          failure: null,
          ...(corners ? { corners, cornersSource: 'confirmed' as const } : {}),
          updatedAt: now,
        },
      })
      .returning()
    if (!row) throw new Error('video_analyses upsert returned nothing')
    return row
  }

  /**
   * Moves a running run to `stage`; nothing when the run is not current or not in `from`. The
   * percent never goes back (a retried step starts its stage again).
   */
  async advance(
    db: DbOrTx,
    videoId: number,
    run: number,
    stage: AnalysisStage,
    percent: number,
    from: AnalysisStage[],
    patch: Partial<typeof videoAnalyses.$inferInsert> = {},
  ): Promise<AnalysisRow | undefined> {
    const [row] = await db
      .update(videoAnalyses)
      .set({
        ...patch,
        stage,
        percent: sql`GREATEST(${videoAnalyses.percent}, ${percent})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(videoAnalyses.videoId, videoId),
          eq(videoAnalyses.run, run),
          inArray(videoAnalyses.stage, from),
        ),
      )
      .returning()
    return row
  }

  /** Progress only goes forward, whichever process reports it; true when it moved. */
  async progress(
    db: DbOrTx,
    videoId: number,
    run: number,
    stage: AnalysisStage,
    percent: number,
  ): Promise<boolean> {
    const rows = await db
      .update(videoAnalyses)
      .set({ percent, updatedAt: new Date() })
      .where(
        and(
          eq(videoAnalyses.videoId, videoId),
          eq(videoAnalyses.run, run),
          eq(videoAnalyses.stage, stage),
          lt(videoAnalyses.percent, percent),
        ),
      )
      .returning({ v: videoAnalyses.videoId })
    return rows.length > 0
  }

  async insertChunks(
    db: DbOrTx,
    videoId: number,
    run: number,
    spans: Array<{ fromSec: number; toSec: number }>,
  ): Promise<void> {
    if (!spans.length) return
    await db
      .insert(analysisChunks)
      .values(spans.map((s, index) => ({ videoId, run, index, ...s })))
      .onConflictDoNothing()
  }

  chunks(db: DbOrTx, videoId: number, run: number): Promise<ChunkRow[]> {
    return db
      .select()
      .from(analysisChunks)
      .where(and(eq(analysisChunks.videoId, videoId), eq(analysisChunks.run, run)))
      .orderBy(asc(analysisChunks.index))
  }

  /** Stores a chunk's result once: a second attempt that also finished changes nothing. */
  async completeChunk(
    db: DbOrTx,
    videoId: number,
    run: number,
    index: number,
    result: Record<string, unknown>,
  ): Promise<boolean> {
    const rows = await db
      .update(analysisChunks)
      .set({ result, doneAt: new Date() })
      .where(
        and(
          eq(analysisChunks.videoId, videoId),
          eq(analysisChunks.run, run),
          eq(analysisChunks.index, index),
          isNull(analysisChunks.doneAt),
        ),
      )
      .returning({ i: analysisChunks.index })
    return rows.length > 0
  }

  /** Chunks of earlier runs: their results are never read again. */
  async dropOlderChunks(db: DbOrTx, videoId: number, run: number): Promise<void> {
    await db
      .delete(analysisChunks)
      .where(and(eq(analysisChunks.videoId, videoId), lt(analysisChunks.run, run)))
  }

  /** The last step's failure after its retries: the run goes to FAILED unless it already ended. */
  async fail(db: DbOrTx, videoId: number, run: number, failure: string): Promise<boolean> {
    const [row] = await db
      .update(videoAnalyses)
      .set({ stage: 'FAILED', failure, updatedAt: new Date() })
      .where(
        and(
          eq(videoAnalyses.videoId, videoId),
          eq(videoAnalyses.run, run),
          inArray(videoAnalyses.stage, RUNNING),
        ),
      )
      .returning({ v: videoAnalyses.videoId })
    return row !== undefined
  }

  /** Whether the video may still be analysed (not cancelled, rejected or published). */
  static analysable(status: string): boolean {
    return !['CANCELLED', 'FAILED', 'READY', 'UPLOADING', 'AWAITING_IDENTIFICATION'].includes(
      status,
    )
  }
}
