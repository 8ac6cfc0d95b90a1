import { type JobName, type JobPayload, JobPayloads } from '@areia/contracts'
import PgBoss from 'pg-boss'
import type { Database } from '../db'

export interface JobOptions {
  startAfter?: Date
}

export interface QueuePolicy {
  retryLimit: number
  retryDelaySeconds: number
  /** Upper bound of one attempt; past it the attempt counts as failed. */
  expireInSeconds: number
}

export type JobHandler<N extends JobName> = (
  data: JobPayload<N>,
  meta: { id: string; attempt: number },
) => Promise<void>

/**
 * Durable jobs in the application's own database (pg-boss: SKIP LOCKED, retries with
 * exponential back-off, expiry per attempt). The same engine serves PGlite and PostgreSQL.
 */
export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayload<N>, opts?: JobOptions): Promise<string | null>
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>
  /** Sends `data` on a cron schedule (UTC); every node may call it, the schedule is stored once. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayload<N>): Promise<void>
  stop(): Promise<void>
}

const DEFAULT_POLICY: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
}

export async function createJobQueue(
  database: Database,
  opts: { pollingIntervalSeconds: number; policies?: Partial<Record<JobName, QueuePolicy>> },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        const { rows } = await database.rawQuery(text, values)
        return { rows: rows as Array<Record<string, unknown>> }
      },
    },
    schema: 'pgboss',
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
    }
    // createQueue leaves an existing queue as it was; the policy in code is the one that counts.
    if (await boss.getQueue(name)) await boss.updateQueue(name, options)
    else await boss.createQueue(name, options)
  }
  return {
    send: async (name, data, jobOpts = {}) =>
      boss.send(
        name,
        JobPayloads[name].parse(data),
        jobOpts.startAfter ? { startAfter: jobOpts.startAfter } : {},
      ),
    work: async (name, handler) => {
      await boss.work(
        name,
        {
          pollingIntervalSeconds: opts.pollingIntervalSeconds,
          batchSize: 1,
          includeMetadata: true,
        },
        async (jobs) => {
          for (const job of jobs) {
            const data = JobPayloads[name].parse(job.data) as JobPayload<typeof name>
            await handler(data, { id: job.id, attempt: job.retryCount + 1 })
          }
        },
      )
    },
    schedule: async (name, cron, data) => {
      await boss.schedule(name, cron, JobPayloads[name].parse(data), { tz: 'UTC' })
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  }
}
