import { SESSION_ENDED_CLOSE_CODE, ServerFrame, type ClientFrame } from '@areia/contracts/chat'
import { SessionExpiredError } from './api-error'
import { endSession, ensureAccessToken, refreshSession } from './session'

/** Shown on /login when the server ended the session under an open chat. */
export const SESSION_ENDED_MESSAGE = 'Sua sessão foi encerrada. Faça login novamente.'

/** Ping every 30 s, reconnect 3 s after an unexpected close, 1000 is a normal close. */
export const PING_INTERVAL_MS = 30_000
export const RECONNECT_DELAY_MS = 3_000
export const NORMAL_CLOSURE = 1000
/** The server is shutting down or restarting: it will be back, so keep trying. */
export const GOING_AWAY = 1001
export const SERVICE_RESTART = 1012

/**
 * Retries stay at the first delay for a while (a restart takes seconds, and the player is
 * waiting), then grow to a cap so a long outage does not keep every phone busy.
 */
export const FAST_RETRIES = 5
/**
 * After the server said it is restarting (a deploy), it is known to be coming back: retries keep
 * the first delay for about a minute, so the page is back within seconds of the server.
 */
export const RESTART_FAST_RETRIES = 20
export const RECONNECT_MAX_DELAY_MS = 30_000
/** A woken phone may hold a socket that died while it slept: no answer to a ping by then, drop it. */
export const WAKE_PROBE_MS = 5_000

/** Delay before retry number `attempt` (0-based), spread by ±20% so clients do not come back at once. */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  fastRetries = FAST_RETRIES,
): number {
  const base =
    attempt < fastRetries
      ? RECONNECT_DELAY_MS
      : Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_DELAY_MS * 1.5 ** (attempt - fastRetries + 1))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/** Why the chat is not connected, for the player; null while connected or connecting. */
export type DisconnectReason = 'restarting' | 'offline' | 'lost' | 'closed'

export const CONNECTION_STATUS = {
  idle: 'Desconectado',
  connecting: 'Conectando...',
  open: 'Conectado',
  reconnecting: 'Reconectando...',
} as const
export type ConnectionStatus = (typeof CONNECTION_STATUS)[keyof typeof CONNECTION_STATUS]

/** The slice of the browser WebSocket this client uses, so tests can hand in a fake. */
export type SocketLike = {
  readonly readyState: number
  onopen: ((event: Event) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  send: (data: string) => void
  close: (code?: number, reason?: string) => void
}

const OPEN = 1

export type ChatSocketOptions = {
  onFrame: (frame: ServerFrame) => void
  onStatus: (status: ConnectionStatus, reason: DisconnectReason | null) => void
  createSocket?: (url: string) => SocketLike
  /** A good access token, renewed first when it is about to expire. */
  getToken?: () => Promise<string>
  /** A new access token whatever the stored one looks like (the server refused it). */
  renewToken?: () => Promise<string>
  /** Absolute ws(s) URL of the endpoint; defaults to the page's own host. */
  endpoint?: () => string
  /**
   * False for a listener of live events only (Meus Vídeos follows the analysis): no `after=`,
   * so the server replays no messages.
   */
  catchUp?: boolean
  /** `analysis`: the analysts' feed of every video's progress (staff only), nothing else. */
  watch?: 'analysis' | null
  /** The server ended the session (logout elsewhere, password changed…): sign the player out. */
  onSessionEnded?: () => void
  /** Jitter source of the retry delays. */
  random?: () => number
  /** Where `visibilitychange` and `online` come from; null: no such events (tests, workers). */
  events?: {
    document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
    window: Pick<Window, 'addEventListener' | 'removeEventListener'>
    online: () => boolean
  } | null
}

function defaultEndpoint(): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/v1/chat/ws`
}

/**
 * The one chat socket of the app. It keeps the highest message id it
 * has seen and reconnects with `after=` that id, so the server replays exactly what was missed.
 * Failures are logged only; the caller sees them as connection status and a reason.
 *
 * A close the server did not mean as final (restart, network loss, a phone that slept) is
 * retried on a timer, and at once when the page comes back into view or the network returns.
 * A normal close (1000) is not retried on a timer (the server meant it), but those two events and
 * `reconnect()` (the player's button) still bring it back: only a logout or the end of the
 * session stops the chat for good.
 */
export class ChatSocket {
  private socket: SocketLike | null = null
  /** The owner wants a connection (the player is signed in and on the chat). */
  private running = false
  /** Closed normally by the server: waits for the player or the page to ask again. */
  private parked = false
  private attempt = 0
  private lastId = 0
  /** Frames received: a probe compares it before and after its ping. */
  private heard = 0
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private probeTimer: ReturnType<typeof setTimeout> | null = null
  /** The browser hides a refused handshake's HTTP status (401): a close before open is the sign. */
  private renewBeforeNextAttempt = false
  private renewedThisStreak = false
  /** This outage began with the server announcing a restart. */
  private restartStreak = false
  private readonly options: Required<ChatSocketOptions>

  constructor(options: ChatSocketOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      getToken: ensureAccessToken,
      renewToken: refreshSession,
      endpoint: defaultEndpoint,
      catchUp: true,
      watch: null,
      onSessionEnded: () => endSession(SESSION_ENDED_MESSAGE),
      random: Math.random,
      events:
        typeof document === 'undefined'
          ? null
          : { document, window, online: () => navigator.onLine !== false },
      ...options,
    }
  }

  /** Highest stored message id held; history loaded before `start` moves it forward. */
  get after(): number {
    return this.lastId
  }

  noteMessageId(id: number): void {
    if (id > this.lastId) this.lastId = id
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.parked = false
    this.attempt = 0
    const events = this.options.events
    events?.document.addEventListener('visibilitychange', this.onVisibility)
    events?.window.addEventListener('online', this.onOnline)
    events?.window.addEventListener('offline', this.onOffline)
    void this.connect(false)
  }

  stop(): void {
    this.running = false
    this.parked = false
    this.restartStreak = false
    const events = this.options.events
    events?.document.removeEventListener('visibilitychange', this.onVisibility)
    events?.window.removeEventListener('online', this.onOnline)
    events?.window.removeEventListener('offline', this.onOffline)
    this.clearTimers()
    this.dropSocket()
    this.options.onStatus(CONNECTION_STATUS.idle, null)
  }

  /** Try now, whatever the timer says (the "Reconectar" button). */
  reconnect(): void {
    if (!this.running) return
    if (this.socket && this.socket.readyState === OPEN) return
    this.parked = false
    this.attempt = 0
    this.clearTimers()
    this.dropSocket()
    void this.connect(true)
  }

  /**
   * False when there is no open connection: the frame was not sent. A message expects its echo:
   * a socket that stays silent after it is dead (a network lost without a close), and is replaced.
   */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false
    this.socket.send(JSON.stringify(frame))
    if (frame.type === 'message') this.probe()
    return true
  }

  private readonly onVisibility = () => {
    if (this.options.events?.document.visibilityState !== 'visible' || !this.running) return
    if (this.socket && this.socket.readyState === OPEN) this.probe()
    else if (!this.socket) this.reconnect()
  }

  private readonly onOnline = () => {
    if (this.running && !this.socket) this.reconnect()
  }

  private readonly onOffline = () => {
    if (!this.running) return
    // The device says it has no network: an open socket may take minutes to notice (and some
    // browsers keep it looking alive), so it is let go now; what the player sends meanwhile
    // waits in the outbox, and the connection comes back with the network (or the next try).
    if (this.socket) {
      this.clearTimers()
      this.dropSocket()
      this.scheduleReconnect('offline')
    } else this.options.onStatus(this.waitingStatus(), 'offline')
  }

  /** Asks the server for a pong; a socket that stays silent is dead and replaced. */
  private probe(): void {
    const socket = this.socket
    if (!socket || this.probeTimer) return
    const heardBefore = this.heard
    this.send({ type: 'ping' })
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null
      if (this.socket !== socket || this.heard > heardBefore) return
      this.dropSocket()
      this.reconnect()
    }, WAKE_PROBE_MS)
  }

  private dropSocket(): void {
    const socket = this.socket
    this.socket = null
    if (!socket) return
    socket.onclose = null
    socket.onerror = null
    socket.onmessage = null
    socket.onopen = null
    socket.close(NORMAL_CLOSURE)
  }

  private waitingStatus(): ConnectionStatus {
    return this.parked ? CONNECTION_STATUS.idle : CONNECTION_STATUS.reconnecting
  }

  private async token(): Promise<string | null> {
    const renew = this.renewBeforeNextAttempt && !this.renewedThisStreak
    try {
      const token = renew ? await this.options.renewToken() : await this.options.getToken()
      if (renew) this.renewedThisStreak = true
      return token
    } catch (error) {
      // With no token the user is presumed logged out; the session layer has already
      // ended the session for a refused refresh, which stops this socket through its owner.
      if (error instanceof SessionExpiredError) {
        this.running = false
        this.options.onStatus(CONNECTION_STATUS.idle, null)
        return null
      }
      console.warn('chat socket: could not get a token', error)
      this.scheduleReconnect('lost')
      return null
    }
  }

  private async connect(retry: boolean): Promise<void> {
    this.options.onStatus(
      retry ? CONNECTION_STATUS.reconnecting : CONNECTION_STATUS.connecting,
      null,
    )
    const token = await this.token()
    if (!token || !this.running || this.socket) return
    const after = this.options.catchUp ? `&after=${this.lastId}` : ''
    const watch = this.options.watch ? `&watch=${this.options.watch}` : ''
    const url = `${this.options.endpoint()}?token=${encodeURIComponent(token)}${after}${watch}`
    let socket: SocketLike
    try {
      socket = this.options.createSocket(url)
    } catch (error) {
      console.warn('chat socket: could not open', error)
      this.scheduleReconnect('lost')
      return
    }
    this.socket = socket
    let opened = false
    socket.onopen = () => {
      opened = true
      this.attempt = 0
      this.renewBeforeNextAttempt = false
      this.renewedThisStreak = false
      this.restartStreak = false
      this.options.onStatus(CONNECTION_STATUS.open, null)
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_INTERVAL_MS)
    }
    socket.onmessage = (event) => this.receive(event.data)
    socket.onerror = (event) => {
      console.warn('chat socket: error', event)
    }
    socket.onclose = (event) => {
      if (this.socket !== socket) return
      this.socket = null
      this.clearTimers()
      if (!this.running) return
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        this.running = false
        this.options.onStatus(CONNECTION_STATUS.idle, null)
        this.options.onSessionEnded()
        return
      }
      if (event.code === NORMAL_CLOSURE) {
        this.parked = true
        this.options.onStatus(CONNECTION_STATUS.idle, 'closed')
        return
      }
      if (!opened) this.renewBeforeNextAttempt = true
      if (event.code === GOING_AWAY || event.code === SERVICE_RESTART) this.restartStreak = true
      // Refused attempts while it restarts are still the restart, not a lost connection.
      this.scheduleReconnect(this.restartStreak ? 'restarting' : 'lost')
    }
  }

  private receive(data: unknown): void {
    this.heard += 1
    let frame: ServerFrame
    try {
      frame = ServerFrame.parse(JSON.parse(String(data)))
    } catch (error) {
      console.warn('chat socket: unreadable frame', error)
      return
    }
    if (frame.type === 'message') this.noteMessageId(frame.id)
    this.options.onFrame(frame)
  }

  private scheduleReconnect(reason: DisconnectReason): void {
    if (!this.running) return
    const offline = this.options.events ? !this.options.events.online() : false
    this.options.onStatus(CONNECTION_STATUS.reconnecting, offline ? 'offline' : reason)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    const fast = this.restartStreak ? RESTART_FAST_RETRIES : FAST_RETRIES
    const delay = reconnectDelay(this.attempt, this.options.random, fast)
    this.attempt += 1
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      if (this.running && !this.socket) void this.connect(true)
    }, delay)
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.probeTimer) clearTimeout(this.probeTimer)
    this.pingTimer = null
    this.retryTimer = null
    this.probeTimer = null
  }
}
