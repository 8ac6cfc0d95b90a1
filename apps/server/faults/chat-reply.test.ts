// `kill -9` of the process typing a coach's reply: the reply is a durable job, so it arrives once
// and in order, from another worker node (PostgreSQL + Redis) or from the embedded server started
// again on the same DATA_DIR.
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { ServerFrame, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { chatMessages, chatTurns, coaches, users } from '../src/db/schema'
import { createEmbeddedEngine } from '../src/modules/coaching/embedded-engine'
import { freePort, type ServerProcess, startServer } from '../test/helpers/server-process'
import { TestSocket } from '../test/helpers/socket'
import { registerAndLogIn } from './helpers/api'
import { startWorker, tempDir, waitFor } from './helpers/services'

type Db = PgDatabase<PgQueryResultHKT>

/** Every coach message "types" this long: long enough to kill the process in the middle. */
const TYPING = {
  COACH_TYPING_MIN_MS: '2500',
  COACH_TYPING_PER_CHAR_MS: '0',
  COACH_TYPING_MAX_MS: '2500',
}

const cleanup: Array<() => void | Promise<void>> = []
afterAll(async () => {
  for (const f of cleanup.splice(0).reverse()) await f()
})

function kill(p: { child: { exitCode: number | null; kill(s: NodeJS.Signals): boolean } }) {
  if (p.child.exitCode === null) p.child.kill('SIGKILL')
}

/** A player past onboarding, with the team the engine makes, written as onboarding writes it. */
async function giveTeam(db: Db, email: string): Promise<string> {
  const [user] = await db
    .update(users)
    .set({ onboardingStatus: 'COMPLETED' })
    .where(eq(users.email, email))
    .returning({ id: users.id })
  if (!user) throw new Error(`no user ${email}`)
  const profile = { name: 'Joana', category: 'C' } as Parameters<
    ReturnType<typeof createEmbeddedEngine>['createTeam']
  >[0]
  const team = createEmbeddedEngine().createTeam(profile, [])
  await db.insert(coaches).values(team.map((c, position) => ({ userId: user.id, position, ...c })))
  return user.id
}

function openChat(base: string, tokens: TokenPair, after?: number) {
  const ws = base.replace('http', 'ws')
  return TestSocket.open(
    `${ws}/api/v1/chat/ws?token=${tokens.access_token}${after === undefined ? '' : `&after=${after}`}`,
    { origin: base },
  )
}

/** Two messages, the second sent while the coaches type the answer to the first. */
async function askTwice(socket: TestSocket) {
  socket.send({ type: 'message', text: 'como melhorar o saque?', client_id: 'q1' })
  await socket.until((f) => f.some((x) => x.type === 'message' && x.client_id === 'q1'))
  socket.send({ type: 'message', text: 'e a devolução de saque?', client_id: 'q2' })
  await socket.until((f) => f.some((x) => x.type === 'message' && x.client_id === 'q2'))
  await socket.until((f) => f.some((x) => x.type === 'TYPING_START'), 20_000)
  const ids = (id: string) =>
    socket.messages().find((m) => (m as { client_id?: string }).client_id === id)!.id
  return { first: ids('q1'), second: ids('q2') }
}

/**
 * What the database holds once the two turns ran: every coach message after the questions,
 * which question it answers and its place in that answer, oldest first.
 */
async function replies(db: Db, userId: string, after: number) {
  const rows = await db
    .select({
      id: chatMessages.id,
      senderType: chatMessages.senderType,
      replyTo: chatMessages.replyTo,
      replyIndex: chatMessages.replyIndex,
      content: chatMessages.content,
    })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(chatMessages.id)
  return rows.filter((r) => r.id > after)
}

/** Each question answered, whole (places 0…n-1, each once), the first before the second. */
function expectAnsweredOnceInOrder(
  rows: Awaited<ReturnType<typeof replies>>,
  asked: { first: number; second: number },
) {
  expect(rows.every((r) => r.senderType === 'AI')).toBe(true)
  expect(rows.map((r) => r.replyTo)).toEqual([
    ...rows.filter((r) => r.replyTo === asked.first).map(() => asked.first),
    ...rows.filter((r) => r.replyTo === asked.second).map(() => asked.second),
  ])
  for (const question of [asked.first, asked.second]) {
    const places = rows.filter((r) => r.replyTo === question).map((r) => r.replyIndex)
    expect(places.length, `replies to message ${question}`).toBeGreaterThan(0)
    expect(places).toEqual(places.map((_, i) => i))
  }
}

/** The socket saw each stored reply once, in stored order. */
function expectDeliveredOnce(socket: TestSocket, rows: Awaited<ReturnType<typeof replies>>) {
  const seen = socket
    .messages()
    .filter((m) => m.sender === 'AI')
    .map((m) => m.id)
  const wanted = rows.map((r) => r.id)
  expect(seen.filter((id) => wanted.includes(id))).toEqual(wanted)
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'kill -9 of the worker typing a reply, several nodes on PostgreSQL and Redis',
  () => {
    it('another worker answers, once and in order, and the player sees it live', async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      const name = `areia_faults_chat_${process.pid}_${Date.now()}`
      await admin.query(`CREATE DATABASE ${name}`)
      cleanup.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
      })
      const url = new URL(process.env.DATABASE_URL!)
      url.pathname = `/${name}`
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: process.env.REDIS_URL!,
        JOB_POLL_SECONDS: '0.5',
        JOB_MAINTENANCE_SECONDS: '1',
        CHAT_TURN_TIMEOUT_SECONDS: '6',
        ...TYPING,
      }
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
      // Dropping the database at the end cuts its idle connections.
      pool.on('error', () => undefined)
      cleanup.push(() => pool.end())
      const db = drizzlePg(pool)

      // The API node runs no jobs: every reply is a worker's.
      const apiDir = tempDir('chat-api')
      const api = await startServer(apiDir, { ...env, RUN_WORKER: 'false' })
      cleanup.push(() => {
        kill(api)
        fs.rmSync(apiDir, { recursive: true, force: true })
      })
      const tokens = await registerAndLogIn(api.url, 'duas-perguntas@example.com')
      const userId = await giveTeam(db, 'duas-perguntas@example.com')

      const first = await startWorker(tempDir('chat-worker-a'), env)
      cleanup.push(() => kill(first))
      const socket = await openChat(api.url, tokens)
      cleanup.push(() => socket.close())
      const asked = await askTwice(socket)
      // The other worker is there before the first dies.
      const second = await startWorker(tempDir('chat-worker-b'), env)
      cleanup.push(() => kill(second))
      first.child.kill('SIGKILL')
      expect((await first.exited).signal).toBe('SIGKILL')

      await waitFor(
        async () => {
          const [turns] = await db.select().from(chatTurns).where(eq(chatTurns.userId, userId))
          return turns && turns.answeredThrough >= asked.second && turns.holder === null
        },
        'both questions answered',
        90_000,
      )
      const rows = await replies(db, userId, asked.second)
      expectAnsweredOnceInOrder(rows, asked)
      await socket.until(() => rows.every((r) => socket.messages().some((m) => m.id === r.id)))
      expectDeliveredOnce(socket, rows)
    }, 180_000)
  },
)

describe('kill -9 of the embedded server typing a reply', () => {
  it('the restarted server answers, once and in order', async () => {
    const dataDir = tempDir('chat-embedded')
    const port = await freePort()
    const env = { JOB_POLL_SECONDS: '0.5', ...TYPING }
    let server: ServerProcess = await startServer(dataDir, env, { port })
    cleanup.push(() => {
      kill(server)
      fs.rmSync(dataDir, { recursive: true, force: true })
    })
    const tokens = await registerAndLogIn(server.url, 'embutido@example.com')
    // PGlite has a single writer: the team is written with the server stopped.
    const withPglite = async <T>(f: (db: Db) => Promise<T>): Promise<T> => {
      const client = await PGlite.create(path.join(dataDir, 'pgdata'))
      try {
        return await f(drizzlePglite(client))
      } finally {
        await client.close()
      }
    }
    server.child.kill('SIGTERM')
    await server.exited
    const userId = await withPglite((db) => giveTeam(db, 'embutido@example.com'))
    server = await startServer(dataDir, env, { port })

    const socket = await openChat(server.url, tokens)
    const asked = await askTwice(socket)
    server.child.kill('SIGKILL')
    expect((await server.exited).signal).toBe('SIGKILL')
    server = await startServer(dataDir, env, { port })

    // The player comes back; what was owed arrives live, after the messages it had seen.
    const back = await openChat(server.url, tokens, asked.second)
    const frames: ServerFrame[] = back.frames
    await back.until(() => back.messages().some((m) => m.sender === 'AI'), 60_000)
    // Done once the coaches have stopped typing for a while (each message types for seconds).
    let quiet = frames.length
    await waitFor(
      async () => {
        const typing = frames.filter((f) => f.type === 'TYPING_START').length
        const done = frames.filter((f) => f.type === 'TYPING_END').length
        const settled = frames.length === quiet && typing === done
        quiet = frames.length
        await new Promise((r) => setTimeout(r, 3_000))
        return settled && frames.length === quiet
      },
      'the coaches to stop typing',
      90_000,
    )
    await back.close()
    server.child.kill('SIGTERM')
    await server.exited

    const rows = await withPglite(async (db) => {
      const [turns] = await db.select().from(chatTurns).where(eq(chatTurns.userId, userId))
      expect(turns?.answeredThrough).toBeGreaterThanOrEqual(asked.second)
      return replies(db, userId, asked.second)
    })
    expectAnsweredOnceInOrder(rows, asked)
    expectDeliveredOnce(back, rows)
  }, 180_000)
})
