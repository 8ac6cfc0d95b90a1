import { createHash } from 'node:crypto'
import type { Database } from '../../adapters/db'
import type { JobQueue } from '../../adapters/queue'

/** Deletions within this window share one compaction. */
const WINDOW_MS = 60_000
/** Deletions often come in a burst (several e-mails, jobs forgotten): wait for it to end. */
const DELAY_MS = 30_000

/**
 * What a deleted row leaves on disk. PostgreSQL only marks deleted rows dead: their bytes stay
 * in the table's files, its indexes and the write-ahead log until overwritten, and a plain
 * VACUUM does not overwrite them. In the embedded database, which lives in DATA_DIR on the
 * player's own host, an erasure rewrites every table (VACUUM FULL writes new files with live
 * rows only), then moves the log to a new segment and checkpoints with recycling off, so the
 * old segments are deleted rather than kept for reuse. PostgreSQL in production is the
 * operator's (its backups and disks are covered by the privacy policy).
 */
export class DiskErasure {
  constructor(
    private readonly database: Database,
    private readonly queue: Pick<JobQueue, 'send'>,
    private readonly clock: { now(): Date },
  ) {}

  get applies(): boolean {
    return this.database.kind === 'pglite'
  }

  /** Queues one compaction for the deletions of this minute. */
  async schedule(): Promise<void> {
    if (!this.applies) return
    const now = this.clock.now().getTime()
    const bucket = Math.floor(now / WINDOW_MS)
    await this.queue.send(
      'erasure.compact',
      {},
      { id: uuidFrom(`erasure-compact:${bucket}`), startAfter: new Date(now + DELAY_MS) },
    )
  }

  /**
   * The `erasure.compact` job. One table at a time, each its own statement, so the server's
   * other queries get their turn in between instead of waiting for the whole rewrite.
   */
  async compact(): Promise<number> {
    if (!this.applies) return 0
    const { rows } = await this.database.rawQuery(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables ORDER BY 1`,
    )
    const tables = (rows as Array<{ name: string }>).map((r) => r.name)
    for (const table of tables) {
      await this.database.rawQuery(`VACUUM FULL ${table}`)
      await new Promise((resolve) => setImmediate(resolve))
    }
    await this.database.rawQuery('SET wal_recycle = off')
    // Twice: the first switch leaves the current segment behind, the second one the segment
    // the first checkpoint was written to.
    for (let i = 0; i < 2; i++) {
      await this.database.rawQuery('SELECT pg_switch_wal()')
      await this.database.rawQuery('CHECKPOINT')
    }
    return tables.length
  }
}

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}
