/**
 * Start-up of the server as `npm start` runs it (the built JavaScript of apps/server/dist, built
 * first when its sources are newer), on the embedded database: the first start on an empty
 * DATA_DIR (the database created and migrated), a restart on the same folder, the resident
 * memory once it answers, and the same restart under the TypeScript loader for comparison.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../apps/server/test/helpers/server-process'
import { fmt, report, type Row } from './report'

const root = path.resolve(import.meta.dirname, '../..')
const serverDir = path.join(root, 'apps/server')

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/** Seconds from spawning the server until /readyz answers, and its RSS then; then stops it. */
async function startOnce(
  args: string[],
  dataDir: string,
): Promise<{ seconds: number; rss: number }> {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      if (performance.now() - started > 180_000) throw new Error('server not ready in 180 s')
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    const seconds = (performance.now() - started) / 1000
    return { seconds, rss: rssMb(child.pid!) }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const built = performance.now()
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'ignore' })
const buildSeconds = (performance.now() - built) / 1000

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-start-'))
const compiled = ['--enable-source-maps', 'dist/main.js']
try {
  const first = await startOnce(compiled, dataDir)
  const restart = await startOnce(compiled, dataDir)
  const loader = await startOnce(['--import', 'tsx', 'src/main.ts'], dataDir)
  const rows: Row[] = [
    {
      section: 'start',
      figure: 'server build (esbuild, apps/server/dist)',
      value: `${fmt(buildSeconds, 1)} s`,
      pass: null,
    },
    {
      section: 'start',
      figure: 'first start, empty DATA_DIR (PGlite created and migrated), until /readyz',
      value: `${fmt(first.seconds, 1)} s, RSS ${fmt(first.rss)} MB`,
      pass: null,
    },
    {
      section: 'start',
      figure: 'restart on the same DATA_DIR, until /readyz',
      value: `${fmt(restart.seconds, 1)} s, RSS ${fmt(restart.rss)} MB`,
      baseline: `same restart under tsx: ${fmt(loader.seconds, 1)} s, RSS ${fmt(loader.rss)} MB`,
      ratio: restart.seconds / loader.seconds,
      pass: null,
    },
  ]
  report(rows)
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
