import { type Algorithm, hash, verify } from '@node-rs/argon2'

// A const enum in the package's types, which isolated modules cannot read at run time.
const ARGON2ID: Algorithm.Argon2id = 2

export interface PasswordHasherOptions {
  memoryKib: number
  timeCost: number
}

/** Argon2id, PHC-formatted strings; parameters at or above OWASP's minimum (19 MiB, t=2, p=1). */
export class PasswordHasher {
  private readonly params: { memoryCost: number; timeCost: number; parallelism: number }
  /** Verified against when the e-mail is unknown, so a miss costs as much time as a hit. */
  private dummyHash: Promise<string> | undefined

  constructor(opts: PasswordHasherOptions) {
    this.params = { memoryCost: opts.memoryKib, timeCost: opts.timeCost, parallelism: 1 }
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.params })
  }

  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      this.dummyHash ??= this.hash('areia-dummy-password')
      await verify(await this.dummyHash, password)
      return false
    }
    try {
      return await verify(stored, password)
    } catch {
      return false
    }
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
}
