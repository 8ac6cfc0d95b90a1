/**
 * A fixed number of slots for CPU-heavy work (password hashing), with a queue that waits at most
 * `maxWaitMs`. A task that cannot start in time is refused at once, with how long to wait before
 * trying again, instead of waiting past any client's patience: a burst of logins then costs
 * bounded CPU and memory, and every other request keeps its share of the machine.
 */
export class SlotsBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`all slots busy; retry in ${retryAfterSeconds} s`)
    this.name = 'SlotsBusy'
  }
}

interface Waiting {
  start: () => void
  timer: NodeJS.Timeout
}

export class HashingSlots {
  private running = 0
  private readonly waiting: Waiting[] = []
  /** How long one task takes, smoothed, to estimate a newcomer's wait. */
  private averageMs: number

  constructor(
    private readonly size: number,
    private readonly maxWaitMs: number,
    /** The first estimate of one task's duration, before any has run. */
    initialTaskMs = 100,
  ) {
    this.averageMs = initialTaskMs
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) {
      this.running++
    } else {
      // A wait that would end past the deadline is refused now rather than when it runs out.
      const expected = this.expectedWaitMs(this.waiting.length + 1)
      if (expected > this.maxWaitMs) throw new SlotsBusy(this.retryAfter(expected))
      await new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          start: () => {
            clearTimeout(entry.timer)
            resolve()
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(entry), 1)
            reject(new SlotsBusy(this.retryAfter(this.expectedWaitMs(this.waiting.length + 1))))
          }, this.maxWaitMs),
        }
        this.waiting.push(entry)
      })
      // The finished task handed its slot over: `running` already counts this one.
    }
    const started = performance.now()
    try {
      return await task()
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started)
      const next = this.waiting.shift()
      if (next) next.start()
      else this.running--
    }
  }

  /** When the `position`-th task in the queue would start, all slots being busy. */
  private expectedWaitMs(position: number): number {
    return Math.ceil(position / this.size) * this.averageMs
  }

  private retryAfter(waitMs: number): number {
    return Math.max(1, Math.ceil(waitMs / 1000))
  }
}
