import type { TokenPair, Video } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plans, videoAnalyses, videos } from '../src/db/schema'
import { fixtureVideo } from './fixtures/videos'
import { bearer } from './helpers/app'
import { testDatabase } from './helpers/database'
import { identify, payingPlayer, until, type VideoHarness, videoHarness } from './helpers/videos'

let h: VideoHarness

beforeAll(async () => {
  // Nobody found in the picture: it cannot help identification, but it still is the thumbnail.
  h = await videoHarness(
    {},
    { peopleFinder: { find: async () => ({ width: 1280, height: 720, people: [] }) } },
  )
}, 120_000)
afterAll(async () => {
  await h?.app.close()
})

const list = async (tokens: TokenPair) => {
  const res = await h.app.server.inject({
    method: 'GET',
    url: '/api/v1/videos/me',
    headers: bearer(tokens.access_token),
  })
  expect(res.statusCode).toBe(200)
  return res.json<Video[]>()
}
const card = async (tokens: TokenPair, id: number) => {
  const found = (await list(tokens)).find((v) => v.id === id)
  if (!found) throw new Error(`video ${id} not listed`)
  return found
}
const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.server.inject({ method: 'GET', url, headers })

async function setStatus(id: number, patch: Partial<typeof videos.$inferInsert>) {
  const { db } = await testDatabase({ reset: false })
  await db.update(videos).set(patch).where(eq(videos.id, id))
}

describe('Meus Vídeos cards', () => {
  it(
    'each match has a signed picture, its file, the stage with percent and due time, and refusals say why',
    { timeout: 120_000 },
    async () => {
      const { app } = h
      const { tokens } = await payingPlayer(app, 'cartoes@example.com')
      const { video_id } = await h.uploadWhole(tokens, fixtureVideo('game').bytes)

      // Accepted: the file plays at once; the picture arrives with the background job.
      const waiting = await until(async () => {
        const v = await card(tokens, video_id)
        return v.thumbnail_url ? v : undefined
      }, 60_000)
      expect(waiting).toMatchObject({
        status: 'AWAITING_IDENTIFICATION',
        due_at: null,
        analysis_percent: null,
        failure_reason: null,
        allowance_returned: false,
      })
      const thumb = await get(waiting.thumbnail_url!)
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/jpeg')
      expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
      const file = await get(waiting.video_url!, { range: 'bytes=0-15' })
      expect(file.statusCode).toBe(206)
      expect(file.headers['content-type']).toBe('video/mp4')
      expect(file.rawPayload.subarray(4, 8).toString()).toBe('ftyp')

      // Another player sees none of it, and the signed URLs do not stretch to other videos.
      const other = await payingPlayer(app, 'cartoes-outro@example.com')
      expect(await list(other.tokens)).toEqual([])
      const otherDelete = await app.server.inject({
        method: 'DELETE',
        url: `/api/v1/videos/${video_id}`,
        headers: bearer(other.tokens.access_token),
      })
      expect(otherDelete.statusCode).toBe(404)
      const moved = (url: string) => url.replace(`/videos/${video_id}/`, `/videos/${video_id + 1}/`)
      expect((await get(moved(waiting.thumbnail_url!))).statusCode).toBe(403)
      expect((await get(moved(waiting.video_url!))).statusCode).toBe(403)

      // Identified: in the queue, promised the plan's turnaround after the analysis could start.
      const identifiedAt = app.clock.now()
      const identified = await identify(app, tokens, video_id, { player_identifier: 2 })
      expect(identified.statusCode).toBe(200)
      const [plan] = await (
        await testDatabase({ reset: false })
      ).db
        .select({ hours: plans.analysisTurnaroundHours })
        .from(plans)
        .where(eq(plans.slug, 'standard'))
      const due = new Date(identifiedAt.getTime() + plan!.hours * 3_600_000).toISOString()
      expect(await card(tokens, video_id)).toMatchObject({ status: 'QUEUED', due_at: due })

      // The computer vision at work: its percent; then the analyst: no percent, same promise.
      const { db } = await testDatabase({ reset: false })
      const stages = [
        { status: 'ANALYZING', stage: 'PLAYERS', percent: 42, shown: 42 },
        { status: 'IN_REVIEW', stage: 'REVIEW', percent: 100, shown: null },
      ] as const
      for (const { status, stage, percent, shown } of stages) {
        await setStatus(video_id, { status })
        await db
          .update(videoAnalyses)
          .set({ stage, percent })
          .where(eq(videoAnalyses.videoId, video_id))
        expect(await card(tokens, video_id)).toMatchObject({
          status,
          analysis_percent: shown,
          due_at: due,
        })
      }

      // Without the identification picture, the analysis' court frame is the thumbnail.
      const [row] = await db.select().from(videos).where(eq(videos.id, video_id))
      await db
        .update(videoAnalyses)
        .set({ artifacts: { keyframe: row!.identificationFrame!.key! } })
        .where(eq(videoAnalyses.videoId, video_id))
      await setStatus(video_id, { identificationFrame: null, status: 'READY' })
      const ready = await card(tokens, video_id)
      expect(ready).toMatchObject({ status: 'READY', due_at: null })
      expect(ready.thumbnail_url).toMatch(`/api/v1/media/videos/${video_id}/keyframe/0?`)
      const keyframe = await get(ready.thumbnail_url!)
      expect(keyframe.statusCode).toBe(200)
      expect(keyframe.headers['content-type']).toBe('image/jpeg')
      expect(ready.video_url).not.toBeNull()

      // Refused by the quality gate: why, no file, and the month's allowance given back.
      const short = await h.newUpload(tokens)
      expect((await h.put(short.upload_url, fixtureVideo('short').bytes)).statusCode).toBe(200)
      const refused = await card(tokens, short.video_id)
      expect(refused).toMatchObject({
        status: 'FAILED',
        video_url: null,
        thumbnail_url: null,
        due_at: null,
        allowance_returned: true,
      })
      expect(refused.failure_reason).toMatch(/10 segundos/)

      // Refused after acceptance but still counted (as an older rejection left it): said so.
      await setStatus(video_id, {
        status: 'FAILED',
        failureReason: 'A quadra não aparece inteira.',
        acceptedAt: identifiedAt,
      })
      expect(await card(tokens, video_id)).toMatchObject({
        failure_reason: 'A quadra não aparece inteira.',
        allowance_returned: false,
        video_url: null,
        due_at: null,
      })
    },
  )
})
