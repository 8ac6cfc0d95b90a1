// The API client runs outside React; the auth provider listens here to mirror what it does.
export type SessionEvent =
  | { type: 'refreshing'; refreshing: boolean }
  | { type: 'tokens'; accessToken: string }
  | { type: 'ended'; reason: string }

type Listener = (event: SessionEvent) => void

const listeners = new Set<Listener>()

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of [...listeners]) listener(event)
}
