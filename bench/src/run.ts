/**
 * `npm run bench`: throughput and latency of the real server, as ratios against baselines
 * measured in the same run on the same machine (absolute numbers move with the box's load).
 *
 * - bare: a plain node:http JSON server, the ceiling for any Node framework here.
 * - healthz silent: our server with logging off.
 * - healthz info: our server at the default LOG_LEVEL=info — the request-logging budget is
 *   that this stays within 20 % of "silent" (logging every request at info halved it).
 * - me/status: an authenticated read (JWT check + session lookup + user query) on PGlite.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort, startServer } from '../../apps/server/test/helpers/server-process'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = 50

interface Result {
  name: string
  rps: number
  p99: number
  errors: number
  non2xx: number
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Result> {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, connections: 10, duration: 2, headers })
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  return {
    name,
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  }
}

async function bare(): Promise<Result> {
  const port = await freePort()
  const body = JSON.stringify({ status: 'ok' })
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  try {
    return await load('bare node:http', `http://127.0.0.1:${port}/`)
  } finally {
    server.close()
  }
}

async function app(logLevel: string, fn: (url: string) => Promise<Result[]>): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-'))
  const server = await startServer(dataDir, {
    LOG_LEVEL: logLevel,
    RATE_LIMIT_LOGIN_PER_IP: '100000',
  })
  try {
    return await fn(server.url)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function signIn(url: string): Promise<string> {
  const creds = { email: 'bench@example.com', password: 'segredo123' }
  await fetch(`${url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  })
  const res = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: creds.email, password: creds.password }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

const results: Result[] = []
results.push(await bare())
results.push(
  ...(await app('silent', async (url) => [
    await load('healthz, LOG_LEVEL=silent', `${url}/healthz`),
  ])),
)
results.push(
  ...(await app('info', async (url) => {
    const token = await signIn(url)
    return [
      await load('healthz, LOG_LEVEL=info', `${url}/healthz`),
      await load('GET me/status (auth + PGlite), info', `${url}/api/v1/auth/me/status`, {
        authorization: `Bearer ${token}`,
      }),
    ]
  })),
)

const [bareR, silent, info, authed] = results as [Result, Result, Result, Result]
console.log(`\n${DURATION_S}s per run, ${CONNECTIONS} connections, ${os.cpus().length} cores\n`)
console.table(results.map((r) => ({ ...r, 'vs bare': (r.rps / bareR.rps).toFixed(2) })))
const loggingRatio = info.rps / silent.rps
console.log(
  `request logging at info keeps ${(loggingRatio * 100).toFixed(0)} % of silent throughput (budget ≥ 80 %)`,
)
console.log(`authenticated read: ${authed.rps} req/s, p99 ${authed.p99} ms`)
const failed = results.some((r) => r.errors > 0 || r.non2xx > 0) || loggingRatio < 0.8
process.exit(failed ? 1 : 0)
