/**
 * HTTP figures of the real server, each beside a baseline measured in the same run (absolute
 * numbers move with the box's load): a bare node:http JSON server is the ceiling for any Node
 * framework here; the app with logging off is the baseline for the cost of request logging.
 * Authenticated reads, a 2,000-message history and argon2id logins run on the embedded database
 * and, when DATABASE_URL is set, on PostgreSQL (and Redis when REDIS_URL is set).
 */
import fs from 'node:fs'
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startServer } from '../../apps/server/test/helpers/server-process'
import { fmt, pin, report, type Row, SERVER_CORE } from './report'
import {
  logIn,
  onboardOnPglite,
  onboardOnPostgres,
  PASSWORD,
  scratchDatabase,
  signUp,
} from './seed'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
/** Rounds of the /healthz comparison (app and bare alternating). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = 50
const HISTORY_MESSAGES = 2_000

interface Load {
  rps: number
  p50: number
  p99: number
  bad: number
  /** What the bad answers were, when there were any. */
  failures: string
}

async function load(
  url: string,
  opts: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string } = {},
): Promise<Load> {
  const base = { url, headers: opts.headers ?? {}, method: opts.method ?? 'GET', body: opts.body }
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ ...base, connections: 10, duration: 2 })
  const r = await autocannon({ ...base, connections: CONNECTIONS, duration: DURATION_S })
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon counts timeouts among the errors.
    bad: r.errors + r.non2xx,
    failures: failures(r),
  }
}

function failures(r: autocannon.Result): string {
  const stats: Record<string, { count?: number }> = r.statusCodeStats ?? {}
  const parts = [
    r.timeouts > 0 && `${fmt(r.timeouts)} timed out`,
    r.errors - r.timeouts > 0 && `${fmt(r.errors - r.timeouts)} connection errors`,
    r.non2xx > 0 &&
      `${fmt(r.non2xx)} non-2xx (${Object.entries(stats)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${code}×${count ?? 0}`)
        .join(', ')})`,
  ]
  return parts.filter(Boolean).join(', ')
}

/**
 * A reference server from a script in its own process, on the servers' core; the script calls
 * `ready(port)` once listening. It runs in apps/server, so it can require the app's dependencies.
 */
async function startScript(
  script: string,
  env: Record<string, string> = {},
): Promise<Required<Target>> {
  const child = spawn(
    process.execPath,
    ['-e', `const ready = (port) => process.send(port)\n${script}`],
    {
      cwd: path.resolve(import.meta.dirname, '../../apps/server'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  )
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve(Number(m))),
  )
  pin(child.pid!, SERVER_CORE)
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() }
}

/** The ceiling: a plain node:http JSON server. */
function startBare() {
  return startScript(`
    const body = JSON.stringify({ status: 'ok' })
    const server = require('node:http')
      .createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        res.end(body)
      })
      .listen(0, '127.0.0.1', () => ready(server.address().port))`)
}

/**
 * What the framework leaves of that ceiling here: Fastify with nothing but the route and the
 * security headers the app sends (copied from its answer), no other hook; with `equipped`, also
 * what any server of this product must run on every request: a request-scoped logger (silent, as
 * the measured app) and the WebSocket plugin the chat needs, with their own hooks.
 */
function startFastifyFloor(headers: Record<string, string>, equipped = false) {
  return startScript(
    `
    const headers = JSON.parse(process.env.BENCH_HEADERS)
    const equipped = process.env.BENCH_EQUIPPED === '1'
    const Fastify = require('fastify')
    const app = Fastify(
      equipped
        ? {
            logger: { level: 'silent' },
            logController: new Fastify.LogController({ disableRequestLogging: true }),
          }
        : { logger: false },
    )
    if (equipped) app.register(require('@fastify/websocket'))
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
    const Health = { type: 'object', properties: { status: { type: 'string' } } }
    app.get('/', { schema: { response: { 200: Health } } }, async () => ({ status: 'ok' }))
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => ready(app.server.address().port))`,
    { BENCH_HEADERS: JSON.stringify(headers), BENCH_EQUIPPED: equipped ? '1' : '0' },
  )
}

/** A server to load: its address and its process (paused while another one is measured). */
interface Target {
  url: string
  pid: number
  stop?: () => void
}

/**
 * Servers measured against the bare one in alternating rounds, medians of each: on a shared
 * virtual machine two runs of the same server a minute apart differ by up to a third, so one run
 * of each measured in sequence says more about the minute than about the servers. They share a
 * core, so every server but the measured one is stopped (SIGSTOP) meanwhile: an idle app still
 * runs its timers (the job worker's polling) on that core.
 */
async function alternating<K extends string>(
  targets: Record<K, Target>,
  rounds = ROUNDS,
): Promise<Record<K | 'bare', Load>> {
  const bare = await startBare()
  const all: Array<[string, Target]> = [['bare', bare], ...Object.entries<Target>(targets)]
  try {
    const runs = new Map<string, Load[]>(all.map(([name]) => [name, []]))
    for (let i = 0; i < rounds; i++) {
      for (const [name, target] of all) {
        for (const [, other] of all)
          process.kill(other.pid, other === target ? 'SIGCONT' : 'SIGSTOP')
        const run = await load(target.url)
        runs.get(name)!.push(run)
        console.log(`  /healthz round ${i + 1}, ${name}: ${rps(run)}`)
      }
    }
    return Object.fromEntries(
      [...runs].map(([name, loads]) => [name, medianLoad(loads)]),
    ) as Record<K | 'bare', Load>
  } finally {
    for (const [, target] of all) process.kill(target.pid, 'SIGCONT')
    for (const [, target] of all) target.stop?.()
  }
}

function medianLoad(runs: Load[]): Load {
  const middle = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!
  return {
    ...middle,
    bad: runs.reduce((n, r) => n + r.bad, 0),
    failures: runs
      .map((r) => r.failures)
      .filter(Boolean)
      .join('; '),
  }
}

/**
 * What this machine allows an authenticated read on PostgreSQL at all: a node:http server with
 * nothing but a pg pool of the app's size (10), running the app's two queries per request (the
 * session check and the player with their profile) as prepared statements, no JWT, no framework.
 */
function startBarePg(databaseUrl: string) {
  return startScript(
    `
    const pg = require('pg')
    const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL, max: 10 })
    const session = { name: 'bare_session', text: 'select s.revoked_at, s.expires_at, u.role, u.status from sessions s join users u on u.id = s.user_id where s.id = $1 and s.user_id = $2 limit 1' }
    const player = { name: 'bare_player', text: 'select * from users u left join profiles p on p.user_id = u.id where u.id = $1 limit 1' }
    const server = require('node:http')
      .createServer(async (req, res) => {
        const [sid, uid] = req.url.slice(1).split('/')
        const s = await pool.query({ ...session, values: [sid, uid] })
        const u = await pool.query({ ...player, values: [uid] })
        const body = JSON.stringify({ ok: s.rows.length === 1, email: u.rows[0] && u.rows[0].email })
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        res.end(body)
      })
      .listen(0, '127.0.0.1', () => ready(server.address().port))`,
    { BENCH_PG_URL: databaseUrl },
  )
}

/**
 * Waits out any start-up work still holding the event loop after the server answers /readyz
 * (one to four seconds were seen on PGlite on a slow host; these figures are of a running
 * server). Twenty quick answers in a row, 50 ms apart, mean it is done.
 */
async function settled(url: string): Promise<void> {
  const deadline = Date.now() + 60_000
  let quick = 0
  while (quick < 20 && Date.now() < deadline) {
    const started = performance.now()
    await (await fetch(`${url}/healthz`)).arrayBuffer()
    quick = performance.now() - started < 20 ? quick + 1 : 0
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A started app: where it answers, its DATA_DIR, its process, and a restart around a task. */
interface AppServer {
  url: string
  dataDir: string
  pid: number
  restart: (whileStopped: () => Promise<void>) => Promise<string>
}

async function withServer<T>(
  env: Record<string, string>,
  fn: (server: AppServer) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-'))
  const fullEnv = {
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    ...env,
  }
  // Logs go to a file, as they would to a collector: read by this process, they would cost the
  // load generator CPU during the logging runs.
  const logFile = path.join(dataDir, 'server.log')
  let server = await startServer(dataDir, fullEnv, { logFile })
  pin(server.child.pid!, SERVER_CORE)
  await settled(server.url)
  const stop = async () => {
    server.child.kill('SIGTERM')
    await server.exited
  }
  try {
    return await fn({
      url: server.url,
      dataDir,
      pid: server.child.pid!,
      restart: async (whileStopped) => {
        await stop()
        await whileStopped()
        server = await startServer(dataDir, fullEnv, { logFile })
        pin(server.child.pid!, SERVER_CORE)
        await settled(server.url)
        return server.url
      },
    })
  } finally {
    await stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const rps = (l: Load) =>
  `${fmt(l.rps)} req/s, p99 ${fmt(l.p99)} ms${l.failures ? `; ${l.failures}` : ''}`

/** Authenticated status, a long history and logins, on one database. */
async function reads(
  label: string,
  url: string,
  email: string,
  databaseUrl?: string,
): Promise<Row[]> {
  const token = await logIn(url, email)
  const auth = { authorization: `Bearer ${token}` }
  const status = await load(`${url}/api/v1/auth/me/status`, { headers: auth })
  let floor: Load | undefined
  if (databaseUrl) {
    const { sub, sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string
      sid: string
    }
    const barePg = await startBarePg(databaseUrl)
    try {
      floor = await load(`${barePg.url}/${sid}/${sub}`)
    } finally {
      barePg.stop()
    }
  }
  const history = await load(`${url}/api/v1/chat/history?limit=200`, { headers: auth })
  const logins = await load(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  })
  const onPostgres = label === 'PostgreSQL'
  const statusOk = status.bad === 0 && (!onPostgres || (status.rps >= 5_000 && status.p99 <= 25))
  return [
    {
      section: 'http',
      figure: `GET /auth/me/status (${label})`,
      value: rps(status),
      ...(floor
        ? {
            baseline: `bare node:http + pg, same 2 queries: ${rps(floor)}`,
            ratio: status.rps / floor.rps,
          }
        : {}),
      target: onPostgres ? '≥ 5,000 req/s, p99 ≤ 25 ms' : 'no errors',
      pass: statusOk,
    },
    {
      section: 'http',
      figure: `GET /chat/history, latest 200 of ${fmt(HISTORY_MESSAGES)} (${label})`,
      value: rps(history),
      baseline: `me/status ${fmt(status.rps)} req/s`,
      ratio: history.rps / status.rps,
      target: 'no errors',
      pass: history.bad === 0,
    },
    {
      section: 'http',
      figure: `POST /auth/login, argon2id (${label})`,
      value: rps(logins),
      target: 'no errors',
      pass: logins.bad === 0,
    },
  ]
}

// The load generator (autocannon, in this process) on core 0; every server measured on core 1.
const pinned = pin(process.pid, 0)
const rows: Row[] = [
  {
    section: 'http',
    figure: 'load generator and server on separate cores',
    value: pinned ? 'yes (autocannon core 0, servers core 1)' : 'no (taskset unavailable)',
    pass: null,
  },
]
/** The headers of the app's answer that are its own policy, not HTTP framing. */
async function securityHeaders(url: string): Promise<Record<string, string>> {
  const framing = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])
  const response = await fetch(url)
  await response.arrayBuffer()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!framing.has(name)) headers[name] = value
  })
  return headers
}

// Logging off, logging at info, the bare ceiling and the framework's two floors, in the same rounds.
const healthz = await withServer({ LOG_LEVEL: 'silent' }, (silent) =>
  withServer({ LOG_LEVEL: 'info' }, async (info) => {
    const headers = await securityHeaders(`${silent.url}/healthz`)
    const fastify = await startFastifyFloor(headers)
    const equipped = await startFastifyFloor(headers, true)
    return alternating({
      fastify,
      equipped,
      silent: { url: `${silent.url}/healthz`, pid: silent.pid },
      info: { url: `${info.url}/healthz`, pid: info.pid },
    })
  }),
)
const { silent, info, fastify, equipped, bare: bareLoad } = healthz
rows.push(
  {
    section: 'http',
    figure: `Fastify alone with the same security headers (median of ${ROUNDS}, same rounds)`,
    value: rps(fastify),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: fastify.rps / bareLoad.rps,
    pass: null,
  },
  {
    section: 'http',
    figure: `…with a request logger and the WebSocket plugin (median of ${ROUNDS}, same rounds)`,
    value: rps(equipped),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: equipped.rps / bareLoad.rps,
    pass: null,
  },
  {
    section: 'http',
    figure: `GET /healthz, LOG_LEVEL=silent (median of ${ROUNDS}, alternating with bare)`,
    value: rps(silent),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: silent.rps / bareLoad.rps,
    target: '≥ 0.70 of bare',
    pass: silent.bad === 0 && silent.rps / bareLoad.rps >= 0.7,
  },
  {
    section: 'http',
    figure: `GET /healthz, LOG_LEVEL=info (median of ${ROUNDS}, same rounds)`,
    value: rps(info),
    baseline: `silent ${fmt(silent.rps)} req/s`,
    ratio: info.rps / silent.rps,
    target: '≥ 0.80 of silent',
    pass: info.bad === 0 && info.rps / silent.rps >= 0.8,
  },
)
rows.push(
  ...(await withServer({ LOG_LEVEL: 'info' }, async ({ url, dataDir, restart }) => {
    const email = 'bench-embedded@example.com'
    await signUp(url, email)
    // PGlite has a single writer: the conversation is written with the server stopped.
    const again = await restart(() => onboardOnPglite(dataDir, [email], HISTORY_MESSAGES))
    return reads('PGlite', again, email)
  })),
)

const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) {
  const scratch = await scratchDatabase(databaseUrl)
  try {
    const env: Record<string, string> = { LOG_LEVEL: 'warn', DATABASE_URL: scratch.url }
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL
    rows.push(
      ...(await withServer(env, async ({ url }) => {
        const email = 'bench-postgresql@example.com'
        await signUp(url, email)
        await onboardOnPostgres(scratch.url, [email], HISTORY_MESSAGES)
        return reads('PostgreSQL', url, email, scratch.url)
      })),
    )
  } finally {
    await scratch.drop()
  }
}
report(rows)
