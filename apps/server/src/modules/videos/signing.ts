import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../adapters/db'
import { serverSecrets } from '../../db/schema'

const NAME = 'video_upload_hmac'

/** 256 random bits made by the first node to start and shared through the database. */
export async function loadUploadKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: NAME, value: randomBytes(32) })
    .onConflictDoNothing({ target: serverSecrets.name })
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME))
  if (!row) throw new Error('upload key missing after insert')
  return row.value
}

/**
 * Upload URLs carry their own authority (like a GCS session URI): the video and an expiry,
 * signed with HMAC-SHA256, so the PUTs need no bearer token and cannot be pointed elsewhere.
 */
export class UploadUrlSigner {
  constructor(private readonly key: Buffer) {}

  sign(videoId: number, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000)
    return `expires=${expires}&signature=${this.mac(videoId, expires)}`
  }

  /** The identification picture's URL: same key, another purpose, so neither opens the other. */
  signFrame(videoId: number, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000)
    return `expires=${expires}&signature=${this.mac(videoId, expires, 'video-frame')}`
  }

  verifyFrame(
    videoId: number,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): 'ok' | 'expired' | 'invalid' {
    return this.check(videoId, expires, signature, now, 'video-frame')
  }

  /** 'ok', 'expired' (valid signature, too late) or 'invalid'. */
  verify(
    videoId: number,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): 'ok' | 'expired' | 'invalid' {
    return this.check(videoId, expires, signature, now, 'video-upload')
  }

  private check(
    videoId: number,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
    purpose: string,
  ): 'ok' | 'expired' | 'invalid' {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid'
    const expected = Buffer.from(this.mac(videoId, Number(expires), purpose))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
    return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'ok'
  }

  private mac(videoId: number, expires: number, purpose = 'video-upload'): string {
    return createHmac('sha256', this.key)
      .update(`${purpose}:${videoId}:${expires}`)
      .digest('base64url')
  }
}
