import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDatabase } from '../../src/adapters/db'

/** Children first, so TRUNCATE order never matters; CASCADE covers the rest. */
const TABLES = [
  'retained_records',
  'analysis_chunks',
  'video_analyses',
  'card_tokens',
  'subscriptions',
  'orders',
  'oauth_states',
  'user_identities',
  'push_subscriptions',
  'audit_log',
  'memory_facts',
  'training_plans',
  'progress_notes',
  'progress_goals',
  'progress_preferences',
  'user_partner_agents',
  'partner_agents',
  'mail_outbox',
  'local_mailbox',
  'account_tokens',
  'waitlist_entries',
  'coupon_redemptions',
  'coupons',
  'plans',
  'chat_turns',
  'chat_messages',
  'coaches',
  'onboarding_states',
  'refresh_tokens',
  'sessions',
  'profiles',
  'videos',
  'users',
  'server_secrets',
]

/** Subject of the confirmation link every e-mail sign-up gets (tests counting e-mails skip it). */
export const SIGN_UP_CONFIRMATION = 'Confirme o seu e-mail no Areia'

let shared: Promise<Database> | undefined

/**
 * One database per test worker (a cold PGlite start costs seconds), emptied before each file.
 * TEST_DB=postgres runs the same suites on a fresh PostgreSQL database made from DATABASE_URL.
 */
export async function testDatabase({ reset = true } = {}): Promise<Database> {
  shared ??= open()
  const database = await shared
  if (reset) {
    await database.db.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} CASCADE`))
    // Jobs an earlier file queued point at rows just emptied; a new file starts with none.
    await database.rawQuery(
      `DO $$ BEGIN IF to_regclass('pgboss.job') IS NOT NULL THEN DELETE FROM pgboss.job; END IF; END $$`,
    )
  }
  return database
}

async function open(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ kind: 'pglite-memory' })
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL')
  const name = `areia_test_${process.env.AREIA_TEST_RUN ?? 'x'}_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  return database
}
