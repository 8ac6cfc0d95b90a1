import type { ChatHistoryItem, ServerFrame, TokenPair } from '@areia/contracts'
import { afterEach } from 'vitest'
import WebSocket from 'ws'
import type { App } from '../../src/app'
import { bearer } from './app'

/** A chat socket that records every frame and lets a test wait for the ones it expects. */
export class TestSocket {
  readonly frames: ServerFrame[] = []
  private waiters: Array<() => void> = []

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      this.frames.push(JSON.parse((data as Buffer).toString('utf8')) as ServerFrame)
      for (const wake of this.waiters.splice(0)) wake()
    })
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers })
      const socket = new TestSocket(ws)
      ws.once('open', () => resolve(socket))
      ws.once('unexpected-response', (_req, res) =>
        reject(
          Object.assign(new Error(`handshake refused: ${res.statusCode}`), {
            status: res.statusCode,
          }),
        ),
      )
      ws.once('error', reject)
    })
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  messages() {
    return this.frames.filter(
      (f): f is Extract<ServerFrame, { type: 'message' }> => f.type === 'message',
    )
  }

  /** Resolves once `predicate` holds over the frames received so far. */
  async until(predicate: (frames: ServerFrame[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!predicate(this.frames)) {
      const left = deadline - Date.now()
      if (left <= 0) {
        throw new Error(`timed out; frames so far:\n${JSON.stringify(this.frames, null, 1)}`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  untilMessages(count: number, timeoutMs?: number) {
    return this.until(() => this.messages().length >= count, timeoutMs)
  }

  /**
   * Resolves once the server owes the player nothing more (every queued reply is stored) and
   * the latest stored message has reached this socket: no guessing how long a reply takes.
   */
  async untilSettled(app: App): Promise<void> {
    await app.services.coaching.settled()
    // The socket's own player: the token it connected with.
    const accessToken = new URL(this.ws.url).searchParams.get('token') ?? ''
    const [last] = (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/chat/history?limit=1',
        headers: bearer(accessToken),
      })
    ).json<ChatHistoryItem[]>()
    if (last) await this.until(() => this.messages().some((m) => m.id === last.id))
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve()
      this.ws.once('close', () => resolve())
      this.ws.close(1000)
    })
  }
}

/** The chat socket's address on an app listening at `origin` (`http://…`). */
export const chatSocketUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}/api/v1/chat/ws`

/**
 * Opens a player's chat socket at `base()` (read when a test runs, after the app listens);
 * every socket opened is closed after each test.
 */
export function chatSockets(base: () => string) {
  const open: TestSocket[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()))
  })
  return async (tokens: TokenPair, extra = '', headers: Record<string, string> = {}) => {
    const socket = await TestSocket.open(`${base()}?token=${tokens.access_token}${extra}`, headers)
    open.push(socket)
    return socket
  }
}

/** Answers the scripted onboarding on a new player's socket (Joana, category C) to its end. */
export async function answerOnboarding(socket: TestSocket): Promise<void> {
  await socket.untilMessages(1)
  socket.send({ type: 'message', text: 'Joana' })
  await socket.untilMessages(4)
  socket.send({ type: 'message', text: 'C' })
  await socket.until((f) =>
    f.some((x) => x.type === 'SYSTEM' && x.event === 'onboarding_completed'),
  )
}

/** Asks the new team to introduce itself and waits until it has. */
export async function introduceTeam(socket: TestSocket): Promise<void> {
  socket.send({ type: 'command', command: '@start_introductions' })
  await socket.until((f) =>
    f.some((x) => x.type === 'SYSTEM' && x.event === 'introductions_completed'),
  )
}
