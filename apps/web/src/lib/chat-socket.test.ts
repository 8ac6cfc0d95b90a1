import { SESSION_ENDED_CLOSE_CODE } from '@areia/contracts/chat'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionExpiredError } from './api-error'
import {
  CONNECTION_STATUS,
  ChatSocket,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  WAKE_PROBE_MS,
  reconnectDelay,
  RESTART_FAST_RETRIES,
  type ConnectionStatus,
  type DisconnectReason,
  type SocketLike,
} from './chat-socket'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: string[] = []
  closedWith: number | undefined
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number) {
    this.closedWith = code
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code } as CloseEvent)
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent)
  }
}

let sockets: FakeSocket[]
let statuses: ConnectionStatus[]
let reasons: (DisconnectReason | null)[]
let frames: unknown[]
let getToken: ReturnType<typeof vi.fn<() => Promise<string>>>
let renewToken: ReturnType<typeof vi.fn<() => Promise<string>>>

let sessionEnded: ReturnType<typeof vi.fn<() => void>>

/** Stands in for the page's `visibilitychange`, `online` and `offline`. */
class FakePage {
  visibilityState: DocumentVisibilityState = 'visible'
  onLine = true
  private listeners = new Map<string, () => void>()
  addEventListener = (type: string, listener: () => void) => this.listeners.set(type, listener)
  removeEventListener = (type: string) => this.listeners.delete(type)
  fire(type: string) {
    this.listeners.get(type)?.()
  }
  get listening() {
    return this.listeners.size
  }
}
let page: FakePage

function makeClient(catchUp = true) {
  return new ChatSocket({
    catchUp,
    onSessionEnded: sessionEnded,
    onFrame: (frame) => frames.push(frame),
    onStatus: (status, reason) => {
      statuses.push(status)
      reasons.push(reason)
    },
    // The middle of the ±20% spread: delays are exactly the nominal ones.
    random: () => 0.5,
    events: {
      document: page as unknown as Document,
      window: page as unknown as Window,
      online: () => page.onLine,
    },
    createSocket: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    getToken,
    renewToken,
    endpoint: () => 'ws://areia.test/api/v1/chat/ws',
  })
}

/** Lets the token promise settle so the socket gets created. */
const settle = () => vi.advanceTimersByTimeAsync(0)
const last = () => {
  const socket = sockets.at(-1)
  if (!socket) throw new Error('no socket opened')
  return socket
}

const message = (id: number) => ({
  type: 'message',
  id,
  sender: 'AI',
  coach_id: 'c1',
  coach_assigned_name: 'Bruno',
  coach_archetype_name: 'Técnico',
  content: 'Oi',
  timestamp: '2025-09-03T12:00:00.000Z',
  actions: null,
  suggestions: null,
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  sockets = []
  statuses = []
  reasons = []
  frames = []
  page = new FakePage()
  getToken = vi.fn(() => Promise.resolve('good-token'))
  renewToken = vi.fn(() => Promise.resolve('renewed-token'))
  sessionEnded = vi.fn()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ChatSocket', () => {
  it('connects with the token and the after cursor, and says Conectado once open', async () => {
    const client = makeClient()
    client.noteMessageId(41)
    client.start()
    await settle()
    expect(last().url).toBe('ws://areia.test/api/v1/chat/ws?token=good-token&after=41')
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.connecting)
    last().open()
    expect(statuses.at(-1)).toBe('Conectado')
    client.stop()
  })

  it('pings every 30 s while open', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1)
    expect(last().sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(last().sent).toEqual([JSON.stringify({ type: 'ping' })])
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS)
    expect(last().sent).toHaveLength(2)
    client.stop()
  })

  it('a live-only listener (Meus Vídeos) connects without the after cursor, so nothing replays', async () => {
    const client = makeClient(false)
    client.noteMessageId(41)
    client.start()
    await settle()
    expect(last().url).toBe('ws://areia.test/api/v1/chat/ws?token=good-token')
    client.stop()
  })

  it('reconnects 3 s after an unexpected close, from the highest id received', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    last().receive(message(7))
    last().receive(message(5))
    expect(frames).toHaveLength(2)
    last().drop(1006)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.reconnecting)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1)
    expect(sockets).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sockets).toHaveLength(2)
    expect(last().url).toContain('after=7')
    // It had opened: the token was fine, so no renewal.
    expect(renewToken).not.toHaveBeenCalled()
    client.stop()
  })

  it('does not retry on a timer after a normal close (1000), but comes back when asked', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    last().drop(1000)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3)
    expect(sockets).toHaveLength(1)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.idle)
    expect(reasons.at(-1)).toBe('closed')
    // The player's "Reconectar".
    client.reconnect()
    await settle()
    expect(sockets).toHaveLength(2)
    last().open()
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.open)
    // And the page coming back into view, after another normal close.
    last().drop(1000)
    page.visibilityState = 'hidden'
    page.fire('visibilitychange')
    await settle()
    expect(sockets).toHaveLength(2)
    page.visibilityState = 'visible'
    page.fire('visibilitychange')
    await settle()
    expect(sockets).toHaveLength(3)
    client.stop()
    expect(page.listening).toBe(0)
  })

  it('comes back after the server went away (1001), saying it is restarting', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    last().receive(message(3))
    last().drop(1001)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.reconnecting)
    expect(reasons.at(-1)).toBe('restarting')
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
    expect(sockets).toHaveLength(2)
    expect(last().url).toContain('after=3')
    client.stop()
  })

  it('keeps retrying every few seconds while a restarting server refuses, and still says why', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    last().drop(1012)
    // A deploy can take most of a minute: every refused attempt is followed by the first delay.
    for (let i = 0; i < RESTART_FAST_RETRIES; i++) {
      const tries = sockets.length
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
      expect(sockets).toHaveLength(tries + 1)
      if (i === RESTART_FAST_RETRIES - 1) break
      last().drop(1006)
      expect(reasons.at(-1)).toBe('restarting')
    }
    last().open()
    // A later failure is an ordinary lost connection again.
    last().drop(1006)
    expect(reasons.at(-1)).toBe('lost')
    client.stop()
  })

  it('backs off: the first delay for a few tries, then longer, never past the cap', () => {
    const delays = Array.from({ length: 20 }, (_, i) => reconnectDelay(i, () => 0.5))
    expect(delays.slice(0, 5)).toEqual(Array(5).fill(RECONNECT_DELAY_MS))
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!)
    expect(delays.at(-1)).toBe(RECONNECT_MAX_DELAY_MS)
    // The spread keeps a crowd of phones from coming back in the same instant.
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_DELAY_MS * 0.8)
    expect(reconnectDelay(30, () => 1)).toBe(RECONNECT_MAX_DELAY_MS * 1.2)
  })

  it('retries at once when the network returns, and says it is offline meanwhile', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    page.onLine = false
    last().drop(1006)
    expect(reasons.at(-1)).toBe('offline')
    page.onLine = true
    page.fire('online')
    await settle()
    expect(sockets).toHaveLength(2)
    last().open()
    // The timer set before does not open a second socket.
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 2)
    expect(sockets).toHaveLength(2)
    client.stop()
  })

  it('lets the socket go as soon as the device says it is offline, and comes back with the network', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    page.onLine = false
    page.fire('offline')
    expect(last().readyState).toBe(3)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.reconnecting)
    expect(reasons.at(-1)).toBe('offline')
    page.onLine = true
    page.fire('online')
    await settle()
    expect(sockets).toHaveLength(2)
    client.stop()
  })

  it('probes the socket after a message: one that stays silent is replaced', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    expect(client.send({ type: 'message', text: 'Oi', client_id: 'c1' })).toBe(true)
    await vi.advanceTimersByTimeAsync(WAKE_PROBE_MS)
    await settle()
    expect(sockets).toHaveLength(2)
    client.stop()
  })

  it('replaces a socket that stays silent after the phone wakes up', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    page.fire('visibilitychange')
    expect(last().sent).toEqual([JSON.stringify({ type: 'ping' })])
    await vi.advanceTimersByTimeAsync(WAKE_PROBE_MS)
    await settle()
    expect(sockets).toHaveLength(2)
    // A socket that answers is kept.
    last().open()
    page.fire('visibilitychange')
    last().receive({ type: 'pong' })
    await vi.advanceTimersByTimeAsync(WAKE_PROBE_MS)
    expect(sockets).toHaveLength(2)
    client.stop()
  })

  it('signs the player out, without reconnecting, when the server ends the session (4401)', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().open()
    last().drop(1006)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
    expect(sessionEnded).not.toHaveBeenCalled()
    last().open()
    last().drop(SESSION_ENDED_CLOSE_CODE)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3)
    expect(sockets).toHaveLength(2)
    expect(sessionEnded).toHaveBeenCalledTimes(1)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.idle)
  })

  it('renews the token when the handshake is refused (closed before open)', async () => {
    const client = makeClient()
    client.start()
    await settle()
    last().drop(1006)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
    expect(renewToken).toHaveBeenCalledTimes(1)
    expect(last().url).toContain('token=renewed-token')
    client.stop()
  })

  it('stops for good when the session is over', async () => {
    getToken.mockRejectedValueOnce(new SessionExpiredError('Sessão expirada.'))
    const client = makeClient()
    client.start()
    await settle()
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3)
    expect(sockets).toHaveLength(0)
    expect(statuses.at(-1)).toBe(CONNECTION_STATUS.idle)
  })

  it('stop closes with 1000 and never reconnects; unreadable frames are only logged', async () => {
    const client = makeClient()
    client.start()
    await settle()
    const socket = last()
    socket.open()
    socket.onmessage?.({ data: 'not json' } as MessageEvent)
    socket.receive({ type: 'nonsense' })
    expect(frames).toEqual([])
    expect(console.warn).toHaveBeenCalled()
    client.stop()
    expect(socket.closedWith).toBe(1000)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 3)
    expect(sockets).toHaveLength(1)
    expect(client.send({ type: 'ping' })).toBe(false)
  })
})
