import { SERVER_GOING_AWAY_CLOSE_CODE } from '@areia/contracts/chat'
import formbody from '@fastify/formbody'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { AuthService } from './modules/auth/service'
import { authGuard } from './plugins/auth-guard'
import { errorHandler } from './plugins/error-handler'
import { frameworkErrors, inputGuard } from './plugins/input-guard'
import { privateLogging } from './plugins/log-privacy'
import { openApi } from './plugins/openapi'
import { requestLog } from './plugins/request-log'
import { responseSerializer } from './plugins/response-serializer'
import { security } from './plugins/security'

/** JSON bodies of the API are small; uploads get their own streaming routes and limits. */
const BODY_LIMIT_BYTES = 256 * 1024

export interface HttpServer {
  server: FastifyInstance
  /** Stops answering /readyz so a load balancer drains this node before it closes. */
  drain: () => void
  isDraining: () => boolean
}

export function createHttpServer(
  config: Config,
  logStream?: { write(line: string): void },
): HttpServer {
  const server = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Defence in depth: nothing logs request bodies, and card fields never would.
      redact: {
        paths: ['req.body.card_cvv', 'req.body.encrypted', 'body.card_cvv', 'body.encrypted'],
        censor: '[removido]',
      },
      ...privateLogging,
    },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors,
  })
  let draining = false
  return {
    server,
    drain: () => {
      draining = true
    },
    isDraining: () => draining,
  }
}

/**
 * The layers every route sits behind, in order: infrastructure plugins (errors, input, logs,
 * security headers, forms, the websocket), then the app plugins (the OpenAPI document, which
 * records every route after it, and the auth guard).
 */
export async function registerInfrastructure(
  http: HttpServer,
  opts: {
    config: Config
    /** Origins scripts may come from besides our own. */
    scriptOrigins: string[]
    auth: AuthService
    onClose: () => Promise<void>
  },
): Promise<void> {
  const { server } = http
  server.setValidatorCompiler(validatorCompiler)
  server.setSerializerCompiler(responseSerializer)

  await server.register(errorHandler)
  await server.register(inputGuard)
  await server.register(requestLog)
  await server.register(security, {
    scriptOrigins: opts.scriptOrigins,
    trustProxy: opts.config.trustProxy,
  })
  await server.register(formbody, { bodyLimit: BODY_LIMIT_BYTES })
  // Added before the plugin so it runs before the plugin's own, which closes with no code.
  server.addHook('preClose', (done) => {
    for (const client of server.websocketServer.clients) {
      client.close(SERVER_GOING_AWAY_CLOSE_CODE, 'servidor reiniciando')
    }
    done()
  })
  await server.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // An oversized or malformed frame, or a client gone mid-frame, is the client's doing.
    errorHandler: (err, socket, request) => {
      const code = (err as { code?: string }).code ?? ''
      const client = code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE'
      request.log[client ? 'info' : 'error']({ err }, 'chat socket error')
      socket.terminate()
    },
  })
  // While draining, answers close their connection so keep-alive sockets cannot hold up shutdown.
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (http.isDraining()) reply.header('connection', 'close')
    done(null, payload)
  })
  server.addHook('onClose', opts.onClose)

  // Before every route: it records them (the OpenAPI document and the route table).
  await server.register(openApi, { serve: opts.config.apiDocs })
  await server.register(authGuard, { auth: opts.auth })
}
