/** One chain of work per player: a player's tasks run in order, one at a time; players run side by side. */
export class PlayerQueues {
  private readonly chains = new Map<string, Promise<unknown>>()

  /** Runs `task` after what is already queued for the player; its outcome is the caller's. */
  run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(userId) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(task)
    this.chains.set(userId, next)
    const forget = () => {
      if (this.chains.get(userId) === next) this.chains.delete(userId)
    }
    next.then(forget, forget)
    return next
  }

  /** The ends of the chains still running: the player's, or every player's. */
  pending(userId?: string): Promise<unknown>[] {
    if (userId === undefined) return [...this.chains.values()]
    const chain = this.chains.get(userId)
    return chain ? [chain] : []
  }
}

/** Resolves once none of `queues` has work for the player (or any player), including work added meanwhile. */
export async function settled(queues: PlayerQueues[], userId?: string): Promise<void> {
  for (;;) {
    const pending = queues.flatMap((q) => q.pending(userId))
    if (pending.length === 0) return
    await Promise.allSettled(pending)
  }
}
