import { type JobName, type JobPayload, JobPayloads } from '@areia/contracts'
import PgBoss from 'pg-boss'
import type { Database } from '../db'

export interface JobOptions {
  startAfter?: Date
  /** Overrides the queue's expiry for this job (e.g. fitted to a video chunk's length). */
  expireInSeconds?: number
  /**
   * A UUID chosen by the sender: a second send with the same id is ignored (returns null), so a
   * step that may run twice enqueues its follow-up once.
   */
  id?: string
  /**
   * Wakes this process's idle workers of the queue at once instead of at their next poll: a job
   * a person is waiting for (a chat reply) starts without the polling delay when this process
   * runs that queue.
   */
  wake?: boolean
}

export interface QueuePolicy {
  retryLimit: number
  retryDelaySeconds: number
  /** Upper bound of one attempt; past it the attempt counts as failed. */
  expireInSeconds: number
  /** Where a job goes once its last retry failed (with the failure as its output). */
  deadLetter?: JobName
}

export interface JobMeta {
  id: string
  attempt: number
  retryLimit: number
  /** Aborted when the attempt's expiry passes: the queue has counted it failed by then. */
  signal: AbortSignal
  /** What a failed job left (dead-letter queues receive the failure here). */
  output: unknown
}

export type JobHandler<N extends JobName> = (data: JobPayload<N>, meta: JobMeta) => Promise<void>

/**
 * Durable jobs in the application's own database (pg-boss: SKIP LOCKED, retries with
 * exponential back-off, expiry per attempt). The same engine serves PGlite and PostgreSQL.
 */
export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayload<N>, opts?: JobOptions): Promise<string | null>
  /** `concurrency` attempts of this queue at once in this process (default 1). */
  work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    opts?: { concurrency?: number },
  ): Promise<void>
  /** Sends `data` on a cron schedule (UTC); every node may call it, the schedule is stored once. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayload<N>): Promise<void>
  /**
   * Deletes every job, waiting, done or archived, whose payload holds one of these values at one
   * of these top-level fields. Account deletion uses it: finished jobs keep their payloads (an
   * e-mail address, a notification's text) for days.
   */
  forget(match: Record<string, ReadonlyArray<string | number>>): Promise<void>
  /**
   * How many jobs of the queue are waiting, to be retried or running, optionally only those
   * whose payload has these top-level values.
   */
  pending(name: JobName, match?: Record<string, string>): Promise<number>
  stop(): Promise<void>
}

const DEFAULT_POLICY: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
}

export async function createJobQueue(
  database: Database,
  opts: {
    pollingIntervalSeconds: number
    /**
     * How often expired attempts (a worker that died mid-job) are found and retried; pg-boss
     * keeps one maintainer across all nodes per interval.
     */
    maintenanceIntervalSeconds?: number
    policies?: Partial<Record<JobName, QueuePolicy>>
  },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const { rows } = await database.rawQuery(text, values)
        return { rows: rows as Array<Record<string, unknown>> }
      },
    },
    schema: 'pgboss',
    ...(opts.maintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds }
      : {}),
  })
  boss.on('error', () => undefined)
  await boss.start()
  for (const name of Object.keys(JobPayloads) as JobName[]) {
    const policy = opts.policies?.[name] ?? DEFAULT_POLICY
    const options = {
      name,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      ...(policy.deadLetter ? { deadLetter: policy.deadLetter } : {}),
    }
    // createQueue leaves an existing queue as it was; the policy in code is the one that counts.
    if (await boss.getQueue(name)) await boss.updateQueue(name, options)
    else await boss.createQueue(name, options)
  }
  if (database.singleOwner) await failAbandoned(boss, database)
  /** This process's workers by queue, to wake them. */
  const workers = new Map<JobName, string[]>()
  return {
    send: async (name, data, jobOpts = {}) => {
      const id = await boss.send(name, JobPayloads[name].parse(data), {
        ...(jobOpts.startAfter ? { startAfter: jobOpts.startAfter } : {}),
        ...(jobOpts.expireInSeconds ? { expireInSeconds: jobOpts.expireInSeconds } : {}),
        ...(jobOpts.id ? { id: jobOpts.id } : {}),
      })
      if (jobOpts.wake) for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker)
      return id
    },
    work: async (name, handler, workOpts = {}) => {
      // pg-boss 10 runs one fetch loop per worker; several workers give parallel attempts.
      for (let i = 0; i < Math.max(1, workOpts.concurrency ?? 1); i++) {
        // Known once `work` returns; a job finished before then just waits out the polling interval.
        const worker: { id?: string } = {}
        worker.id = await boss.work(
          name,
          {
            pollingIntervalSeconds: opts.pollingIntervalSeconds,
            batchSize: 1,
            includeMetadata: true,
          },
          async (jobs) => {
            for (const job of jobs) {
              const data = JobPayloads[name].parse(job.data) as JobPayload<typeof name>
              const expiry = new AbortController()
              const timer = setTimeout(
                () => expiry.abort(new Error('tempo da tentativa esgotado')),
                Number(job.expireInSeconds) * 1000,
              )
              try {
                await handler(data, {
                  id: job.id,
                  attempt: job.retryCount + 1,
                  retryLimit: job.retryLimit,
                  signal: expiry.signal,
                  output: job.output,
                })
              } finally {
                clearTimeout(timer)
              }
            }
            // A worker that found a job looks again at once: a backlog drains at the pace of
            // its jobs, not one job per polling interval.
            if (jobs.length > 0 && worker.id) boss.notifyWorker(worker.id)
          },
        )
        workers.set(name, [...(workers.get(name) ?? []), worker.id])
      }
    },
    schedule: async (name, cron, data) => {
      await boss.schedule(name, cron, JobPayloads[name].parse(data), { tz: 'UTC' })
    },
    forget: async (match) => {
      const fields = Object.entries(match).filter(([, values]) => values.length > 0)
      if (fields.length === 0) return
      const where = fields
        .map(([field], i) => {
          if (!/^[a-z_]+$/.test(field)) throw new Error(`unsafe job field ${field}`)
          return `data->>'${field}' = ANY($${i + 1}::text[])`
        })
        .join(' OR ')
      const values = fields.map(([, v]) => v.map(String))
      for (const table of ['job', 'archive']) {
        await database.rawQuery(`DELETE FROM pgboss.${table} WHERE ${where}`, values)
      }
    },
    pending: async (name, match = {}) => {
      const fields = Object.keys(match)
      for (const field of fields) {
        if (!/^[a-z_]+$/.test(field)) throw new Error(`unsafe job field ${field}`)
      }
      const where = fields.map((field, i) => ` AND data->>'${field}' = $${i + 2}`).join('')
      // pg-boss's states are an ordered enum: created, retry, active come before completed.
      const { rows } = await database.rawQuery(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed'${where}`,
        [name, ...fields.map((f) => match[f])],
      )
      return (rows[0] as { n: number }).n
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  }
}

/**
 * Attempts still marked active when the only process that can run them starts were cut off by
 * its death: failing them now retries them (or hands them to their dead-letter queue) at once,
 * instead of after their expiry, hours for a long video's analysis. On PostgreSQL another node
 * may still be running them, and expiry decides.
 */
async function failAbandoned(boss: PgBoss, database: Database): Promise<void> {
  const { rows } = await database.rawQuery(`SELECT name, id FROM pgboss.job WHERE state = 'active'`)
  for (const { name, id } of rows as Array<{ name: string; id: string }>) {
    await boss.fail(name, id, { message: 'o servidor parou durante esta tentativa' })
  }
}
