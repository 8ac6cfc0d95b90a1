// A crash can land between the player's answer (video QUEUED) and the analysis job: the sweep
// finds such videos and starts them, once, whatever was or was not written before the crash.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users, videoAnalyses, videos } from '../src/db/schema'
import { createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const db = async () => (await testDatabase({ reset: false })).db
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

async function queuedVideo(email: string, updatedAt: Date): Promise<number> {
  await signUpAndLogIn(app, email)
  const d = await db()
  const [user] = await d.select({ id: users.id }).from(users).where(eq(users.email, email))
  const [row] = await d
    .insert(videos)
    .values({
      userId: user!.id,
      source: 'GCS',
      status: 'QUEUED',
      storageKey: `users/${user!.id}/sweep`,
      contentType: 'video/mp4',
      acceptedAt: updatedAt,
      updatedAt,
    })
    .returning()
  return row!.id
}

async function runJobs(videoId: number): Promise<number> {
  const database = await testDatabase({ reset: false })
  const { rows } = await database.rawQuery(
    `select count(*)::int as n from pgboss.job where name = 'analysis.run' and (data->>'video_id')::int = $1`,
    [videoId],
  )
  return (rows[0] as { n: number }).n
}

describe('the stalled-analysis sweep', () => {
  it('starts a QUEUED video that has no analysis yet, once', async () => {
    const id = await queuedVideo('sweep-sem-linha@example.com', minutesAgo(10))
    expect(await app.services.analysis.sweep()).toBeGreaterThanOrEqual(1)
    const [analysis] = await (
      await db()
    )
      .select()
      .from(videoAnalyses)
      .where(eq(videoAnalyses.videoId, id))
    expect(analysis).toMatchObject({ stage: 'QUEUED', run: 1 })
    expect(await runJobs(id)).toBe(1)
    // Run again: the job exists under its id, nothing is added and the run stays the same.
    await app.services.analysis.sweep()
    expect(await runJobs(id)).toBe(1)
    const [again] = await (
      await db()
    )
      .select()
      .from(videoAnalyses)
      .where(eq(videoAnalyses.videoId, id))
    expect(again!.run).toBe(1)
  })

  it('sends the job of a run left QUEUED without one', async () => {
    const id = await queuedVideo('sweep-sem-job@example.com', minutesAgo(10))
    await (
      await db()
    )
      .insert(videoAnalyses)
      .values({ videoId: id, stage: 'QUEUED', run: 3, updatedAt: minutesAgo(10) })
    expect(await runJobs(id)).toBe(0)
    await app.services.analysis.sweep()
    expect(await runJobs(id)).toBe(1)
    const [analysis] = await (
      await db()
    )
      .select()
      .from(videoAnalyses)
      .where(eq(videoAnalyses.videoId, id))
    expect(analysis!.run).toBe(3)
  })

  it('leaves alone a video identified a moment ago and one already analysing', async () => {
    const fresh = await queuedVideo('sweep-recente@example.com', new Date())
    const busy = await queuedVideo('sweep-ocupado@example.com', minutesAgo(10))
    await (
      await db()
    )
      .update(videos)
      .set({ status: 'ANALYZING', updatedAt: minutesAgo(10) })
      .where(eq(videos.id, busy))
    await app.services.analysis.sweep()
    expect(await runJobs(fresh)).toBe(0)
    expect(await runJobs(busy)).toBe(0)
  })
})
