import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { seedAgentAccounts } from './agents-seed'
import { seedLongConversation, seedReportMessage, seedTeam } from './chat-seed'
import {
  SEEDED_ACCOUNTS,
  SEEDED_PASSWORD,
  TEAM_ACCOUNTS,
  ULTRA_ACCOUNTS,
  UNCONFIRMED_ACCOUNTS,
  VIDEO_ACCOUNTS,
} from './accounts'

/** Signs up every seeded account through the public API, as a person would. */
export async function registerSeededAccounts(baseUrl: string): Promise<void> {
  for (const email of Object.values(SEEDED_ACCOUNTS)) {
    const response = await fetch(`${baseUrl}/api/v1/auth/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
    })
    if (response.status !== 201) {
      throw new Error(
        `seeding ${email}: register answered ${response.status} ${await response.text()}`,
      )
    }
  }
}

/**
 * Journeys about other screens skip the onboarding conversation (chat.test.ts goes through it
 * with its own new players): the harness writes the end state directly, with the server stopped (PGlite has a single writer). The `pro` account
 * also gets PAYMENT_OK so the sidebar's disabled "Plano Pro" can be checked.
 */
export async function markSeededAccountsOnboarded(dataDir: string): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'))
  try {
    const emails = Object.values(SEEDED_ACCOUNTS)
    const updated = await db.query(
      // Established players: onboarded, their address confirmed long ago (no e-mail banner).
      `UPDATE users SET onboarding_status = 'COMPLETED', email_verified_at = now()
       WHERE email = ANY($1::text[])`,
      [emails],
    )
    if (updated.affectedRows !== emails.length) {
      throw new Error(`seeding: expected ${emails.length} users, updated ${updated.affectedRows}`)
    }
    // Staff are made by `npm run admin:create` in real life; the harness writes the same end state.
    await db.query(`UPDATE users SET role = 'ADMIN' WHERE email = $1`, [SEEDED_ACCOUNTS.admin])
    await db.query(`UPDATE users SET role = 'ANALYST' WHERE email = $1`, [SEEDED_ACCOUNTS.analyst])
    await db.query(`UPDATE users SET payment_status = 'PAYMENT_OK' WHERE email = $1`, [
      SEEDED_ACCOUNTS.pro,
    ])
    await subscribe(db, VIDEO_ACCOUNTS, 'standard')
    await subscribe(db, ULTRA_ACCOUNTS, 'ultra')
    await seedAgentAccounts(db)
    await seedLongConversation(db)
    for (const email of TEAM_ACCOUNTS) await seedTeam(db, email)
    for (const email of UNCONFIRMED_ACCOUNTS) await seedReportMessage(db, email)
    await db.query(`UPDATE users SET email_verified_at = NULL WHERE email = ANY($1::text[])`, [
      UNCONFIRMED_ACCOUNTS,
    ])
  } finally {
    await db.close()
  }
}

/**
 * An active monthly subscription to the plan `slug`, as a paid checkout would leave it: sending
 * videos needs PAYMENT_OK and a plan with a monthly allowance.
 */
async function subscribe(db: PGlite, emails: readonly string[], slug: string): Promise<void> {
  await db.query(`UPDATE users SET payment_status = 'PAYMENT_OK' WHERE email = ANY($1::text[])`, [
    emails,
  ])
  const inserted = await db.query(
    `INSERT INTO subscriptions (user_id, plan_id, billing_cycle, status, started_at, expires_at)
     SELECT u.id, p.id, 'MONTHLY', 'ACTIVE', now(), now() + interval '30 days'
     FROM users u CROSS JOIN plans p
     WHERE u.email = ANY($1::text[]) AND p.slug = $2`,
    [emails, slug],
  )
  if (inserted.affectedRows !== emails.length) {
    throw new Error(
      `seeding: expected ${emails.length} subscriptions, got ${inserted.affectedRows}`,
    )
  }
}
