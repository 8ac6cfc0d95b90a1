import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { LoginChallenge } from '@areia/contracts'
import type { Limiter } from '../../adapters/rate-limit'

/** Leading zero bits of SHA-256(challenge:nonce): 2^16 hashes take a phone about a second. */
const BASE_DIFFICULTY = 16
const MAX_DIFFICULTY = 20
/** Attempts past the limit that each difficulty admits before the next one is asked. */
const ATTEMPTS_PER_STEP = 10
const VALID_MS = 5 * 60_000

/**
 * The difficulty an attempt must have solved, from its place past the account's limit (1 for the
 * first attempt over it). Attempts count before their password is checked, so a burst of guesses
 * sent at once, from however many addresses, climbs the steps as fast as guesses sent one by one.
 */
export function requiredDifficulty(over: number): number {
  const step = Math.floor(Math.max(0, over - 1) / ATTEMPTS_PER_STEP)
  return Math.min(MAX_DIFFICULTY, BASE_DIFFICULTY + step)
}

/** SHA-256(`challenge:nonce`) starts with `difficulty` zero bits. */
export function solves(challenge: string, nonce: string, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest()
  let bits = difficulty
  for (const byte of digest) {
    if (bits <= 0) return true
    if (bits >= 8) {
      if (byte !== 0) return false
      bits -= 8
    } else {
      return byte >> (8 - bits) === 0
    }
  }
  return bits <= 0
}

/**
 * The proof of work asked of a login to an account past its failure limit: a person's browser
 * pays it once, in about a second, and signs in with the right password; a guesser pays it for
 * every guess. Challenges are stateless (HMAC-signed, tied to the account and to an expiry, the
 * difficulty inside) and each is accepted once.
 */
export class LoginChallenges {
  private readonly key: Buffer

  constructor(
    secret: Uint8Array,
    private readonly spent: Limiter,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', secret).update('areia-login-challenge').digest()
  }

  /** A challenge of the difficulty the account's place past its limit asks for. */
  issue(account: string, over: number): LoginChallenge {
    const difficulty = requiredDifficulty(over)
    const payload = [
      this.accountTag(account),
      String(this.now().getTime() + VALID_MS),
      String(difficulty),
      randomBytes(12).toString('base64url'),
    ].join('.')
    return { challenge: `${payload}.${this.mac(payload)}`, difficulty }
  }

  /**
   * Whether `nonce` solves `challenge` for this account at `minDifficulty` or harder. A challenge
   * collected while the account was calm is refused once attempts have climbed past its step.
   */
  async verify(
    account: string,
    challenge: string,
    nonce: string,
    minDifficulty: number,
  ): Promise<boolean> {
    const parts = challenge.split('.')
    if (parts.length !== 5 || nonce.length > 64) return false
    const [tag, expires, difficulty, , mac] = parts as [string, string, string, string, string]
    const payload = parts.slice(0, 4).join('.')
    const expected = Buffer.from(this.mac(payload))
    const given = Buffer.from(mac)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
    if (tag !== this.accountTag(account) || Number(expires) < this.now().getTime()) return false
    if (Number(difficulty) < minDifficulty) return false
    if (!solves(challenge, nonce, Number(difficulty))) return false
    // Once: a solved challenge must not carry a burst of guesses.
    return (await this.spent.hit(challenge)).allowed
  }

  private accountTag(account: string): string {
    return createHmac('sha256', this.key).update(account).digest('base64url').slice(0, 16)
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url')
  }
}
