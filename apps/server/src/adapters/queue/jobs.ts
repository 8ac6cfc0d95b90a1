import type { JobName, JobPayload } from '@areia/contracts'
import type { JobHandler, JobQueue } from './index'

/** One queue this process consumes, and its cron schedule when it has one. */
export type ModuleJob = {
  [N in JobName]: {
    name: N
    handler: JobHandler<N>
    /** Attempts of this queue at once in this process (default 1). */
    concurrency?: number
    schedule?: { cron: string; data: JobPayload<N> }
  }
}[JobName]

export function job<N extends JobName>(
  name: N,
  handler: JobHandler<N>,
  opts: { concurrency?: number; schedule?: { cron: string; data: JobPayload<N> } } = {},
): ModuleJob {
  return { name, handler, ...opts } as ModuleJob
}

/** Registers the consumers (and schedules) of every module, in the order given. */
export async function startJobs(queue: JobQueue, jobs: readonly ModuleJob[]): Promise<void> {
  for (const j of jobs) {
    // Any one member of the union stands for all: `job` keeps each name with its own handler.
    const { name, handler, concurrency, schedule } = j as Extract<ModuleJob, { name: 'chat.reply' }>
    await queue.work(name, handler, concurrency === undefined ? {} : { concurrency })
    if (schedule) await queue.schedule(name, schedule.cron, schedule.data)
  }
}
