import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../adapters/db'
import { serverSecrets } from './tables'

/**
 * The keys a deployment shares between its nodes. Each name is a row of `server_secrets`; a
 * name is never reused for another purpose, so a key cannot open what another one signs.
 */
export type SecretName =
  'jwt_access_hs256' | 'video_upload_hmac' | 'analysis_media_hmac' | 'shared_media_hmac'

/**
 * 256 random bits made by the first node to start and shared through the database: every node
 * inserts a candidate, the first insert wins and all of them read the same row back.
 */
export async function loadSecret(db: Db, name: SecretName): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32) })
    .onConflictDoNothing({ target: serverSecrets.name })
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`secret ${name} missing after insert`)
  return row.value
}
