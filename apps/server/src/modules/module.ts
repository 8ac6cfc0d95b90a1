import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Clock } from '../adapters/clock'
import type { Db } from '../adapters/db'
import type { Config } from '../config'
import type { ModuleJob } from '../adapters/queue/jobs'
import type { DeletionStep } from './users/deletion'

export { job, type ModuleJob } from '../adapters/queue/jobs'

/**
 * What a server module hands the composition root: its HTTP routes, the jobs it consumes and the
 * steps that remove what it keeps about a deleted account. Services are its own fields.
 */
export interface ServerModule {
  routes?: (server: FastifyInstance) => Promise<void>
  jobs?: ModuleJob[]
  erasure?: DeletionStep[]
}

/** What nearly every module is built on. */
export interface ModuleBase {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  config: Config
}
