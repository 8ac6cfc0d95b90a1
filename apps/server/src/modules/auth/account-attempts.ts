import type { LoginChallenge } from '@areia/contracts'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, tooManyRequests } from '../../errors'
import { type LoginChallenges, requiredDifficulty } from './login-challenge'

/** The delay before checking a proven login past the limit, doubling per attempt past it. */
const SLOWDOWN_BASE_MS = 250
const SLOWDOWN_MAX_MS = 8_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A login that must first solve `challenge` (a 429 with the challenge in its body). */
export class ChallengeRequired extends AppError {
  constructor(
    detail: string,
    readonly challenge: LoginChallenge,
    retryAfterSeconds: number,
  ) {
    super(429, detail, {
      code: 'login_challenge',
      headers: { 'retry-after': String(retryAfterSeconds) },
    })
  }
}

/**
 * The password attempts on one account, from any address and any node (the shared rate-limit
 * store): each is counted as it arrives, before its password is checked, so attempts racing each
 * other each take their own place. Within the limit a password is checked as is; past it, a
 * login needs a proof of work as hard as its place asks (a guesser pays for every guess, the
 * owner still gets in), and a current password is not checked at all until the window passes.
 * A success clears the count; an attempt refused before any password was tried is taken back.
 */
export class AccountAttempts {
  constructor(
    private readonly counter: Limiter,
    private readonly challenges: LoginChallenges,
  ) {}

  /** Lets a login's password be checked, or throws `ChallengeRequired`. */
  async admitLogin(account: string, proof: { challenge?: string; nonce?: string }): Promise<void> {
    const attempt = await this.counter.hit(account)
    if (attempt.allowed) return
    const over = attempt.over ?? 1
    const proven =
      proof.challenge !== undefined &&
      proof.nonce !== undefined &&
      (await this.challenges.verify(
        account,
        proof.challenge,
        proof.nonce,
        requiredDifficulty(over),
      ))
    if (!proven) {
      await this.counter.refund(account)
      throw new ChallengeRequired(
        'Muitas tentativas sem sucesso para esta conta. Confirme que é você resolvendo o desafio de verificação.',
        this.challenges.issue(account, over),
        attempt.retryAfterSeconds,
      )
    }
    await sleep(Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_BASE_MS * 2 ** Math.min(over, 10)))
  }

  /** Lets a signed-in player's current password be checked, or throws a 429. */
  async admitPasswordCheck(account: string): Promise<void> {
    const attempt = await this.counter.hit(account)
    if (attempt.allowed) return
    await this.counter.refund(account)
    throw tooManyRequests(
      `Muitas tentativas sem sucesso para esta conta. Tente novamente ${inTime(attempt.retryAfterSeconds)}.`,
      attempt.retryAfterSeconds,
    )
  }

  /** The right password: the owner starts again with a clean count. */
  succeeded(account: string): Promise<void> {
    return this.counter.reset(account)
  }

  /** The right current password: this attempt was not a failure. */
  notAFailure(account: string): Promise<void> {
    return this.counter.refund(account)
  }
}
