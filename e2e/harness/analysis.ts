import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTeam, seededRng } from '@areia/coach'
import { PGlite } from '@electric-sql/pglite'
import { renderMatch } from '@areia/vision/synth'
import { SEEDED_PASSWORD, uniqueEmail } from './accounts'
import { WEB_DIST } from './paths'
import { startServer, type RunningServer } from './server'

/**
 * A generated match for the analysis journey: four real people on a drawn court, 1280×720.
 * 31 s because the upload gate refuses games under 30 s; 12 fps keeps the pipeline quick on
 * this machine (the gate only warns below 20 fps).
 */
export async function makeMatchClip(): Promise<{ file: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-match-'))
  const file = path.join(dir, 'jogo-de-sabado.mp4')
  await renderMatch(file, {
    width: 1280,
    height: 720,
    fps: 12,
    durationSec: 31,
    corners: [
      { x: 173, y: 693 },
      { x: 1107, y: 693 },
      { x: 880, y: 253 },
      { x: 400, y: 253 },
    ],
    rallies: [
      [3, 12],
      [16, 26],
    ],
  })
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** The server suites' local HTTPS push service (RFC 8030/8291/8292), trusted by the server. */
export { startPushService as startPushReceiver } from '../../apps/server/test/helpers/push-service'

async function register(url: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
  })
  if (response.status !== 201) throw new Error(`register ${email}: ${response.status}`)
}

/**
 * The analysis journey's own server (so it can trust the local push service): a paying player
 * with a team of coaches and a `standard` (Pro) subscription, as onboarding and a checkout leave
 * them, and an analyst, as `npm run admin:create` would.
 */
export async function startAnalysisServer(
  pushCaFile: string | null,
  /** Runs on the seeded database, with the server stopped (e.g. a video already analysed). */
  prepare?: (
    db: PGlite,
    dataDir: string,
    accounts: { player: string; analyst: string },
  ) => Promise<void>,
): Promise<{
  server: RunningServer
  player: string
  analyst: string
  stop: () => Promise<void>
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-analysis-'))
  // Its own copy of the built app: this journey runs for minutes, and another run of the
  // journeys may rebuild apps/web/dist (new asset names) in the meantime.
  const webDir = path.join(dataDir, 'web')
  fs.cpSync(WEB_DIST, webDir, { recursive: true })
  // The local push service listens on loopback, which only an allowed host may.
  const env = {
    ...(pushCaFile ? { NODE_EXTRA_CA_CERTS: pushCaFile } : {}),
    WEB_DIST_DIR: webDir,
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
  }
  const player = uniqueEmail('analise')
  const analyst = uniqueEmail('analista')
  try {
    const seeding = await startServer(dataDir, { env })
    try {
      await register(seeding.url, player)
      await register(seeding.url, analyst)
    } finally {
      await seeding.stop()
    }
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    try {
      await seedPlayerAndAnalyst(db, player, analyst)
      await prepare?.(db, dataDir, { player, analyst })
    } finally {
      await db.close()
    }
    const server = await startServer(dataDir, { env })
    return {
      server,
      player,
      analyst,
      stop: async () => {
        await server.stop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}

async function seedPlayerAndAnalyst(db: PGlite, player: string, analyst: string) {
  await db.query(`UPDATE users SET onboarding_status = 'COMPLETED' WHERE email = ANY($1::text[])`, [
    [player, analyst],
  ])
  await db.query(`UPDATE users SET role = 'ANALYST', name = 'Rita' WHERE email = $1`, [analyst])
  const { rows } = await db.query<{ id: string }>(
    `UPDATE users SET payment_status = 'PAYMENT_OK', name = 'Lia' WHERE email = $1 RETURNING id`,
    [player],
  )
  const userId = rows[0]?.id
  if (!userId) throw new Error(`seeding: ${player} missing`)
  const team = createTeam({ profile: { category: 'C' }, rng: seededRng(player) })
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
  const inserted = await db.query(
    `INSERT INTO subscriptions (user_id, plan_id, billing_cycle, status, started_at, expires_at)
     SELECT $1, p.id, 'MONTHLY', 'ACTIVE', now(), now() + interval '30 days'
     FROM plans p WHERE p.slug = 'standard'`,
    [userId],
  )
  if (inserted.affectedRows !== 1) throw new Error('seeding: the Pro subscription failed')
}
