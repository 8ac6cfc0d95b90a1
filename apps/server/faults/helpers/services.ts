// Private instances of the services a fault test breaks on purpose: a PostgreSQL cluster and a
// Redis server of the test's own (the machine's shared ones serve the other suites running at
// the same time), and the PagBank sandbox as a process apart from the server it pays.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { vi } from 'vitest'
import { freePort } from '../../test/helpers/server-process'

const serverDir = path.resolve(import.meta.dirname, '../..')

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** `vi.waitFor` until `check` answers something truthy; a check that throws is only "not yet". */
export function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 60_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check().catch(() => undefined)
      if (!value) throw new Error(`timed out waiting for ${what}`)
      return value
    },
    { timeout: ms, interval: 150 },
  )
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `areia-faults-${prefix}-`))
}

// ---- Worker nodes -------------------------------------------------------------------------

export interface WorkerProcess {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output: () => string
}

/** The real `worker.ts` (job consumers, no HTTP) in its own process, ready once it says so. */
export async function startWorker(
  dataDir: string,
  env: Record<string, string>,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`worker exited early:\n${log}`)
      return log.includes('worker pronto')
    },
    'the worker to start',
    90_000,
  )
  return { child, exited, output: () => log }
}

// ---- PostgreSQL ---------------------------------------------------------------------------

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort().reverse() : []
  for (const v of versions) {
    const bin = path.join(root, v, 'bin')
    if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin
  }
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql')
}

export const hasPostgresBinaries = () => {
  try {
    postgresBin()
    return true
  } catch {
    return false
  }
}

export interface PrivatePostgres {
  url: string
  /** An immediate shutdown (as a crash) and a start again. */
  restart(downMs: number): Promise<void>
  stop(): void
}

/** PostgreSQL refuses to run as root: commands run as the `postgres` user when we are root. */
function asPostgres(cmd: string, args: string[]) {
  const root = process.getuid?.() === 0
  return root ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args }
}

function run(cmd: string, args: string[]) {
  const c = asPostgres(cmd, args)
  execFileSync(c.cmd, c.args, { stdio: 'pipe' })
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin()
  const dir = tempDir('pg')
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir])
  const data = path.join(dir, 'data')
  const port = await freePort()
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const start = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', `${dir}/log`, '-w', 'start'])
  const stop = (mode: 'immediate' | 'fast') =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (downMs) => {
      stop('immediate')
      await sleep(downMs)
      start()
    },
    stop: () => {
      try {
        stop('immediate')
      } catch {
        // Already down.
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

// ---- Redis --------------------------------------------------------------------------------

export interface PrivateRedis {
  url: string
  kill(): void
  start(): Promise<void>
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const url = `redis://127.0.0.1:${port}`
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    await waitFor(
      async () => {
        const net = await import('node:net')
        return new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => {
            s.end()
            resolve(true)
          })
          s.on('error', () => resolve(false))
        })
      },
      'redis-server to listen',
      10_000,
    )
  }
  await start()
  return {
    url,
    kill: () => child?.kill('SIGKILL'),
    start,
  }
}

// ---- PagBank sandbox ----------------------------------------------------------------------

export interface Sandbox {
  baseUrl: string
  token: string
  /** Orders the sandbox holds for a customer e-mail (its "dashboard"). */
  orders(email: string): Promise<Array<{ id: string; status?: string }>>
  pay(orderId: string): Promise<number>
  stop(): void
}

export async function startSandbox(): Promise<Sandbox> {
  const port = await freePort()
  const token = 'sandbox-faults-areia'
  const dataDir = tempDir('sandbox')
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dev/run-pagbank-sandbox.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PAGBANK_SANDBOX_PORT: String(port),
      PAGBANK_SANDBOX_TOKEN: token,
      DATA_DIR: dataDir,
      // Quick retries: a restarted server is told again within seconds.
      PAGBANK_SANDBOX_RETRY_MS: '300,600,1200,2400,4800,9600,19200',
      PAGBANK_SANDBOX_DASHBOARD: '1',
    },
    stdio: 'ignore',
  })
  const root = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${root}/sandbox/pagbank/sdk.js`)).ok, 'the sandbox')
  return {
    baseUrl: `${root}/sandbox/pagbank`,
    token,
    orders: async (email) =>
      (await (
        await fetch(`${root}/sandbox/dashboard/orders?email=${encodeURIComponent(email)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as Array<{ id: string }>,
    pay: async (orderId) =>
      (await fetch(`${root}/sandbox/pagbank/pix/pay/${orderId}`, { method: 'POST' })).status,
    stop: () => {
      child.kill('SIGKILL')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
