import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../../src/adapters/db'
import { analysisChunks, videoAnalyses, videos } from '../../src/db/schema'
import { eq } from 'drizzle-orm'
import type { Corners } from '@areia/vision'

/** Court corners of a 960×540 generated match (the vision suite's camera). */
export const CORNERS_960: Corners = [
  { x: 130, y: 520 },
  { x: 830, y: 520 },
  { x: 660, y: 190 },
  { x: 300, y: 190 },
]

/** A match with two rallies, short enough for the server suites (10 s, 960×540, 10 fps). */
export const SHORT_MATCH = {
  width: 960,
  height: 540,
  fps: 10,
  durationSec: 10,
  corners: CORNERS_960,
  rallies: [
    [0.5, 4.5],
    [6, 9.5],
  ] as Array<[number, number]>,
}

/**
 * The app's settings for analysing in the test's own process: two children side by side, one
 * retry, and queue maintenance often enough for a test to see it.
 */
export const embeddedAnalysis = (dataDir: string, chunkSeconds: number) => ({
  DATA_DIR: dataDir,
  RUN_ANALYSIS: '1',
  ANALYSIS_CHUNK_SECONDS: String(chunkSeconds),
  ANALYSIS_CONCURRENCY: '2',
  ANALYSIS_RETRY_LIMIT: '1',
  JOB_MAINTENANCE_SECONDS: '2',
})

/**
 * A video row waiting for the player's answer, its file placed in local storage as an upload
 * would leave it (the quality gate's 30 s minimum is the videos suite's business, not this one's).
 */
export async function storedVideo(
  database: Database,
  storageDir: string,
  userId: string,
  file: string,
): Promise<number> {
  const storageKey = `users/${userId}/${randomUUID()}`
  fs.mkdirSync(path.dirname(path.join(storageDir, storageKey)), { recursive: true })
  fs.copyFileSync(file, path.join(storageDir, storageKey))
  const [row] = await database.db
    .insert(videos)
    .values({
      userId,
      source: 'GCS',
      status: 'AWAITING_IDENTIFICATION',
      storageKey,
      contentType: 'video/mp4',
      acceptedAt: new Date(),
    })
    .returning()
  if (!row) throw new Error('video insert failed')
  return row.id
}

/** The analysis row first: a stage the test waits for commits with the video's status. */
export async function analysisState(database: Database, videoId: number) {
  const [analysis] = await database.db
    .select()
    .from(videoAnalyses)
    .where(eq(videoAnalyses.videoId, videoId))
  const [video] = await database.db.select().from(videos).where(eq(videos.id, videoId))
  const chunks = await database.db
    .select()
    .from(analysisChunks)
    .where(eq(analysisChunks.videoId, videoId))
  return { video, analysis, chunks }
}

/** Files under a folder, relative to it (what the pipeline left in storage). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

/** Where an analysis run left its media, as its row names them. */
export type AnalysisArtifacts = {
  keyframe: string
  heatmaps: Record<string, string>
  clips: Record<string, string>
  highlights: string | null
}

/** Every storage key the artifacts name, sorted. */
export const artifactKeys = (artifacts: AnalysisArtifacts): string[] =>
  [
    artifacts.keyframe,
    ...Object.values(artifacts.heatmaps),
    ...Object.values(artifacts.clips),
    ...(artifacts.highlights ? [artifacts.highlights] : []),
  ].sort()

/** The storage keys of the files under a video's `analyses/{id}/` prefix in local storage. */
export const storedAnalysisKeys = (dataDir: string, videoId: number): string[] =>
  listFiles(path.join(dataDir, 'videos', `analyses/${videoId}`)).map(
    (f) => `analyses/${videoId}/${f}`,
  )
