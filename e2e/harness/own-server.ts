import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { SEEDED_PASSWORD, uniqueEmail } from './accounts'
import { startServer, type RunningServer } from './server'

export interface OwnServer {
  server: RunningServer
  /** A player, onboarded. */
  player: string
  /** An administrator of the console. */
  admin: string
  stop: () => Promise<void>
}

/**
 * A server of a journey's own, for settings the shared one must not have (`env`): a player and
 * an administrator signed up through the API, then, with the server stopped, onboarded and their
 * role set as `npm run admin:create` would, on a data folder of its own.
 */
export async function startOwnServer(
  env: Record<string, string>,
  names: { player: string; admin: string },
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `areia-e2e-${names.player}-`))
  const player = uniqueEmail(names.player)
  const admin = uniqueEmail(names.admin)
  try {
    const seeding = await startServer(dataDir, { env })
    try {
      for (const email of [player, admin]) {
        const response = await fetch(`${seeding.url}/api/v1/auth/register/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
        })
        if (response.status !== 201) throw new Error(`register answered ${response.status}`)
      }
    } finally {
      await seeding.stop()
    }
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    try {
      await db.query(
        `UPDATE users SET onboarding_status = 'COMPLETED' WHERE email = ANY($1::text[])`,
        [[player, admin]],
      )
      await db.query(`UPDATE users SET role = 'ADMIN' WHERE email = $1`, [admin])
    } finally {
      await db.close()
    }
    const server = await startServer(dataDir, { env })
    return {
      server,
      player,
      admin,
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
