import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { REPO_ROOT, SERVER_ENTRY } from './paths'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}

export type RunningServer = { url: string; stop: () => Promise<void> }

/** Env every journey runs with: short-lived access tokens so silent refresh happens for real. */
export const E2E_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // The server's floor; with the client's 10 s margin a token is renewed 5 s after it is issued.
  ACCESS_TOKEN_TTL_SECONDS: '15',
  // Journeys log in and refresh far more often than a person would, all from 127.0.0.1.
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
  RATE_LIMIT_REFRESH_PER_IP: '100000',
  // The minimum Argon2 cost keeps logins quick on a two-core machine.
  ARGON2_MEMORY_KIB: '19456',
  ARGON2_TIME_COST: '2',
  // Coaches "type" for a short, still visible moment so chat journeys stay quick.
  COACH_TYPING_MIN_MS: '150',
  COACH_TYPING_PER_CHAR_MS: '1',
  COACH_TYPING_MAX_MS: '400',
} as const

function withoutServiceUrls(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = env
  return rest
}

export async function startServer(
  dataDir: string,
  opts: { port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort())
  const output: string[] = []
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      // Journeys run the embedded mode, whatever DATABASE_URL/REDIS_URL the CI run exports.
      ...withoutServiceUrls(process.env),
      ...E2E_SERVER_ENV,
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString())
    if (output.length > 200) output.shift()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output.join('')}`)
    }
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /healthz within 90 s:\n${output.join('')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }

  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(timer)
    },
  }
}
