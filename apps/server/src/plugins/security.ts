import type { IncomingMessage, ServerResponse } from 'node:http'
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The same headers for answers that skip the request hooks: Fastify's router refuses a bad
     * URL before any hook runs (see `frameworkErrors` in plugins/input-guard.ts).
     */
    securityHeaders: (request: FastifyRequest, reply: FastifyReply) => void
  }
}

const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Strict CSP: only our own origin, no inline script or style, no framing. Later adapters that
 * need a third-party origin (the payment SDK) add it here, behind their own configuration.
 * HSTS only on HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto): over plain HTTP
 * it means nothing to browsers and would pin a development host to HTTPS.
 */
export const security = fp(
  async (app: FastifyInstance, opts: { scriptOrigins?: string[]; trustProxy?: boolean }) => {
    const options: FastifyHelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(opts.scriptOrigins ?? [])],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }
    await app.register(fastifyHelmet, options)
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    })
    // The same options typed twice (helmet ships CJS and ESM declarations of one shape).
    const apply: (req: IncomingMessage, res: ServerResponse, next: () => void) => void = helmet(
      options as HelmetOptions,
    )
    app.decorate('securityHeaders', (request: FastifyRequest, reply: FastifyReply) => {
      apply(request.raw, reply.raw, () => undefined)
      // These requests skip Fastify's proxy-aware request object: read the proxy's header here.
      const forwarded = opts.trustProxy ? request.headers['x-forwarded-proto'] : undefined
      const proto =
        String(forwarded ?? '')
          .split(',')[0]
          ?.trim() || request.protocol
      if (proto === 'https') reply.header('strict-transport-security', HSTS)
    })
  },
)
