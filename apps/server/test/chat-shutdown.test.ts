import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import { CoachingStore } from '../src/modules/coaching/store'
import { createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { TestSocket } from './helpers/socket'

let app: TestApp | undefined
afterAll(() => app?.close())

describe('closing the server while the coaches are answering', () => {
  it('stores the reply still owed, without waiting out its typing pause', async () => {
    // A pause longer than the test's timeout: only a shutdown that cuts it short can pass.
    app = await createTestApp({
      COACH_TYPING_MIN_MS: '10000',
      COACH_TYPING_PER_CHAR_MS: '1000',
      COACH_TYPING_MAX_MS: '30000',
    })
    await app.server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.server.address() as { port: number }
    const tokens = await signUpAndLogIn(app, 'fechando@example.com')
    const user = await app.services.users.findByEmail('fechando@example.com')
    const { db } = await testDatabase({ reset: false })
    const store = new CoachingStore()
    await store.insertCoaches(db, user!.id, [
      { name: 'Rafa', archetype: 'TECNICO', persona: {} },
      { name: 'Bia', archetype: 'MENTAL', persona: {} },
    ])
    await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, user!.id))

    const socket = await TestSocket.open(
      `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`,
    )
    socket.send({ type: 'message', text: 'como melhorar o saque?' })
    await socket.until((f) => f.some((x) => x.type === 'TYPING_START'))
    await app.close()
    app = undefined

    const stored = await store.listMessages(db, user!.id, { limit: 10 })
    expect(stored.map((m) => `${m.senderType}:${m.content}`)).toEqual([
      'USER:como melhorar o saque?',
      'AI:Rafa responde: como melhorar o saque?',
    ])
    await socket.close()
  }, 15_000)
})

describe('closing the server under an open chat', () => {
  it('closes the socket as "going away" (1001), so the app knows to come back', async () => {
    const closing = await createTestApp()
    await closing.server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = closing.server.server.address() as { port: number }
    const tokens = await signUpAndLogIn(closing, 'reinicio@example.com')
    const socket = await TestSocket.open(
      `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`,
    )
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve))
    await closing.close()
    expect(await closed).toBe(1001)
  })
})
