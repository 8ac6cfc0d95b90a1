import { SESSION_ENDED_CLOSE_CODE, ServerFrame, type ClientFrame } from '@areia/contracts/chat'
import { SessionExpiredError } from './api-error'
import { endSession, ensureAccessToken, refreshSession } from './session'

/** Shown on /login when the server ended the session under an open chat. */
export const SESSION_ENDED_MESSAGE = 'Sua sessão foi encerrada. Faça login novamente.'

/** SPEC §9: ping every 30 s, reconnect 3 s after an unexpected close, 1000 is a normal close. */
export const PING_INTERVAL_MS = 30_000
export const RECONNECT_DELAY_MS = 3_000
export const NORMAL_CLOSURE = 1000

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
  onStatus: (status: ConnectionStatus) => void
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
}

function defaultEndpoint(): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/v1/chat/ws`
}

/**
 * The one chat socket of the app (SPEC §4 "Chat socket"). It keeps the highest message id it
 * has seen and reconnects with `after=` that id, so the server replays exactly what was missed.
 * Failures are logged only (SPEC §8); the caller sees them as connection status.
 */
export class ChatSocket {
  private socket: SocketLike | null = null
  private running = false
  private lastId = 0
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  /** The browser hides a refused handshake's HTTP status (401): a close before open is the sign. */
  private renewBeforeNextAttempt = false
  private renewedThisStreak = false
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
    void this.connect(false)
  }

  stop(): void {
    this.running = false
    this.clearTimers()
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.onclose = null
      socket.onerror = null
      socket.onmessage = null
      socket.onopen = null
      socket.close(NORMAL_CLOSURE)
    }
    this.options.onStatus(CONNECTION_STATUS.idle)
  }

  /** False when there is no open connection: the frame was not sent. */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false
    this.socket.send(JSON.stringify(frame))
    return true
  }

  private async token(): Promise<string | null> {
    const renew = this.renewBeforeNextAttempt && !this.renewedThisStreak
    try {
      const token = renew ? await this.options.renewToken() : await this.options.getToken()
      if (renew) this.renewedThisStreak = true
      return token
    } catch (error) {
      // SPEC §8: with no token the user is presumed logged out; the session layer has already
      // ended the session for a refused refresh, which stops this socket through its owner.
      if (error instanceof SessionExpiredError) {
        this.running = false
        this.options.onStatus(CONNECTION_STATUS.idle)
        return null
      }
      console.warn('chat socket: could not get a token', error)
      this.scheduleReconnect()
      return null
    }
  }

  private async connect(retry: boolean): Promise<void> {
    this.options.onStatus(retry ? CONNECTION_STATUS.reconnecting : CONNECTION_STATUS.connecting)
    const token = await this.token()
    if (!token || !this.running) return
    const after = this.options.catchUp ? `&after=${this.lastId}` : ''
    const watch = this.options.watch ? `&watch=${this.options.watch}` : ''
    const url = `${this.options.endpoint()}?token=${encodeURIComponent(token)}${after}${watch}`
    let socket: SocketLike
    try {
      socket = this.options.createSocket(url)
    } catch (error) {
      console.warn('chat socket: could not open', error)
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    let opened = false
    socket.onopen = () => {
      opened = true
      this.renewBeforeNextAttempt = false
      this.renewedThisStreak = false
      this.options.onStatus(CONNECTION_STATUS.open)
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
      if (event.code === NORMAL_CLOSURE || event.code === SESSION_ENDED_CLOSE_CODE) {
        this.running = false
        this.options.onStatus(CONNECTION_STATUS.idle)
        if (event.code === SESSION_ENDED_CLOSE_CODE) this.options.onSessionEnded()
        return
      }
      if (!opened) this.renewBeforeNextAttempt = true
      this.scheduleReconnect()
    }
  }

  private receive(data: unknown): void {
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

  private scheduleReconnect(): void {
    if (!this.running) return
    this.options.onStatus(CONNECTION_STATUS.reconnecting)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      if (this.running) void this.connect(true)
    }, RECONNECT_DELAY_MS)
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.pingTimer = null
    this.retryTimer = null
  }
}
