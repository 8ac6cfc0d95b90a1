import {
  type ChatHistoryItem,
  ClientFrame,
  type ServerFrame,
  type TokenPair,
} from '@areia/contracts'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { junk } from './helpers/bad-input'
import { isPortugueseDetail } from './helpers/routes'
import { TestSocket } from './helpers/socket'

let app: TestApp
let tokens: TokenPair
let socket: TestSocket
let wsUrl: string

beforeAll(async () => {
  app = await createTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  tokens = await signUpAndLogIn(app, 'fuzz-ws@areia.test')
  const { port } = app.server.server.address() as { port: number }
  wsUrl = `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`
  socket = await TestSocket.open(wsUrl)
})
afterAll(async () => {
  await socket.close()
  await app.close()
})

/** Frames the chat must refuse: text that is not JSON, JSON that is not a frame, bad fields. */
const badFrame: fc.Arbitrary<string | Buffer> = fc
  .oneof(
    fc.constantFrom('{', '', 'null', '[]', '"oi"', '{"type":', 'x'.repeat(60 * 1024)),
    fc.string({ maxLength: 40 }),
    fc.record({ type: junk }).map((f) => JSON.stringify(f)),
    fc
      .record({ type: fc.constant('message'), text: junk, client_id: fc.option(junk) })
      .map((f) => JSON.stringify(f)),
    fc.record({ type: fc.constant('command'), command: junk }).map((f) => JSON.stringify(f)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  )
  .filter((frame) => {
    if (Buffer.isBuffer(frame)) return true
    // Larger frames close the socket (last test): here each one must get an answer.
    if (Buffer.byteLength(frame) > 60 * 1024) return false
    try {
      return !ClientFrame.safeParse(JSON.parse(frame)).success
    } catch {
      return true
    }
  })

/** The server's answer to one frame (the onboarding's own messages may arrive in between). */
async function answerTo(frame: string | Buffer): Promise<ServerFrame> {
  const before = socket.frames.length
  const answered = () =>
    socket.frames.slice(before).find((f) => f.type === 'error' || f.type === 'pong')
  socket.ws.send(frame, { binary: Buffer.isBuffer(frame) })
  await socket.until(() => answered() !== undefined, 5_000)
  return answered()!
}

/** The player's own stored messages (the onboarding's greeting may land at any moment). */
const history = async () =>
  (
    await app.server.inject({
      method: 'GET',
      url: '/api/v1/chat/history',
      headers: bearer(tokens.access_token),
    })
  )
    .json<ChatHistoryItem[]>()
    .filter((m) => m.sender_type === 'USER')

describe('bad frames on the chat socket', () => {
  it('each of 1,000 generated bad frames gets a pt-BR error frame; the socket stays up; nothing is stored', async () => {
    const stored = await history()
    await fc.assert(
      fc.asyncProperty(badFrame, async (frame) => {
        const answer = await answerTo(frame)
        expect(answer.type, JSON.stringify(answer)).toBe('error')
        const detail = (answer as { detail?: unknown }).detail
        expect(isPortugueseDetail(detail), String(detail)).toBe(true)
      }),
      { numRuns: 1_000 },
    )
    expect((await answerTo(JSON.stringify({ type: 'ping' }))).type).toBe('pong')
    expect(await history()).toEqual(stored)
  })

  it('a message with a NUL character is refused in pt-BR (the database could not store it)', async () => {
    const stored = await history()
    const answer = await answerTo(JSON.stringify({ type: 'message', text: 'oi\u0000tudo bem' }))
    expect(answer).toMatchObject({ type: 'error' })
    expect(isPortugueseDetail((answer as { detail?: unknown }).detail)).toBe(true)
    expect(await history()).toEqual(stored)
  })

  it('a frame over 64 KiB closes that socket with 1009 (message too big), before any parsing', async () => {
    const big = await TestSocket.open(wsUrl)
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)))
    big.ws.send(JSON.stringify({ type: 'message', text: 'x'.repeat(70 * 1024) }))
    expect(await closed).toBe(1009)
    expect((await answerTo(JSON.stringify({ type: 'ping' }))).type).toBe('pong')
  })
})
