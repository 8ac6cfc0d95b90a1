import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { schema } from '../../db/schema'
import { acquireDataDirLock } from './data-dir-lock'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/**
 * A prepared statement per database, made on first use: the hot reads (every authenticated
 * request) skip building the SQL in Drizzle and PostgreSQL's parse and plan.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>()
  return (db) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = prepare(db)
      statements.set(db, statement)
    }
    return statement
  }
}

export interface Database {
  readonly db: Db
  readonly kind: 'pglite' | 'postgres'
  /**
   * Only this process can have it open (the embedded database, under the DATA_DIR lock): work
   * it finds under way at start-up was left by a process that died.
   */
  readonly singleOwner: boolean
  ping(): Promise<void>
  /** Plain SQL for libraries that bring their own (the job queue); parameterless text may hold several statements. */
  rawQuery(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  close(): Promise<void>
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../db/migrations')

/** Any fixed number; every node takes this lock so only one applies migrations at a time. */
const MIGRATION_LOCK_KEY = 7_245_310_001

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' }

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  switch (target.kind) {
    case 'postgres':
      return openPostgres(target.url)
    case 'pglite':
      return openPglite(target.dataDir)
    case 'pglite-memory':
      return openPgliteClient(await PGlite.create(), () => undefined, false)
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pgdata')
  fs.mkdirSync(dir, { recursive: true })
  // PGlite is a single process database: a second server on the same directory would corrupt it.
  const releaseLock = acquireDataDirLock(dataDir)
  try {
    return await openPgliteClient(await PGlite.create(dir), releaseLock, true)
  } catch (err) {
    releaseLock()
    throw err
  }
}

/** How often the embedded database vacuums and refreshes its planner statistics. */
const PGLITE_VACUUM_INTERVAL_MS = 10 * 60_000

/**
 * PGlite has no autovacuum. Without statistics the planner takes a 2,000-message conversation
 * for 7 rows and hash-joins all of it to show the latest 20 (11 ms a query instead of 1.7);
 * without VACUUM the rows the job queue and session refreshes delete or update are never
 * reused, and the files only grow. Both run at start-up and then every ten minutes: ANALYZE
 * samples at most 30,000 rows a table and VACUUM skips the pages it found clean the last time,
 * so on 400,000 messages a round takes ~0.3 s at start-up and ~0.2 s after.
 */
function maintain(client: PGlite): { stop: () => Promise<void> } {
  const round = () => client.exec('VACUUM (ANALYZE)')
  let running: Promise<unknown> = round().catch(() => undefined)
  const timer = setInterval(() => {
    running = running.then(round).catch(() => undefined)
  }, PGLITE_VACUUM_INTERVAL_MS)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running.catch(() => undefined)
    },
  }
}

async function openPgliteClient(
  client: PGlite,
  releaseLock: () => void,
  singleOwner: boolean,
): Promise<Database> {
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  const maintenance = maintain(client)
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    singleOwner,
    ping: async () => {
      await client.query('select 1')
    },
    rawQuery: async (text, values = []) => {
      // PGlite prepares every parameterised query, and a prepared statement holds one command.
      if (values.length === 0) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      return client.query(text, values)
    },
    close: async () => {
      await maintenance.stop()
      await client.close()
      releaseLock()
    },
  }
}

async function openPostgres(url: string): Promise<Database> {
  // While the database is away a request fails within seconds instead of waiting for it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  const db = drizzlePg(pool, { schema })
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => null)
    lockClient.release()
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    singleOwner: false,
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    rawQuery: (text, values = []) => pool.query(text, values),
    close: () => pool.end(),
  }
}

/** SQLSTATE classes and socket errors that mean "the database is away", not "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '08000',
  '08001',
  '08003',
  '08006',
])
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
]

/** Whether an error (or any error in its `cause` chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    if (UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
