// Bench players: signed up through the API like anyone, then given a finished onboarding (a
// team of three coaches), a Pro subscription and, when asked, a long conversation written
// straight to the database.
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { chatMessages, coaches, plans, subscriptions, users } from '../../apps/server/src/db/schema'
import { createEmbeddedEngine } from '../../apps/server/src/modules/coaching/embedded-engine'

const engine = createEmbeddedEngine()
const PROFILE = {
  name: 'Bench',
  category: 'C',
  height_cm: 175,
  dominant_hand: 'RIGHT',
  gender: 'MALE',
  age_group: null,
  goal: null,
  goal_focus: null,
  training_per_week: 2,
} as unknown as Parameters<typeof engine.createTeam>[0]

export const PASSWORD = 'segredo123'

export async function signUp(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${await res.text()}`)
}

export async function logIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  })
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

type Db = PgDatabase<PgQueryResultHKT>

async function onboard(db: Db, emails: string[], messages: number): Promise<void> {
  for (const email of emails) {
    const [user] = await db
      .update(users)
      .set({ onboardingStatus: 'COMPLETED' })
      .where(eq(users.email, email))
      .returning({ id: users.id })
    if (!user) throw new Error(`seed: no user ${email}`)
    // Pro subscribers: the free plan's daily message allowance would otherwise answer the
    // bench's hundreds of messages with the limit notice instead of the coaches.
    const [pro] = await db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'standard'))
    if (pro) {
      await db.update(users).set({ paymentStatus: 'PAYMENT_OK' }).where(eq(users.id, user.id))
      const now = new Date()
      await db.insert(subscriptions).values({
        userId: user.id,
        planId: pro.id,
        billingCycle: 'YEARLY',
        status: 'ACTIVE',
        startedAt: now,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
      })
    }
    // The engine's own team, as onboarding makes it: replies read the personas.
    const team = await db
      .insert(coaches)
      .values(
        engine.createTeam(PROFILE, []).map((c, position) => ({ userId: user.id, position, ...c })),
      )
      .returning({ id: coaches.id })
    for (let i = 0; i < messages; i += 500) {
      const rows = Array.from({ length: Math.min(500, messages - i) }, (_, k) => {
        const n = i + k
        const fromCoach = n % 2 === 1
        return {
          userId: user.id,
          senderType: fromCoach ? ('AI' as const) : ('USER' as const),
          coachId: fromCoach ? team[n % 3]!.id : null,
          content: fromCoach
            ? `Boa pergunta! Para o saque, **lance a bola sempre no mesmo lugar** e mire fundo no meio. Mensagem ${n}.`
            : `Como melhoro meu saque? Mensagem ${n}.`,
        }
      })
      await db.insert(chatMessages).values(rows)
    }
  }
}

/** The embedded database, with the server stopped (PGlite has one writer). */
export async function onboardOnPglite(dataDir: string, emails: string[], messages = 0) {
  const client = await PGlite.create(path.join(dataDir, 'pgdata'))
  try {
    await onboard(drizzlePglite(client), emails, messages)
  } finally {
    await client.close()
  }
}

export async function onboardOnPostgres(url: string, emails: string[], messages = 0) {
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  try {
    await onboard(drizzlePg(pool), emails, messages)
  } finally {
    await pool.end()
  }
}

/** A database of the bench's own on the machine's PostgreSQL, dropped afterwards. */
export async function scratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `areia_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name}`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
