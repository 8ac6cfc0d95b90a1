import type { ProgressMatch } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { deleteOutboxMailTo } from '../../adapters/mail'
import type { JobQueue } from '../../adapters/queue'
import type { RateLimitStore } from '../../adapters/rate-limit'
import { job, type ModuleBase, type ServerModule } from '../module'
import { AccountClosure, type OwnerCheck } from './closure'
import { AccountDeletion, type DeletionStep } from './deletion'
import type { DiskErasure } from './disk-erasure'
import { Erasure, type ErasureDeps } from './erasure'
import { DataExportService, type ExportFiles } from './export'
import { ExportStore } from './export-store'
import { RetentionStore } from './retention-store'
import { usersRoutes } from './routes'
import { UsersService } from './service'
import { UsersStore } from './store'

/** The accounts every other module reads: built first. */
export function createUsers(d: { db: Db; clock: Clock }): UsersService {
  return new UsersService(d.db, new UsersStore(), d.clock)
}

export interface UsersModuleDeps extends ModuleBase {
  users: UsersService
  queue: Pick<JobQueue, 'forget'>
  diskErasure: DiskErasure
  deleteAnalysisFiles: ErasureDeps['deleteAnalysisFiles']
  /** What the other modules remove of a deleted account, in order. */
  erasure: DeletionStep[]
  rateLimits: RateLimitStore
  /** Proves the owner before their account is deleted (password, or a fresh Google sign-in). */
  owner: OwnerCheck
  /** The data export's download links of the player's files, as absolute URLs. */
  exportFiles: ExportFiles
  /** Minha evolução's figures of each analysed match, for the data export. */
  progress: (userId: string) => Promise<ProgressMatch[]>
}

/**
 * The player's own account: profile, data export and deletion. Built last, with the clean-up
 * steps of every module, so that adding a module cannot silently leave a user's data behind.
 */
export function createUsersModule(d: UsersModuleDeps) {
  const { db, clock, users, diskErasure } = d
  const erasure = new Erasure(db, new RetentionStore(), clock, {
    forgetJobs: (match) => d.queue.forget(match),
    deleteAnalysisFiles: d.deleteAnalysisFiles,
  })
  // Rows that reference the user cascade with it; what only names them is removed here.
  const steps: DeletionStep[] = [
    ...d.erasure,
    {
      name: 'mail-outbox',
      inTransaction: async (tx, userId) => {
        const user = await users.findById(userId, tx)
        if (user) await deleteOutboxMailTo(tx, user.email)
      },
    },
    ...erasure.steps(),
    // Last: what the steps above deleted is then overwritten on disk too (embedded database).
    { name: 'disk-erasure', afterCommit: () => diskErasure.schedule() },
  ]
  const deletion = new AccountDeletion({
    db,
    steps,
    deleteUserRow: (tx, userId) => new UsersStore().delete(tx, userId),
    onAfterCommitError: (step, err) =>
      d.log.error({ err, step }, 'account deletion: clean-up step failed'),
  })
  const dataExport = new DataExportService(
    db,
    new ExportStore(),
    clock,
    d.rateLimits.limiter('export-user', 5, 3600),
    d.exportFiles,
    d.progress,
  )
  return {
    deletion,
    routes: async (server) => {
      await server.register(usersRoutes, {
        users,
        closure: new AccountClosure(users, d.owner, deletion),
        dataExport,
      })
    },
    jobs: [
      job('erasure.compact', async () => {
        const tables = await diskErasure.compact()
        d.log.info({ tables }, 'deleted data overwritten on disk')
      }),
      job(
        'retention.purge',
        async () => {
          const deleted = await erasure.purgeExpired()
          if (deleted > 0) d.log.info({ deleted }, 'retained records past their date deleted')
        },
        { schedule: { cron: '23 4 * * *', data: {} } },
      ),
    ],
  } satisfies ServerModule & Record<string, unknown>
}
