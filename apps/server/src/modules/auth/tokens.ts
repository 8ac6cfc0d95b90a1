import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Role } from '@areia/contracts'

const ISSUER = 'areia'
const AUDIENCE = 'areia-api'
/** RFC 9068 explicit typing: no other JWT (an ID token, say) can pass as an access token. */
const TYP = 'at+jwt'
const ALG = 'HS256'

export interface AccessClaims {
  userId: string
  sessionId: string
  role: Role
}

export class AccessTokens {
  /** Imported once: converting raw bytes on every sign and verify costs measurable time. */
  private readonly key: KeyObject

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(secret)
  }

  sign(claims: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: ALG, typ: TYP })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key)
  }

  /** Returns the claims, or null for any token that is malformed, forged, expired or mistyped. */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
      return { userId: sub, sessionId: sid, role: role as Role }
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
