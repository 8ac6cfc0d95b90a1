import type { Db } from '../../adapters/db'
import { loadSecret } from '../../lib/secrets'

/**
 * The HS256 key for access tokens: JWT_SECRET when set, otherwise the deployment's shared random
 * key, so every node of a deployment agrees.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured)
  return new Uint8Array(await loadSecret(db, 'jwt_access_hs256'))
}
