import {
  ChatHistoryQuery,
  ChatHistoryResponse,
  ClientFrame,
  ErrorBody,
  type ServerFrame,
  SESSION_CHANGED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
} from '@areia/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { RevocationKind } from '../auth/revocations'
import type { AuthService } from '../auth/service'
import { ANALYSIS_ROOM, type ChatHub, type ChatSocket } from './hub'
import type { CoachingService } from './service'

const SocketQuery = z.object({
  token: z.string({ error: 'Token ausente.' }).min(1, { error: 'Token ausente.' }).max(4096),
  /** Id of the last message the client has; what came after is sent before anything live. */
  after: ChatHistoryQuery.shape.after,
  /** `analysis`: the analysts' console follows every video's analysis, nothing else. */
  watch: z.literal('analysis').optional(),
})

/** Frames larger than this are refused before parsing (a message is at most 5,000 characters). */
const MAX_FRAME_BYTES = 64 * 1024

const NOT_STORED = 'Não foi possível guardar a sua mensagem agora. Tente enviar de novo.'

/** The device's id of a refused message, when the frame carried a usable one. */
const RefusedMessage = z.object({ client_id: z.string().min(1).max(64) })
function refusedMessage(raw: unknown): { client_id?: string } {
  const parsed = RefusedMessage.safeParse(raw)
  return parsed.success ? { client_id: parsed.data.client_id } : {}
}

/**
 * Ties a socket to its session: closed as soon as any node announces the session ended (or the
 * account's role changed), and `alive` re-reads the session before a frame acts, so one sent
 * after a revocation is refused even if the announcement is late.
 */
function endWithSession(auth: AuthService, socket: WebSocket, request: FastifyRequest) {
  const opened = request.user
  const end = (kind: RevocationKind) => {
    if (socket.readyState !== socket.OPEN && socket.readyState !== socket.CONNECTING) return
    if (kind === 'ended') socket.close(SESSION_ENDED_CLOSE_CODE, 'sessão encerrada')
    else socket.close(SESSION_CHANGED_CLOSE_CODE, 'papel alterado')
  }
  const unwatch = auth.onSessionEnd(opened.id, opened.sessionId, end)
  socket.on('close', unwatch)
  return {
    alive: async () => {
      if (socket.readyState !== socket.OPEN) return false
      const now = await auth.sessionNow(opened)
      if (now === 'alive') return true
      end(now)
      return false
    },
  }
}

/** A text frame's payload, whichever of ws's buffer shapes carries it. */
function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data as ArrayBuffer).toString('utf8')
}

function originAllowed(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin
  // Browsers always send Origin on a WebSocket handshake; other clients prove themselves by token.
  if (!origin) return true
  if (publicOrigin) return origin === new URL(publicOrigin).origin
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

export const coachingRoutes: FastifyPluginAsyncZod<{
  coaching: CoachingService
  hub: ChatHub
  auth: AuthService
  publicOrigin: string | undefined
}> = async (app, { coaching, hub, auth, publicOrigin }) => {
  app.get(
    '/api/v1/chat/history',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: ChatHistoryQuery,
        response: { 200: ChatHistoryResponse, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      // The database writes the page as this response's JSON (the schema documents its shape):
      // Fastify sends a string with a JSON content type as it is, past the serializer.
      const json = await coaching.history(request.user.id, request.query)
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as ChatHistoryResponse)
    },
  )

  app.get(
    '/api/v1/chat/ws',
    {
      websocket: true,
      schema: { querystring: SocketQuery },
      // Refused at the handshake, with an HTTP status, before any socket exists.
      preHandler: async (request) => {
        if (!originAllowed(request, publicOrigin)) {
          throw new AppError(403, 'Origem não permitida.', { code: 'origin_not_allowed' })
        }
        request.user = await auth.authenticateToken(request.query.token)
        if (request.query.watch === 'analysis' && request.user.role === 'USER') {
          throw new AppError(403, 'Acesso restrito à equipe de análise.', { code: 'forbidden' })
        }
      },
    },
    (socket, request) => {
      const session = endWithSession(auth, socket, request)
      if (request.query.watch === 'analysis') return watchAnalysis(hub, socket)
      const userId = request.user.id
      // Frames act in the order they came, each once its session is confirmed alive.
      let checked: Promise<unknown> = Promise.resolve()
      const whileAlive = (act: () => void) => {
        checked = checked
          .then(() => session.alive())
          .then((alive) => {
            if (alive) act()
          })
          .catch((err: unknown) => {
            request.log.error({ err }, 'chat: session check failed')
            socket.close(1011, 'erro interno')
          })
      }
      const { after } = request.query
      // Live frames wait until the catch-up is out, and skip what it sent: a message published
      // while the catch-up was read is in both. Nothing else is filtered by id: a message stored
      // in a longer transaction (an analysis report) can be published after a newer one.
      let pending: ServerFrame[] | null = after === undefined ? null : []
      const caughtUp = new Set<number>()
      const write = (frame: ServerFrame) => {
        if (frame.type === 'message' && caughtUp.has(frame.id)) return
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
      }
      const client: ChatSocket = {
        send: (frame) => (pending ? pending.push(frame) : write(frame)),
      }
      hub.add(userId, client)
      socket.on('close', () => hub.remove(userId, client))

      socket.on('message', (data, isBinary) => {
        const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength
        if (isBinary || size > MAX_FRAME_BYTES) {
          write({ type: 'error', detail: 'Mensagem inválida.' })
          return
        }
        let raw: unknown
        try {
          raw = JSON.parse(rawText(data))
        } catch {
          write({ type: 'error', detail: 'Mensagem inválida: JSON malformado.' })
          return
        }
        const parsed = ClientFrame.safeParse(raw)
        if (!parsed.success) {
          write({
            type: 'error',
            detail: parsed.error.issues[0]?.message ?? 'Mensagem inválida.',
            ...refusedMessage(raw),
          })
          return
        }
        const frame = parsed.data
        switch (frame.type) {
          case 'ping':
            write({ type: 'pong' })
            return
          case 'message': {
            const { text, client_id } = frame
            whileAlive(() => {
              void coaching.userMessage(userId, text, client_id).then((kept) => {
                if (!kept) write({ type: 'error', detail: NOT_STORED, ...refusedMessage(frame) })
              })
            })
            return
          }
          case 'command':
            whileAlive(() => void coaching.startIntroductions(userId))
            return
        }
      })

      void (async () => {
        if (after !== undefined) {
          for (const frame of await coaching.missedSince(userId, after)) {
            write(frame)
            caughtUp.add(frame.id)
          }
          const queued = pending ?? []
          pending = null
          for (const frame of queued) write(frame)
        }
        await coaching.connected(userId)
      })().catch((err: unknown) => {
        request.log.error({ err }, 'chat: connection set-up failed')
        socket.close(1011, 'erro interno')
      })
    },
  )
}

/** The analysts' live feed: progress frames of every video; it only answers pings. */
function watchAnalysis(hub: ChatHub, socket: WebSocket): void {
  const client: ChatSocket = {
    send: (frame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
    },
  }
  hub.add(ANALYSIS_ROOM, client)
  socket.on('close', () => hub.remove(ANALYSIS_ROOM, client))
  socket.on('message', (data, isBinary) => {
    let ping = false
    try {
      ping = !isBinary && ClientFrame.safeParse(JSON.parse(rawText(data))).data?.type === 'ping'
    } catch {
      // Answered below like any other frame this channel does not take.
    }
    client.send(
      ping ? { type: 'pong' } : { type: 'error', detail: 'Este canal só envia atualizações.' },
    )
  })
}
