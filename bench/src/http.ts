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
import { prepareBase } from './base'
import { cpuTimes, fmt, machineSince, median, pin, report, type Row, SERVER_CORE } from './report'
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
  /** Requests that never got an answer: timed out or lost with their connection. */
  unanswered: number
  /** 429 answers (the login's queue turning excess away with Retry-After). */
  refused: number
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
    unanswered: r.errors,
    refused: r.statusCodeStats?.['429']?.count ?? 0,
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

/** How far the bare baseline may move between the two ends of a measured run. */
const BASELINE_DRIFT = 0.15

/** One server's figures over the rounds, with each round's ratio to the bare runs around it. */
interface Bracketed {
  load: Load
  /** Median over the rounds of the server's rate over the mean of the bare runs bracketing it. */
  ratio: number
  /** Rounds run again because the bare baseline moved more than 15 % across them, and why. */
  reruns: string[]
  /** Rounds whose baseline still moved after the re-run: their figures are suspect. */
  flagged: string[]
}

/**
 * Servers measured against the bare one, each run bracketed by a bare run before and after it:
 * on a shared virtual machine two runs of the same server a minute apart differ by up to a
 * third, so a ratio is only worth something when the baseline held still across it. A run whose
 * two bare ends differ by more than 15 % is run again (bare, server, bare); if the baseline moves
 * again the round is flagged. Each round prints the machine's steal and load. The servers share a
 * core, so every one but the measured one is stopped (SIGSTOP) meanwhile: an idle app still runs
 * its timers (the job worker's polling) on that core.
 */
async function alternating(
  targets: Record<string, Target>,
  rounds = ROUNDS,
): Promise<{ servers: Record<string, Bracketed | undefined>; bare: Load }> {
  const bare = await startBare()
  const all: Array<[string, Target]> = [['bare', bare], ...Object.entries<Target>(targets)]
  const only = async (target: Target) => {
    for (const [, other] of all) process.kill(other.pid, other === target ? 'SIGCONT' : 'SIGSTOP')
    return load(target.url)
  }
  try {
    const bareRuns: Load[] = []
    const runs = new Map<
      string,
      { loads: Load[]; ratios: number[]; reruns: string[]; flagged: string[] }
    >(
      Object.keys(targets).map((name) => [
        name,
        { loads: [], ratios: [], reruns: [], flagged: [] },
      ]),
    )
    for (let i = 0; i < rounds; i++) {
      const machine = cpuTimes()
      let before = await only(bare)
      bareRuns.push(before)
      for (const [name, target] of Object.entries<Target>(targets)) {
        const record = runs.get(name)!
        let run: Load
        let after: Load
        let drift = 0
        for (let attempt = 0; ; attempt++) {
          run = await only(target)
          after = await only(bare)
          bareRuns.push(after)
          drift = Math.abs(after.rps / before.rps - 1)
          if (drift <= BASELINE_DRIFT || attempt === 1) break
          const why = `round ${i + 1}, ${name}: bare moved ${(100 * drift).toFixed(0)} % (${fmt(before.rps)} → ${fmt(after.rps)} req/s)`
          record.reruns.push(why)
          console.log(`  re-running ${why}`)
          before = after
        }
        if (drift > BASELINE_DRIFT) {
          record.flagged.push(
            `round ${i + 1}, ${name}: bare moved ${(100 * drift).toFixed(0)} % again on the re-run`,
          )
        }
        const ratio = run.rps / ((before.rps + after.rps) / 2)
        record.loads.push(run)
        record.ratios.push(ratio)
        console.log(
          `  /healthz round ${i + 1}, ${name}: ${rps(run)} (bare ${fmt(before.rps)} / ${fmt(after.rps)}, ratio ${ratio.toFixed(2)})`,
        )
        before = after
      }
      console.log(`  round ${i + 1}: ${machineSince(machine)}`)
    }
    const result = Object.fromEntries(
      [...runs].map(([name, r]) => [
        name,
        {
          load: medianLoad(r.loads),
          ratio: median(r.ratios),
          reruns: r.reruns,
          flagged: r.flagged,
        },
      ]),
    ) as Record<string, Bracketed>
    return { servers: result, bare: medianLoad(bareRuns) }
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
    unanswered: runs.reduce((n, r) => n + r.unanswered, 0),
    refused: runs.reduce((n, r) => n + r.refused, 0),
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
  /** Another checkout's server (the base ref); this one's by default. */
  serverDir?: string,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-'))
  const fullEnv = {
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    // One account logging in from 50 connections: no proof of work asked after ten attempts.
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '10000',
    ...env,
  }
  // Logs go to a file, as they would to a collector: read by this process, they would cost the
  // load generator CPU during the logging runs.
  const logFile = path.join(dataDir, 'server.log')
  let server = await startServer(dataDir, fullEnv, { logFile, serverDir })
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
        server = await startServer(dataDir, fullEnv, { logFile, serverDir })
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
  const statusRatio = floor ? status.rps / floor.rps : undefined
  const statusOk =
    status.bad === 0 && (!onPostgres || ((statusRatio ?? 0) >= 0.9 && status.p99 <= 25))
  const historyP99 = onPostgres ? 50 : 500
  const historyOk =
    history.bad === 0 &&
    history.p99 <= historyP99 &&
    (!onPostgres || history.rps / status.rps >= 0.5)
  // Logins past the hashing queue are turned away with 429 and Retry-After by design; what
  // must never happen is a login left without an answer, or any other failure.
  const loginOk = logins.unanswered === 0 && logins.bad === logins.refused
  return [
    {
      section: 'http',
      figure: `GET /auth/me/status (${label})`,
      value: rps(status),
      ...(floor
        ? {
            baseline: `bare node:http + pg, same 2 queries: ${rps(floor)}`,
            ratio: statusRatio,
          }
        : {}),
      target: onPostgres ? '≥ 0.90 of bare pg, p99 ≤ 25 ms' : 'no errors',
      pass: statusOk,
    },
    {
      section: 'http',
      figure: `GET /chat/history, latest 200 of ${fmt(HISTORY_MESSAGES)} (${label})`,
      value: rps(history),
      baseline: `me/status ${fmt(status.rps)} req/s`,
      ratio: history.rps / status.rps,
      target: onPostgres
        ? `≥ 0.5 of status, p99 ≤ ${historyP99} ms, no errors`
        : `p99 ≤ ${historyP99} ms, no errors`,
      pass: historyOk,
    },
    {
      section: 'http',
      figure: `POST /auth/login, argon2id, ${CONNECTIONS} connections (${label})`,
      value: `${rps(logins)}${logins.refused > 0 ? ` (429 with Retry-After: ${fmt(logins.refused)})` : ''}`,
      target: 'none unanswered; only 429 turned away',
      pass: loginOk,
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
const base = prepareBase()
// Logging off, logging at info, the bare ceiling, the framework's two floors and, when there is
// one, the base ref's app with logging off, in the same rounds.
const healthz = await withServer({ LOG_LEVEL: 'silent' }, (silent) =>
  withServer({ LOG_LEVEL: 'info' }, async (info) => {
    const headers = await securityHeaders(`${silent.url}/healthz`)
    const fastify = await startFastifyFloor(headers)
    const equipped = await startFastifyFloor(headers, true)
    const targets: Record<string, Target> = {
      fastify,
      equipped,
      silent: { url: `${silent.url}/healthz`, pid: silent.pid },
      info: { url: `${info.url}/healthz`, pid: info.pid },
    }
    if (!base) return alternating(targets)
    return withServer(
      { LOG_LEVEL: 'silent' },
      (old) => alternating({ ...targets, base: { url: `${old.url}/healthz`, pid: old.pid } }),
      base.serverDir,
    )
  }),
)
const { bare: bareLoad } = healthz
const [silent, info, fastify, equipped] = (['silent', 'info', 'fastify', 'equipped'] as const).map(
  (name) => healthz.servers[name]!,
) as [Bracketed, Bracketed, Bracketed, Bracketed]
const baseHealthz = healthz.servers.base
/** The rounds that were re-run or stay suspect, said beside the figure. */
const disturbed = (b: Bracketed) =>
  [
    b.reruns.length > 0 && `${b.reruns.length} round(s) re-run`,
    b.flagged.length > 0 && `FLAGGED: ${b.flagged.join('; ')}`,
  ]
    .filter(Boolean)
    .join('; ')
const bracketed = (b: Bracketed) => `${rps(b.load)}${disturbed(b) ? ` [${disturbed(b)}]` : ''}`
const perRound = `median of ${ROUNDS} rounds, each bracketed by bare runs`
rows.push(
  {
    section: 'http',
    figure: `Fastify alone with the same security headers (${perRound})`,
    value: bracketed(fastify),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: fastify.ratio,
    pass: null,
  },
  {
    section: 'http',
    figure: `…with a request logger and the WebSocket plugin (${perRound})`,
    value: bracketed(equipped),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: equipped.ratio,
    pass: null,
  },
  {
    section: 'http',
    figure: `GET /healthz, LOG_LEVEL=silent (${perRound})`,
    value: bracketed(silent),
    baseline: `bare node:http ${fmt(bareLoad.rps)} req/s`,
    ratio: silent.ratio,
    target: '≥ 0.70 of bare',
    pass: silent.load.bad === 0 && silent.ratio >= 0.7,
  },
  {
    section: 'http',
    figure: 'GET /healthz, LOG_LEVEL=silent, against the equipped Fastify (same rounds)',
    value: rps(silent.load),
    baseline: `equipped Fastify ${fmt(equipped.load.rps)} req/s`,
    ratio: silent.ratio / equipped.ratio,
    target: '≥ 0.90 of equipped',
    pass: silent.load.bad === 0 && silent.ratio / equipped.ratio >= 0.9,
  },
  {
    section: 'http',
    figure: `GET /healthz, LOG_LEVEL=info (${perRound})`,
    value: bracketed(info),
    baseline: `silent ${fmt(silent.load.rps)} req/s`,
    ratio: info.ratio / silent.ratio,
    target: '≥ 0.80 of silent',
    pass: info.load.bad === 0 && info.ratio / silent.ratio >= 0.8,
  },
  {
    section: 'http',
    figure: 'rounds whose bare baseline moved > 15 % (re-run once, then flagged)',
    value:
      [fastify, equipped, silent, info, ...(baseHealthz ? [baseHealthz] : [])]
        .flatMap((b) => [...b.reruns, ...b.flagged.map((f) => `FLAGGED ${f}`)])
        .join('; ') || 'none',
    pass: null,
  },
)
if (base && baseHealthz) {
  // Both ratios are to the same bare runs, so their quotient is this build against the base's.
  const againstBase = silent.ratio / baseHealthz.ratio
  rows.push({
    section: 'http',
    figure: `GET /healthz, LOG_LEVEL=silent, this build against the base ${base.ref} (${base.sha.slice(0, 10)}), same rounds`,
    value: bracketed(silent),
    baseline: `base ${bracketed(baseHealthz)}`,
    ratio: againstBase,
    target: '≥ 0.90 of the base (no regression over 10 %)',
    pass: againstBase >= 0.9,
  })
}
/** `BENCH_HTTP=healthz`: the /healthz rounds only (and the base comparison), not the reads. */
const readsToo = process.env.BENCH_HTTP !== 'healthz'
if (readsToo) {
  rows.push(
    ...(await withServer({ LOG_LEVEL: 'info' }, async ({ url, dataDir, restart }) => {
      const email = 'bench-embedded@example.com'
      await signUp(url, email)
      // PGlite has a single writer: the conversation is written with the server stopped.
      const again = await restart(() => onboardOnPglite(dataDir, [email], HISTORY_MESSAGES))
      return reads('PGlite', again, email)
    })),
  )
}

const databaseUrl = process.env.DATABASE_URL
if (databaseUrl && readsToo) {
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
