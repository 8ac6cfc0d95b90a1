import { createHash, randomBytes, webcrypto } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Role } from '@areia/contracts'

const ISSUER = 'areia'
const AUDIENCE = 'areia-api'
/** RFC 9068 explicit typing: no other JWT (an ID token, say) can pass as an access token. */
const TYP = 'at+jwt'
const ALG = 'HS256'
/** Verified tokens remembered (about 4 MB at most); the oldest is forgotten first. */
const VERIFIED_MAX = 10_000

export interface AccessClaims {
  userId: string
  sessionId: string
  role: Role
}

export class AccessTokens {
  /**
   * Imported once as the WebCrypto key jose works with: given a Node KeyObject, jose imports it
   * again on every call, a fifth of the CPU time of an authenticated read in `npm run bench`.
   */
  private readonly key: Promise<webcrypto.CryptoKey>
  /**
   * A player's token is sent with every request for its whole life: checking its signature and
   * claims once is enough. Keyed by the whole token, signature included, so only the very same
   * bytes skip the check; the expiry is still compared with the clock on every use.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>()

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
  }

  async sign(claims: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: ALG, typ: TYP })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key)
  }

  /** Returns the claims, or null for any token that is malformed, forged, expired or mistyped. */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    const known = this.verified.get(token)
    if (known) {
      // jose's rule: expired once `exp` is at or before the current second.
      if (known.exp > Math.floor(now.getTime() / 1000)) return known.claims
      this.verified.delete(token)
      return null
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TYP,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      })
      const { sub, sid, role } = payload
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string')
        return null
      const claims = { userId: sub, sessionId: sid, role: role as Role }
      if (this.verified.size >= VERIFIED_MAX) {
        this.verified.delete(this.verified.keys().next().value!)
      }
      this.verified.set(token, { claims, exp: payload.exp! })
      return claims
    } catch (err) {
      if (err instanceof errors.JOSEError) return null
      throw err
    }
  }
}

/** 256 random bits; only its SHA-256 is stored, so a database leak yields no usable token. */
export function newRefreshToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
