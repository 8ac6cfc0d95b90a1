import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChatHistoryItem, TokenPair, Video } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import type { AppDeps } from '../../src/app'
import { plans, subscriptions, users, videos } from '../../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './app'
import { testDatabase } from './database'

/** A player on a paid plan (Pro by default: 4 videos a month). */
export async function payingPlayer(app: TestApp, email: string, planSlug = 'standard') {
  const tokens = await signUpAndLogIn(app, email)
  const { db } = await testDatabase({ reset: false })
  const user = await app.services.users.findByEmail(email)
  if (!user) throw new Error('user missing')
  const [plan] = await db.select().from(plans).where(eq(plans.slug, planSlug))
  if (!plan) throw new Error(`plan ${planSlug} missing`)
  const now = app.clock.now()
  await db.update(users).set({ paymentStatus: 'PAYMENT_OK' }).where(eq(users.id, user.id))
  await db.insert(subscriptions).values({
    userId: user.id,
    planId: plan.id,
    billingCycle: 'MONTHLY',
    status: 'ACTIVE',
    startedAt: now,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
  })
  return { tokens, userId: user.id }
}

export async function uploadUrl(app: TestApp, tokens: TokenPair, contentType = 'video/mp4') {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/videos/upload-url',
    headers: bearer(tokens.access_token),
    payload: { content_type: contentType },
  })
}

/** The player's answer to "which one are you?" about a video (`{ player_identifier }`, …). */
export const identify = (
  app: TestApp,
  tokens: TokenPair,
  videoId: number,
  answer: Record<string, unknown>,
) =>
  app.server.inject({
    method: 'PATCH',
    url: `/api/v1/videos/${videoId}/identify`,
    headers: bearer(tokens.access_token),
    payload: answer,
  })

/** The path and query of an absolute upload URL, for `inject`. */
export const pathOf = (uploadUrl: string) => {
  const u = new URL(uploadUrl)
  return `${u.pathname}${u.search}`
}

export async function chatHistory(app: TestApp, tokens: TokenPair): Promise<ChatHistoryItem[]> {
  // Messages the server posts (receipts, questions) go through the chat's job queue: read the
  // history once nothing is owed, as a player's screen shows it after the socket delivers.
  await app.services.coaching.settled()
  const res = await app.server.inject({
    method: 'GET',
    url: '/api/v1/chat/history',
    headers: bearer(tokens.access_token),
  })
  return res.json<ChatHistoryItem[]>()
}

/** `vi.waitFor` for a probe that answers `undefined` until what it looks for is there. */
export function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe()
      if (value === undefined) throw new Error('condition not met in time')
      return value
    },
    { timeout: timeoutMs, interval: 100 },
  )
}

export type VideoHarness = Awaited<ReturnType<typeof videoHarness>>

/**
 * An app listening on a port (uploads are real HTTP too) with its own data folder, and the
 * steps of an upload as the web client takes them.
 */
export async function videoHarness(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-videos-'))
  const app = await createTestApp({ DATA_DIR: dataDir, ...env }, deps)
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.server.address() as { port: number }
  const origin = `http://127.0.0.1:${port}`

  const storedFile = async (videoId: number) => {
    const { db } = await testDatabase({ reset: false })
    const [row] = await db.select().from(videos).where(eq(videos.id, videoId))
    if (!row) throw new Error('row missing')
    return path.join(dataDir, 'videos', row.storageKey)
  }
  const newUpload = async (tokens: TokenPair) => {
    const res = await uploadUrl(app, tokens)
    expect(res.statusCode).toBe(201)
    const created = res.json<{ upload_url: string; video_id: number }>()
    // `inject` runs on a made-up host; real requests go to the listening port.
    return { ...created, upload_url: `${origin}${pathOf(created.upload_url)}` }
  }
  const put = (
    url: string,
    body: Buffer | string,
    headers: Record<string, string | undefined> = {},
  ) =>
    app.server.inject({
      method: 'PUT',
      url: pathOf(url),
      headers: Object.fromEntries(
        Object.entries({ 'content-type': 'video/mp4', ...headers }).filter(([, v]) => v),
      ) as Record<string, string>,
      payload: body,
    })
  const uploadWhole = async (tokens: TokenPair, bytes: Buffer) => {
    const { upload_url, video_id } = await newUpload(tokens)
    const res = await put(upload_url, bytes)
    expect(res.statusCode).toBe(200)
    return { video_id, video: res.json<Video>() }
  }
  return { app, dataDir, origin, storedFile, newUpload, put, uploadWhole }
}

/**
 * A file's video harness, built before its tests and closed after them; the upload steps read it
 * when a test runs.
 */
export function videoSuite(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  let built: VideoHarness | undefined
  const harness = () => {
    if (!built) throw new Error('the video harness is built in beforeAll')
    return built
  }
  beforeAll(async () => {
    built = await videoHarness(env, deps)
  }, 120_000)
  afterAll(() => built?.app.close())
  return {
    harness,
    storedFile: (id: number) => harness().storedFile(id),
    newUpload: (tokens: TokenPair) => harness().newUpload(tokens),
    put: (...args: Parameters<VideoHarness['put']>) => harness().put(...args),
    uploadWhole: (tokens: TokenPair, bytes: Buffer) => harness().uploadWhole(tokens, bytes),
  }
}
