import { randomBytes } from 'node:crypto'
import {
  SESSION_CHANGED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  type TokenPair,
} from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bus, createMemoryBus, createRedisBus } from '../src/adapters/bus'
import { chatMessages, users } from '../src/db/schema'
import {
  bearer,
  createTestApp,
  deleteAccount,
  signUpAndLogIn,
  status,
  userIdOf,
  type TestApp,
} from './helpers/app'
import { testDatabase } from './helpers/database'
import { deliveredToken, startSmtpReceiver } from './helpers/smtp'
import { TestSocket } from './helpers/socket'

/** How one cause ends (or changes) the sessions of `tokens`' account, through the API. */
type Cause = (app: TestApp, tokens: TokenPair, admin: TokenPair) => Promise<void>

const expectStatus = async (res: Promise<{ statusCode: number; body: string }>, status: number) => {
  const r = await res
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`)
}

const CAUSES: Record<string, { run: Cause; code: number }> = {
  logout: {
    code: SESSION_ENDED_CLOSE_CODE,
    run: (app, tokens) =>
      expectStatus(
        app.server.inject({
          method: 'POST',
          url: '/api/v1/auth/logout/',
          headers: bearer(tokens.access_token),
          payload: { refresh_token: tokens.refresh_token },
        }),
        204,
      ),
  },
  'password change': {
    code: SESSION_ENDED_CLOSE_CODE,
    run: (app, tokens) =>
      expectStatus(
        app.server.inject({
          method: 'PATCH',
          url: '/api/v1/users/me/password',
          headers: bearer(tokens.access_token),
          payload: { current_password: 'segredo123', new_password: 'outrasenha456' },
        }),
        200,
      ),
  },
  'password reset': {
    code: SESSION_ENDED_CLOSE_CODE,
    run: async (app, tokens) => {
      const { email } = (await status(app, tokens.access_token)).json<{ email: string }>()
      await expectStatus(
        app.server.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset/request',
          payload: { email },
          remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        }),
        202,
      )
      const token = await deliveredToken(
        smtp.received,
        email,
        'Redefina a sua senha do Areia',
        '/redefinir-senha',
      )
      await expectStatus(
        app.server.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset',
          payload: { token, new_password: 'redefinida789' },
        }),
        200,
      )
    },
  },
  'account deletion': {
    code: SESSION_ENDED_CLOSE_CODE,
    run: (app, tokens) => expectStatus(deleteAccount(app, tokens.access_token), 204),
  },
  'role change': {
    code: SESSION_CHANGED_CLOSE_CODE,
    run: (app, tokens, admin) =>
      expectStatus(
        app.server.inject({
          method: 'PUT',
          url: `/api/v1/admin/players/${userIdOf(tokens)}/role`,
          headers: bearer(admin.access_token),
          payload: { role: 'ANALYST' },
        }),
        200,
      ),
  },
}

const unique = () => randomBytes(4).toString('hex')

/** The players' mail server: reset links are minted only into the e-mail it receives. */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
beforeAll(async () => {
  smtp = await startSmtpReceiver()
})
afterAll(() => smtp.close())

async function makeAdmin(app: TestApp): Promise<TokenPair> {
  const email = `admin-${unique()}@areia.test`
  const tokens = await signUpAndLogIn(app, email)
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, email))
  return tokens
}

const wsUrl = (app: TestApp, tokens: TokenPair) => {
  const { port } = app.server.server.address() as { port: number }
  return `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`
}

function closed(socket: TestSocket): Promise<{ code: number; at: number }> {
  return new Promise((resolve) => {
    socket.ws.once('close', (code) => resolve({ code, at: Date.now() }))
  })
}

/**
 * The welcome is written by whichever node's worker takes the job, and told only on that node's
 * bus: with buses that do not reach each other, the socket's node may never hear of it, so the
 * test waits for it in the database instead.
 */
async function untilWelcomed(nodes: TestApp[], userId: string): Promise<void> {
  const { db } = await testDatabase({ reset: false })
  const deadline = Date.now() + 10_000
  while (
    (await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).length === 0
  ) {
    if (Date.now() > deadline) throw new Error('no welcome stored within 10 s')
    await new Promise((r) => setTimeout(r, 20))
  }
  await Promise.all(nodes.map((n) => n.services.coaching.settled()))
}

async function storedWith(text: string): Promise<number> {
  const { db } = await testDatabase({ reset: false })
  return (await db.select().from(chatMessages).where(eq(chatMessages.content, text))).length
}

/**
 * Opens a player's socket on `socketNode`, ends the session through `causeNode`, sends a frame
 * right after, and checks the socket closes within 2 s with the cause's code and the frame is
 * never stored.
 */
async function revokeUnderOpenSocket(
  causeNode: TestApp,
  socketNode: TestApp,
  admin: TokenPair,
  cause: { run: Cause; code: number },
) {
  const tokens = await signUpAndLogIn(causeNode, `jogador-${unique()}@areia.test`)
  const socket = await TestSocket.open(wsUrl(socketNode, tokens))
  await socket.untilMessages(1)
  const close = closed(socket)
  const text = `depois da revogação ${unique()}`
  await cause.run(causeNode, tokens, admin)
  const revokedAt = Date.now()
  if (socket.ws.readyState === socket.ws.OPEN) socket.send({ type: 'message', text })
  const { code, at } = await close
  expect(code).toBe(cause.code)
  expect(at - revokedAt).toBeLessThan(2000)
  await socketNode.services.coaching.settled()
  await causeNode.services.coaching.settled()
  expect(await storedWith(text)).toBe(0)
}

describe('an open chat socket ends with its session, on one node', () => {
  let app: TestApp
  let admin: TokenPair
  beforeAll(async () => {
    app = await createTestApp({ SMTP_URL: smtp.url })
    await app.server.listen({ port: 0, host: '127.0.0.1' })
    admin = await makeAdmin(app)
  })
  afterAll(() => app.close())

  for (const [name, cause] of Object.entries(CAUSES)) {
    it(`${name}: closed within 2 s, a frame sent after is not stored`, () =>
      revokeUnderOpenSocket(app, app, admin, cause))
  }

  it('a frame from a session still alive is stored (the check refuses only revoked ones)', async () => {
    const tokens = await signUpAndLogIn(app, `vivo-${unique()}@areia.test`)
    const socket = await TestSocket.open(wsUrl(app, tokens))
    try {
      await socket.untilMessages(1)
      const text = `ainda aqui ${unique()}`
      socket.send({ type: 'message', text })
      await socket.until(() => socket.messages().some((m) => m.content === text))
      expect(await storedWith(text)).toBe(1)
    } finally {
      await socket.close()
    }
  })
})

/**
 * The database is the authority: two nodes whose buses do not reach each other (Redis away),
 * and still a frame sent on one node after a logout on the other is refused, closing the socket.
 */
describe('a lost announcement never lets a revoked session act', () => {
  const nodes: TestApp[] = []
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const node = await createTestApp(
        { SMTP_URL: smtp.url },
        { bus: createMemoryBus() },
        { resetDatabase: i === 0 },
      )
      await node.server.listen({ port: 0, host: '127.0.0.1' })
      nodes.push(node)
    }
  })
  afterAll(() => Promise.all(nodes.map((n) => n.close())))

  for (const [name, cause] of Object.entries(CAUSES)) {
    it(`${name} on another node: the next frame is refused with the cause's code`, async () => {
      const [a, b] = nodes as [TestApp, TestApp]
      const admin = await makeAdmin(a)
      const tokens = await signUpAndLogIn(a, `isolado-${unique()}@areia.test`)
      const socket = await TestSocket.open(wsUrl(b, tokens))
      await untilWelcomed(nodes, userIdOf(tokens))
      const close = closed(socket)
      await cause.run(a, tokens, admin)
      // Not told over the bus: still open until it acts.
      await new Promise((r) => setTimeout(r, 100))
      expect(socket.ws.readyState).toBe(socket.ws.OPEN)
      const text = `sem aviso ${unique()}`
      socket.send({ type: 'message', text })
      expect((await close).code).toBe(cause.code)
      await b.services.coaching.settled()
      expect(await storedWith(text)).toBe(0)
    })
  }
})

const redisUrl = process.env.REDIS_URL

describe.runIf(redisUrl)('across two nodes over Redis', () => {
  const nodes: TestApp[] = []
  const buses: Bus[] = []
  let admin: TokenPair
  beforeAll(async () => {
    const prefix = `test-revoke-${unique()}`
    for (let i = 0; i < 2; i++) {
      const bus = await createRedisBus(redisUrl!, prefix)
      buses.push(bus)
      const node = await createTestApp({ SMTP_URL: smtp.url }, { bus }, { resetDatabase: i === 0 })
      await node.server.listen({ port: 0, host: '127.0.0.1' })
      nodes.push(node)
    }
    admin = await makeAdmin(nodes[0]!)
  })
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()))
    await Promise.all(buses.map((b) => b.close()))
  })

  for (const [name, cause] of Object.entries(CAUSES)) {
    it(`${name} on node A closes the socket on node B within 2 s; nothing after is stored`, () =>
      revokeUnderOpenSocket(nodes[0]!, nodes[1]!, admin, cause))
  }
})
