import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AnalysisResult } from '@areia/vision'
import { renderMatch } from '@areia/vision/synth'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../src/adapters/clock'
import { type Database, openDatabase } from '../src/adapters/db'
import { createJobQueue, type JobQueue } from '../src/adapters/queue'
import { createVideoStorage } from '../src/adapters/storage'
import { users, videos } from '../src/db/schema'
import {
  AnalysisPipeline,
  analysisPolicies,
  planChunks,
  stepJobId,
} from '../src/modules/analysis/pipeline'
import { PipelineStore } from '../src/modules/analysis/pipeline-store'
import { createVideoStatus } from '../src/modules/videos/module'
import { AnalysisRunner } from '../src/modules/analysis/runner'
import {
  type AnalysisArtifacts,
  analysisState,
  artifactKeys,
  SHORT_MATCH,
  storedAnalysisKeys,
} from './helpers/pipeline'
import { until } from './helpers/videos'

describe('analysis steps', () => {
  it('plans whole-second chunks of about the configured length; a short video is one', () => {
    expect(planChunks(10, 60)).toEqual([{ fromSec: 0, toSec: 10 }])
    expect(planChunks(10, 5)).toEqual([
      { fromSec: 0, toSec: 5 },
      { fromSec: 5, toSec: 10 },
    ])
    const long = planChunks(3 * 3600 - 0.4, 60)
    expect(long).toHaveLength(180)
    expect(long.at(-1)?.toSec).toBe(3 * 3600)
    for (let i = 1; i < long.length; i++) expect(long[i]!.fromSec).toBe(long[i - 1]!.toSec)
  })

  it('names each step with a fixed UUID, different per step, run and chunk', () => {
    const id = stepJobId('chunk', 7, 1, 0)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(stepJobId('chunk', 7, 1, 0)).toBe(id)
    expect(
      new Set([
        id,
        stepJobId('chunk', 7, 1, 1),
        stepJobId('chunk', 7, 2, 0),
        stepJobId('run', 7, 1),
      ]).size,
    ).toBe(4)
  })
})

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('analysis child processes', () => {
  it(
    'a warm child serves task after task; a cancelled task kills it and the next gets a new one',
    {
      timeout: 60_000,
    },
    async () => {
      const runner = new AnalysisRunner(1, quiet)
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      }
      try {
        const missing = { op: 'propose' as const, file: '/nao/existe.mp4' }
        await expect(runner.run(missing)).rejects.toThrow()
        const [first] = runner.pids()
        await expect(runner.run(missing)).rejects.toThrow()
        expect(runner.pids()).toEqual([first])
        const cancel = new AbortController()
        // Cancelled once a child holds it (loading the detector takes seconds).
        const warming = runner.run(
          { op: 'warm' },
          {
            signal: cancel.signal,
            onStart: () => cancel.abort(new Error('tempo da tentativa esgotado')),
          },
        )
        await expect(warming).rejects.toThrow('tempo da tentativa esgotado')
        await until(async () => (alive(first!) ? undefined : true), 10_000)
        await expect(runner.run(missing)).rejects.toThrow()
        expect(runner.pids()).toHaveLength(1)
        expect(runner.pids()[0]).not.toBe(first)
      } finally {
        await runner.close()
      }
    },
  )
})

const serverDir = path.resolve(import.meta.dirname, '..')

/** What every process of this suite agrees on (the queue policies are stored by whoever starts). */
const ENV = {
  JOB_POLL_SECONDS: '0.5',
  JOB_MAINTENANCE_SECONDS: '1',
  ANALYSIS_CHUNK_SECONDS: '5',
  ANALYSIS_CONCURRENCY: '1',
  ANALYSIS_RETRY_LIMIT: '2',
  ANALYSIS_RETRY_DELAY_SECONDS: '1',
  // An attempt of a 5 s chunk expires after 45 + 3 × 5 s: a killed worker's chunk is retried
  // within a minute, a live one has ample time even on a loaded machine.
  ANALYSIS_ATTEMPT_MIN_SECONDS: '45',
  ANALYSIS_ATTEMPT_SECONDS_PER_VIDEO_SECOND: '3',
}
const SETTINGS = {
  chunkSeconds: 5,
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 1,
  attemptMinSeconds: 45,
  attemptSecondsPerVideoSecond: 3,
}

interface Worker {
  child: ChildProcess
  name: string
  lines: () => Array<Record<string, unknown>>
  exited: Promise<unknown>
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('analysis workers on PostgreSQL', () => {
  let url: string
  let database: Database
  let queue: JobQueue
  let pipeline: AnalysisPipeline
  let dataDir: string
  let userId: string
  const workers: Worker[] = []

  /** `npm run worker` as a process of its own, on the suite's database and storage. */
  async function startWorker(name: string): Promise<Worker> {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: { ...inherited, ...ENV, NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const lines = () =>
      out.split('\n').flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>]
        } catch {
          return []
        }
      })
    const worker = { child, name, lines, exited }
    workers.push(worker)
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`worker ${name} exited:\n${out}`)
      return lines().some((l) => l.msg === 'worker pronto') || undefined
    }, 90_000)
    return worker
  }

  async function queuedVideo(file: string): Promise<number> {
    const storageKey = `users/${userId}/${randomBytes(8).toString('hex')}`
    fs.mkdirSync(path.join(dataDir, 'videos', 'users', userId), { recursive: true })
    fs.copyFileSync(file, path.join(dataDir, 'videos', storageKey))
    const [row] = await database.db
      .insert(videos)
      .values({ userId, source: 'GCS', status: 'QUEUED', storageKey, playerIdentifier: 1 })
      .returning()
    return row!.id
  }

  const jobsOf = async (videoId: number) => {
    const { rows } = await database.rawQuery(
      `SELECT name, state, retry_count, data FROM pgboss.job WHERE data->>'video_id' = $1
       UNION ALL
       SELECT name, state, retry_count, data FROM pgboss.archive WHERE data->>'video_id' = $1`,
      [String(videoId)],
    )
    return rows as Array<{ name: string; state: string; retry_count: number; data: unknown }>
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    // The run prefix makes the global teardown drop it with the others.
    const name = `areia_test_${process.env.AREIA_TEST_RUN ?? 'x'}_queue_${randomBytes(3).toString('hex')}`
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(process.env.DATABASE_URL!)
    u.pathname = `/${name}`
    url = u.toString()
    database = await openDatabase({ kind: 'postgres', url })
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-queue-'))
    await renderMatch(path.join(dataDir, 'match.mp4'), SHORT_MATCH)
    fs.writeFileSync(path.join(dataDir, 'corrupt.mp4'), Buffer.alloc(64 * 1024, 3))
    const [user] = await database.db
      .insert(users)
      .values({ email: 'fila@example.com', paymentStatus: 'PAYMENT_OK' })
      .returning()
    userId = user!.id
    // This process only enqueues, as an API node with RUN_WORKER=false does.
    queue = await createJobQueue(database, {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      policies: analysisPolicies(SETTINGS),
    })
    pipeline = new AnalysisPipeline({
      db: database.db,
      store: new PipelineStore(),
      storage: createVideoStorage({ kind: 'local', dir: path.join(dataDir, 'videos') }),
      queue,
      runner: new AnalysisRunner(1, quiet),
      publish: async () => undefined,
      clock: systemClock,
      settings: SETTINGS,
      videos: createVideoStatus(database),
      log: quiet,
    })
    // One after the other: the first creates the queue schema and the push keys.
    await startWorker('A')
    await startWorker('B')
  }, 240_000)

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL')
    await Promise.all(workers.map((w) => w.exited))
    await queue?.stop()
    await database?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'a worker killed mid-chunk: the chunk is retried by another and the analysis completes once',
    { timeout: 400_000 },
    async () => {
      const videoId = await queuedVideo(path.join(dataDir, 'match.mp4'))
      await pipeline.enqueue(videoId)
      const running = (w: Worker) =>
        w.lines().filter((l) => l.msg === 'analysis chunk running' && l.videoId === videoId)
      // The first worker to hand a chunk to its child is the victim, once that child is working.
      const victim = await until(async () => workers.find((w) => running(w).length > 0), 120_000)
      const started = running(victim)[0]!
      await until(async () => {
        const { analysis } = await analysisState(database, videoId)
        return analysis && analysis.percent > 10 ? true : undefined
      }, 120_000)
      expect((await analysisState(database, videoId)).analysis?.stage).toBe('PLAYERS')
      victim.child.kill('SIGKILL')
      await victim.exited
      // Its analysis child noticed the parent's death and exited too.
      const childPid = started.pid as number
      await until(async () => {
        try {
          process.kill(childPid, 0)
          return undefined
        } catch {
          return true
        }
      }, 30_000)

      const survivor = workers.find((w) => w !== victim)!
      const { video, analysis, chunks } = await until(async () => {
        const s = await analysisState(database, videoId)
        return s.analysis && ['REVIEW', 'FAILED'].includes(s.analysis.stage) ? s : undefined
      }, 300_000)
      expect(analysis?.failure).toBeNull()
      expect(analysis?.stage).toBe('REVIEW')
      expect(video?.status).toBe('IN_REVIEW')
      expect((analysis?.result as unknown as AnalysisResult).video.toSec).toBeCloseTo(10, 0)

      // The killed chunk ran again, on the survivor, as a retry.
      expect(
        running(survivor).some((l) => l.index === started.index && (l.attempt as number) >= 2),
      ).toBe(true)
      // Exactly one of everything: chunk rows, a completed job per step, one review transition.
      expect(chunks.map((c) => [c.run, c.index, Boolean(c.doneAt)])).toEqual([
        [1, 0, true],
        [1, 1, true],
      ])
      // The finish job moves the analysis to review before its worker reports the job done.
      const jobs = await until(async () => {
        const all = await jobsOf(videoId)
        return all.some((j) => ['created', 'retry', 'active'].includes(j.state)) ? undefined : all
      }, 30_000)
      const summary = jobs.map((j) => `${j.name}:${j.state}`).sort()
      expect(summary).toEqual([
        'analysis.chunk:completed',
        'analysis.chunk:completed',
        'analysis.finish:completed',
        'analysis.run:completed',
      ])
      const retried = jobs.find(
        (j) => j.name === 'analysis.chunk' && (j.data as { index: number }).index === started.index,
      )
      expect(retried?.retry_count).toBeGreaterThanOrEqual(1)
      const reviews = workers.flatMap((w) =>
        w.lines().filter((l) => l.msg === 'analysis ready for review' && l.videoId === videoId),
      )
      expect(reviews).toHaveLength(1)
      const artifacts = analysis?.artifacts as AnalysisArtifacts
      expect(storedAnalysisKeys(dataDir, videoId)).toEqual(artifactKeys(artifacts))
    },
  )

  it(
    'a step that always fails ends FAILED with its reason after its retries',
    {
      timeout: 180_000,
    },
    async () => {
      const videoId = await queuedVideo(path.join(dataDir, 'corrupt.mp4'))
      await pipeline.enqueue(videoId)
      const { video, analysis } = await until(async () => {
        const s = await analysisState(database, videoId)
        return s.analysis && ['REVIEW', 'FAILED'].includes(s.analysis.stage) ? s : undefined
      }, 150_000)
      expect(analysis?.stage).toBe('FAILED')
      expect(analysis?.failure).toMatch(/^A análise falhou depois de todas as tentativas: .+/)
      expect(video?.status).toBe('IN_REVIEW')
      // The dead letter's handler writes FAILED before pg-boss records the job as completed.
      const jobs = await until(async () => {
        const all = await jobsOf(videoId)
        return all.some((j) => j.name === 'analysis.failed' && j.state === 'active')
          ? undefined
          : all
      }, 30_000)
      const run = jobs.filter((j) => j.name === 'analysis.run')
      // Three attempts (two retries), then the dead letter, worked once.
      expect(run.map((j) => [j.state, j.retry_count])).toEqual([['failed', 2]])
      expect(jobs.filter((j) => j.name === 'analysis.failed').map((j) => j.state)).toEqual([
        'completed',
      ])
    },
  )
})
