import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { deliveredToken, startSmtpReceiver } from '../../apps/server/test/helpers/smtp'
import { SEEDED_PASSWORD, uniqueEmail } from './accounts'
import { startServer, type RunningServer } from './server'

async function register(url: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
  })
  if (response.status !== 201) throw new Error(`register ${email}: ${response.status}`)
}

/**
 * A server of its own whose e-mail leaves over SMTP_URL to a mail server in the journey (the
 * players' inboxes): reset links are minted only into the message that leaves, so the shared
 * server's local mailbox, which keeps them as "…", cannot stand in for an inbox. A player and an
 * administrator, onboarded and confirmed, as the shared seed leaves its accounts.
 */
export async function startMailedServer(): Promise<{
  server: RunningServer
  player: string
  admin: string
  /** The token of the newest `path` link e-mailed to `to` with `subject`, once it arrives. */
  linkToken(to: string, subject: string, path: string): Promise<string>
  stop: () => Promise<void>
}> {
  const smtp = await startSmtpReceiver()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-mail-'))
  const env = { SMTP_URL: smtp.url }
  const player = uniqueEmail('recuperar')
  const admin = uniqueEmail('operacao-mail')
  const cleanUp = async () => {
    await smtp.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const seeding = await startServer(dataDir, { env })
    try {
      await register(seeding.url, player)
      await register(seeding.url, admin)
    } finally {
      await seeding.stop()
    }
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    try {
      await db.query(
        `UPDATE users SET onboarding_status = 'COMPLETED', email_verified_at = now()
         WHERE email = ANY($1::text[])`,
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
      linkToken: (to, subject, linkPath) => deliveredToken(smtp.received, to, subject, linkPath),
      stop: async () => {
        await server.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
