import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/adapters/db'
import { serverSecrets } from '../src/db/schema'
import { loadSecret } from '../src/lib/secrets'
import { testDatabase } from './helpers/database'

let database: Database

beforeAll(async () => {
  database = await testDatabase()
})

describe('loadSecret', () => {
  it('makes 256 random bits once and gives every caller the same ones', async () => {
    const racing = await Promise.all(
      [1, 2, 3].map(() => loadSecret(database.db, 'video_upload_hmac')),
    )
    expect(racing[0]).toHaveLength(32)
    for (const key of racing) expect(key.equals(racing[0]!)).toBe(true)
    const rows = await database.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'video_upload_hmac'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.value.equals(racing[0]!)).toBe(true)
  })

  it('keeps one key per name', async () => {
    const media = await loadSecret(database.db, 'analysis_media_hmac')
    const jwt = await loadSecret(database.db, 'jwt_access_hs256')
    expect(media.equals(jwt)).toBe(false)
    expect((await loadSecret(database.db, 'analysis_media_hmac')).equals(media)).toBe(true)
  })
})
