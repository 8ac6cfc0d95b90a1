import { createTeam, seededRng } from '@areia/coach'
import type { PGlite } from '@electric-sql/pglite'
import { SEEDED_ACCOUNTS } from './accounts'

/** The Agent Store journey's players: Pro (1 partner allowed) and Free (none). */
export const AGENT_ACCOUNTS = {
  pro: SEEDED_ACCOUNTS.agentsPro,
  free: SEEDED_ACCOUNTS.agentsFree,
}

/**
 * The Agent Store journey needs what onboarding and a paid checkout would leave: a team of
 * coaches (built by the coach engine, as the server does) and, for the Pro player, PAYMENT_OK
 * with an active `standard` subscription, the plan whose row allows one partner.
 */
export async function seedAgentAccounts(db: PGlite): Promise<void> {
  for (const email of Object.values(AGENT_ACCOUNTS)) {
    const team = createTeam({ profile: { category: 'C' }, rng: seededRng(email) })
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [
      email,
    ])
    const userId = rows[0]?.id
    if (!userId) throw new Error(`seeding: ${email} missing`)
    for (const [position, coach] of team.coaches.entries()) {
      await db.query(
        `INSERT INTO coaches (user_id, name, archetype, persona, position) VALUES ($1, $2, $3, $4, $5)`,
        [userId, coach.name, coach.archetype, JSON.stringify(coach), position],
      )
    }
    await db.query(
      `INSERT INTO profiles (user_id, category, dominant_hand) VALUES ($1, 'C', 'RIGHT')
       ON CONFLICT (user_id) DO UPDATE SET category = 'C', dominant_hand = 'RIGHT'`,
      [userId],
    )
    await db.query(`UPDATE users SET name = 'Joana' WHERE id = $1`, [userId])
  }
  await db.query(`UPDATE users SET payment_status = 'PAYMENT_OK' WHERE email = $1`, [
    AGENT_ACCOUNTS.pro,
  ])
  const inserted = await db.query(
    `INSERT INTO subscriptions (user_id, plan_id, billing_cycle, status, started_at, expires_at)
     SELECT u.id, p.id, 'MONTHLY', 'ACTIVE', now(), now() + interval '30 days'
     FROM users u CROSS JOIN plans p WHERE u.email = $1 AND p.slug = 'standard'`,
    [AGENT_ACCOUNTS.pro],
  )
  if (inserted.affectedRows !== 1) throw new Error('seeding: the Pro agents subscription failed')
}
