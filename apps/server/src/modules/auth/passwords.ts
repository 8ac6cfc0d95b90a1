import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { inTime, tooManyRequests } from '../../errors'
import { HashingSlots, SlotsBusy } from './hashing-slots'

// A const enum in the package's types, which isolated modules cannot read at run time.
const ARGON2ID: Algorithm.Argon2id = 2

export interface PasswordHasherOptions {
  memoryKib: number
  timeCost: number
  /** Hashes computed at once (each holds `memoryKib` and a core while it runs). */
  concurrency: number
  /** Longest a hash waits for its turn before the request is refused with 429. */
  queueSeconds: number
}

/**
 * Argon2id, PHC-formatted strings; parameters at or above OWASP's minimum (19 MiB, t=2, p=1).
 * Every hash and check takes one of a fixed number of slots: past the queue's wait, the caller
 * gets a 429 with Retry-After rather than a login that never answers.
 */
export class PasswordHasher {
  private readonly params: { memoryCost: number; timeCost: number; parallelism: number }
  private readonly slots: HashingSlots
  /** Verified against when the e-mail is unknown, so a miss costs as much time as a hit. */
  private dummyHash: Promise<string> | undefined

  constructor(opts: PasswordHasherOptions) {
    this.params = { memoryCost: opts.memoryKib, timeCost: opts.timeCost, parallelism: 1 }
    this.slots = new HashingSlots(opts.concurrency, opts.queueSeconds * 1000)
  }

  hash(password: string): Promise<string> {
    return this.inSlot(() => hash(password, { algorithm: ARGON2ID, ...this.params }))
  }

  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      this.dummyHash ??= this.hash('areia-dummy-password')
      // A refused first hash is not kept: the next miss makes it again.
      const dummy = await this.dummyHash.catch((err: unknown) => {
        this.dummyHash = undefined
        throw err
      })
      await this.inSlot(() => verify(dummy, password))
      return false
    }
    return this.inSlot(async () => {
      try {
        return await verify(stored, password)
      } catch {
        return false
      }
    })
  }

  /** True when the stored hash was made with weaker or different parameters than today's. */
  needsRehash(stored: string): boolean {
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)
    if (!m) return true
    return (
      Number(m[1]) !== this.params.memoryCost ||
      Number(m[2]) !== this.params.timeCost ||
      Number(m[3]) !== this.params.parallelism
    )
  }

  private async inSlot<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.slots.run(task)
    } catch (err) {
      if (!(err instanceof SlotsBusy)) throw err
      throw tooManyRequests(
        `Muita gente entrando ao mesmo tempo. Tente de novo ${inTime(err.retryAfterSeconds)}.`,
        err.retryAfterSeconds,
        'password_check_busy',
      )
    }
  }
}
