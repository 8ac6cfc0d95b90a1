import { z } from 'zod'
import type { Bus } from '../../adapters/bus'

const CHANNEL = 'session-revoked'

/**
 * `ended`: the session is over (`sessionId: null`: every session of the user — password,
 * deletion). `changed`: the user's role changed; sessions live on, but what was opened under
 * the old role must be opened again.
 */
const Revocation = z.object({
  userId: z.string(),
  sessionId: z.string().nullable(),
  kind: z.enum(['ended', 'changed']),
})
type Revocation = z.infer<typeof Revocation>
export type RevocationKind = Revocation['kind']

interface Watcher {
  sessionId: string
  end: (kind: RevocationKind) => void
}

/**
 * Tells every node that sessions ended, so what outlives a request (chat sockets) ends with
 * them. The database stays the authority: a socket also re-checks its session before acting on
 * a frame, so a lost bus event delays the close but never lets a revoked session act.
 */
export class SessionRevocations {
  private readonly watchers = new Map<string, Set<Watcher>>()

  constructor(private readonly bus: Bus) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (raw) => {
      let parsed: Revocation
      try {
        parsed = Revocation.parse(JSON.parse(raw))
      } catch {
        return
      }
      for (const watcher of [...(this.watchers.get(parsed.userId) ?? [])]) {
        if (parsed.sessionId === null || parsed.sessionId === watcher.sessionId) {
          watcher.end(parsed.kind)
        }
      }
    })
  }

  /** Calls `end` once the session (or every session of the user) is revoked; returns the unwatch. */
  watch(userId: string, sessionId: string, end: (kind: RevocationKind) => void): () => void {
    const watcher: Watcher = { sessionId, end }
    let set = this.watchers.get(userId)
    if (!set) this.watchers.set(userId, (set = new Set()))
    set.add(watcher)
    return () => {
      set.delete(watcher)
      if (set.size === 0 && this.watchers.get(userId) === set) this.watchers.delete(userId)
    }
  }

  /** Call after the revocation is committed. */
  revoked(
    userId: string,
    sessionId: string | null = null,
    kind: RevocationKind = 'ended',
  ): Promise<void> {
    const event: Revocation = { userId, sessionId, kind }
    return this.bus.publish(CHANNEL, JSON.stringify(event))
  }
}
