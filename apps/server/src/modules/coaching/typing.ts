export interface TypingDelay {
  minMs: number
  perCharMs: number
  maxMs: number
}

/**
 * The pause a coach "types" before a message, in proportion to its length. A shutdown cuts the
 * pauses under way and to come short: the sockets are closed, nobody watches them, and the
 * replies must be stored before the database closes.
 */
export class TypingPauses {
  private skipping = false
  private readonly waking = new Set<() => void>()

  constructor(private readonly delay: TypingDelay) {}

  before(text: string): Promise<void> {
    const { minMs, perCharMs, maxMs } = this.delay
    const ms = Math.min(maxMs, Math.max(minMs, text.length * perCharMs))
    if (ms <= 0 || this.skipping) return Promise.resolve()
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.waking.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      this.waking.add(wake)
    })
  }

  skipAll(): void {
    this.skipping = true
    for (const wake of this.waking) wake()
  }
}
