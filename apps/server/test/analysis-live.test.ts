// The analysts' console follows every video's analysis through its own feed on the chat socket
// (`watch=analysis`): staff only, progress frames of every player's video, nothing else.
import type { TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users, videos } from '../src/db/schema'
import { createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { staff } from './helpers/analysis'
import { testDatabase } from './helpers/database'
import { TestSocket } from './helpers/socket'

let app: TestApp
let wsBase: string
beforeAll(async () => {
  app = await createTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.server.address() as { port: number }
  wsBase = `ws://127.0.0.1:${port}/api/v1/chat/ws`
})
afterAll(() => app.close())

const feed = (tokens: TokenPair) =>
  TestSocket.open(`${wsBase}?token=${tokens.access_token}&watch=analysis`)

async function identifiedVideo(email: string): Promise<{ tokens: TokenPair; videoId: number }> {
  const tokens = await signUpAndLogIn(app, email)
  const { db } = await testDatabase({ reset: false })
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  const [row] = await db
    .insert(videos)
    .values({
      userId: user!.id,
      source: 'GCS',
      status: 'QUEUED',
      storageKey: `users/${user!.id}/ao-vivo`,
      contentType: 'video/mp4',
      acceptedAt: new Date(),
    })
    .returning()
  return { tokens, videoId: row!.id }
}

describe("the analysts' live feed", () => {
  it('is refused to a player at the handshake', async () => {
    const player = await signUpAndLogIn(app, 'curioso@example.com')
    await expect(feed(player)).rejects.toMatchObject({ status: 403 })
  })

  it("carries every player's analysis progress to staff, and only that", async () => {
    const analyst = await staff(app, 'analista-ao-vivo@example.com', 'ANALYST')
    const admin = await staff(app, 'admin-ao-vivo@example.com', 'ADMIN')
    const onAnalyst = await feed(analyst)
    const onAdmin = await feed(admin)
    const { tokens, videoId } = await identifiedVideo('jogador-ao-vivo@example.com')
    const own = await TestSocket.open(`${wsBase}?token=${tokens.access_token}`)
    try {
      await app.services.analysis.enqueue(videoId)
      const queued = (s: TestSocket) => () =>
        s.frames.some(
          (f) =>
            f.type === 'SYSTEM' &&
            f.event === 'analysis_progress' &&
            f.video_id === videoId &&
            f.stage === 'QUEUED',
        )
      await onAnalyst.until(queued(onAnalyst))
      await onAdmin.until(queued(onAdmin))
      await own.until(queued(own))
      // The feed holds no conversation: no messages, and it takes nothing but pings.
      expect(onAnalyst.messages()).toEqual([])
      onAnalyst.send({ type: 'message', text: 'olá' })
      await onAnalyst.until((f) => f.some((x) => x.type === 'error'))
      onAnalyst.send({ type: 'ping' })
      await onAnalyst.until((f) => f.some((x) => x.type === 'pong'))
    } finally {
      await Promise.all([onAnalyst.close(), onAdmin.close(), own.close()])
    }
  })
})
