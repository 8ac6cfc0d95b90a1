// The services the server leans on go away under traffic: PostgreSQL restarted as after a crash,
// Redis killed. Requests fail cleanly (503, pt-BR) and recover without restarting the server;
// without Redis, one node keeps delivering its own players' chat.
import fs from 'node:fs'
import type { TokenPair } from '@areia/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from '../test/helpers/server-process'
import { TestSocket } from '../test/helpers/socket'
import { auth, registerAndLogIn } from './helpers/api'
import {
  hasPostgresBinaries,
  type PrivatePostgres,
  type PrivateRedis,
  sleep,
  startPrivatePostgres,
  startPrivateRedis,
  tempDir,
  waitFor,
} from './helpers/services'

const cleanup: Array<() => void> = []
afterAll(() => {
  for (const f of cleanup.splice(0).reverse()) f()
})

function track(server: ServerProcess, dataDir: string) {
  cleanup.push(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
}

interface Outcome {
  status: number
  detail?: string
  ms: number
}

describe.runIf(hasPostgresBinaries())('PostgreSQL restarted under traffic', () => {
  let pg: PrivatePostgres

  it('answers 503 in pt-BR while it is down and recovers without a restart', async () => {
    pg = await startPrivatePostgres()
    cleanup.push(() => pg.stop())
    const dataDir = tempDir('pg-restart')
    const server = await startServer(dataDir, {
      DATABASE_URL: pg.url,
      JOB_POLL_SECONDS: '1',
    })
    track(server, dataDir)
    const tokens: TokenPair = await registerAndLogIn(server.url, 'pg-restart@example.com')

    const outcomes: Outcome[] = []
    let stop = false
    const reader = async () => {
      while (!stop) {
        const started = Date.now()
        try {
          const res = await fetch(`${server.url}/api/v1/auth/me/status`, auth(tokens))
          const body = (await res.json()) as { detail?: string }
          outcomes.push({ status: res.status, detail: body.detail, ms: Date.now() - started })
        } catch {
          outcomes.push({ status: 0, ms: Date.now() - started })
        }
        await sleep(25)
      }
    }
    const readers = Promise.all([reader(), reader(), reader(), reader()])
    await waitFor(async () => outcomes.filter((o) => o.status === 200).length >= 20, 'traffic')
    const before = outcomes.length

    await pg.restart(2_000)
    // Back to serving, by itself.
    await waitFor(
      async () =>
        outcomes.slice(-8).length === 8 && outcomes.slice(-8).every((o) => o.status === 200),
      'recovery',
      60_000,
    )
    stop = true
    await readers

    const during = outcomes.slice(before)
    const failures = during.filter((o) => o.status !== 200)
    // The outage was seen, and every failed request was a clean, explained 503.
    expect(failures.length).toBeGreaterThan(0)
    for (const f of failures) {
      expect(f.status).toBe(503)
      expect(f.detail).toBe(
        'O serviço está temporariamente indisponível. Tente novamente em instantes.',
      )
    }
    // No request hung waiting for the database to come back.
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(15_000)
    expect(server.child.exitCode).toBeNull()

    // Writes work again too.
    const again = await registerAndLogIn(server.url, 'pg-depois@example.com')
    expect(again.access_token).toBeTruthy()
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
  }, 180_000)
})

describe('Redis gone', () => {
  let redis: PrivateRedis

  it("keeps delivering this node's chat and says so in the log", async () => {
    redis = await startPrivateRedis()
    cleanup.push(() => redis.kill())
    const dataDir = tempDir('redis-gone')
    const server = await startServer(dataDir, { REDIS_URL: redis.url })
    track(server, dataDir)
    const tokens = await registerAndLogIn(server.url, 'sem-redis@example.com')
    const wsUrl = `${server.url.replace('http', 'ws')}/api/v1/chat/ws?token=${tokens.access_token}`
    const first = await TestSocket.open(wsUrl)
    const second = await TestSocket.open(`${wsUrl}&after=0`)
    await first.untilMessages(1)
    await second.untilMessages(1)

    redis.kill()
    await waitFor(
      async () => server.output().includes('Redis indisponível'),
      'the log line about Redis',
      20_000,
    )
    // A message from one tab reaches the other tab and is answered, all on this node.
    const count = first.messages().length
    first.send({ type: 'message', text: 'Joana', client_id: 'sem-redis-1' })
    await first.until(() => first.messages().length >= count + 2, 20_000)
    await second.until(() => second.messages().some((m) => m.content === 'Joana'), 20_000)
    await second.until(() => second.messages().length >= first.messages().length, 20_000)
    expect(second.messages().map((m) => m.content)).toEqual(first.messages().map((m) => m.content))

    await redis.start()
    await waitFor(async () => server.output().includes('Redis de volta'), 'Redis back', 30_000)
    await first.close()
    await second.close()
  }, 120_000)
})
