import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const serverDir = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output: () => string
}

/** The real `main.ts` in its own process, embedded mode, on a DATA_DIR of the test's choosing. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  /** `logFile`: stdout goes there instead of into this process (a bench of request logging). */
  opts: { port?: number; logFile?: string; serverDir?: string } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort())
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env
  const out = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'pipe'
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    // `serverDir`: another checkout's server (the bench comparing with a base ref).
    cwd: opts.serverDir ?? serverDir,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVE_WEB: '0',
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', out, 'pipe'],
  })
  if (typeof out === 'number') fs.closeSync(out)
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server not ready in time:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { child, url, exited, output: () => log }
}
