import type { ServerFrame } from '@areia/contracts'
import WebSocket from 'ws'

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

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve()
      this.ws.once('close', () => resolve())
      this.ws.close(1000)
    })
  }
}
