import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnalystVideo, PointTag, TokenPair } from '@areia/contracts'
import type { AnalysisResult } from '@areia/vision'
import { and, eq } from 'drizzle-orm'
import { chatMessages, coaches, users, videoAnalyses, videos } from '../../src/db/schema'
import { CoachingStore } from '../../src/modules/coaching/store'
import { bearer, signUpAndLogIn, type TestApp } from './app'
import { testDatabase } from './database'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/analysis')

/** A real vision result (see fixtures/analysis/README.md); a fresh copy per call. */
export const fixtureResult = (): AnalysisResult =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, 'result.json'), 'utf8')) as AnalysisResult

export const fixtureBytes = (name: 'clip.mp4' | 'heatmap.png' | 'keyframe.jpg') =>
  fs.readFileSync(path.join(FIXTURES, name))

/** The player's team, so the statistical coach can post the report. */
export async function withTeam(userId: string) {
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, userId))
  await new CoachingStore().insertCoaches(db, userId, [
    { name: 'Rafa', archetype: 'TECNICO', persona: {} },
    { name: 'Bia', archetype: 'MENTAL', persona: {} },
    { name: 'Leo', archetype: 'ESTATISTICO', persona: {} },
  ])
}

export async function staff(app: TestApp, email: string, role: 'ANALYST' | 'ADMIN') {
  const tokens = await signUpAndLogIn(app, email)
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role }).where(eq(users.email, email))
  return tokens
}

/**
 * A video the pipeline has finished with (written straight to the tables: these tests never run
 * the vision pipeline), its file and artifacts in the local storage under `dataDir/videos`.
 */
export async function seedAnalysed(
  app: TestApp,
  dataDir: string,
  userId: string,
  opts: {
    acceptedAt?: Date
    status?: 'QUEUED' | 'ANALYZING' | 'IN_REVIEW'
    stage?: 'QUEUED' | 'PLAYERS' | 'REVIEW' | 'FAILED'
    result?: AnalysisResult | null
    problem?: string | null
    gameDate?: string
  } = {},
): Promise<number> {
  const { db } = await testDatabase({ reset: false })
  const accepted = opts.acceptedAt ?? app.clock.now()
  const storageKey = `users/${userId}/${randomUUID()}`
  const write = (key: string, bytes: Buffer) => {
    const file = path.join(dataDir, 'videos', key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, bytes)
  }
  write(storageKey, fixtureBytes('clip.mp4'))
  const [video] = await db
    .insert(videos)
    .values({
      userId,
      source: 'GCS',
      status: opts.status ?? 'IN_REVIEW',
      contentType: 'video/mp4',
      storageKey,
      sizeBytes: fixtureBytes('clip.mp4').length,
      probe: {
        container: 'mp4',
        codec: 'h264',
        duration_seconds: 12,
        width: 960,
        height: 540,
        fps: 10,
      },
      playerIdentifier: 2,
      gameDate: opts.gameDate ?? null,
      gameOutcome: opts.gameDate ? 'WON' : null,
      gameScore: opts.gameDate ? '6/4' : null,
      createdAt: accepted,
      acceptedAt: accepted,
      updatedAt: accepted,
    })
    .returning()
  if (!video) throw new Error('video insert failed')
  const run = `analyses/${video.id}/run-1/`
  const heatmaps: Record<string, string> = {}
  for (const id of [1, 2, 3, 4]) {
    heatmaps[String(id)] = `${run}heatmap-${id}.png`
    write(heatmaps[String(id)]!, fixtureBytes('heatmap.png'))
  }
  const clips = { '1': `${run}rally-1.mp4`, '2': `${run}rally-2.mp4` }
  for (const key of Object.values(clips)) write(key, fixtureBytes('clip.mp4'))
  write(`${run}keyframe.jpg`, fixtureBytes('keyframe.jpg'))
  const result = opts.result === undefined ? fixtureResult() : opts.result
  await db.insert(videoAnalyses).values({
    videoId: video.id,
    stage: opts.stage ?? 'REVIEW',
    percent: opts.stage && opts.stage !== 'REVIEW' ? 40 : 100,
    result: result as unknown as Record<string, unknown> | null,
    corners: result?.court?.corners ?? null,
    cornersSource: 'proposed',
    artifacts: result ? { keyframe: `${run}keyframe.jpg`, heatmaps, clips, highlights: null } : {},
    problem: opts.problem ?? null,
    // The analysis could start when the video was accepted (the promise counts from here).
    createdAt: accepted,
  })
  return video.id
}

/** The video's analysis row. */
export async function analysisOf(videoId: number) {
  const { db } = await testDatabase({ reset: false })
  const [row] = await db.select().from(videoAnalyses).where(eq(videoAnalyses.videoId, videoId))
  if (!row) throw new Error(`no analysis for video ${videoId}`)
  return row
}

/** The player's chat messages, and their statistical coach, who posts what the analysts send. */
export async function statisticianPosts(userId: string) {
  const { db } = await testDatabase({ reset: false })
  const [leo] = await db
    .select()
    .from(coaches)
    .where(and(eq(coaches.userId, userId), eq(coaches.archetype, 'ESTATISTICO')))
  const messages = await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))
  return { leo, messages }
}

export function analystApi(app: TestApp, tokens: TokenPair) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.server.inject({
      method,
      url: `/api/v1/analyst${url}`,
      headers: bearer(tokens.access_token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
  return {
    call,
    video: async (id: number) => (await call('GET', `/videos/${id}`)).json<AnalystVideo>(),
    player: (id: number, track_id: number) => call('PUT', `/videos/${id}/player`, { track_id }),
    report: (id: number, markdown: string) => call('PUT', `/videos/${id}/report`, { markdown }),
    publish: (id: number) => call('POST', `/videos/${id}/publish`),
    reject: (id: number, reason: string) => call('POST', `/videos/${id}/reject`, { reason }),
    swap: (id: number, body: { a: number; b: number; from_sec?: number }) =>
      call('POST', `/videos/${id}/swap`, body),
  }
}

/** A tagged point on the fixture's first rally (a winner by track 4); `over` sets what differs. */
export const pointTag = (over: Partial<PointTag> = {}): PointTag => ({
  start_sec: 0.9,
  end_sec: 5.1,
  rally_index: 1,
  server: 1,
  serve_in: true,
  returner: 3,
  return_in: true,
  ending: 'winner',
  last_stroke: 'voleio',
  last_player: 4,
  golden_point: false,
  score_after: { sets: [], games: [0, 0], points: [0, 1], tiebreak: false },
  ...over,
})
