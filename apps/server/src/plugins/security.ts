import type { IncomingMessage, ServerResponse } from 'node:http'
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
/** Powerful features the app never uses, refused to it and to anything it could embed. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'

/**
 * The headers helmet sets for these options, computed once. They depend on nothing in the
 * request, and @fastify/helmet rebuilt helmet (parsing the whole CSP) on every request: a fifth
 * of the CPU time of `/healthz` in `npm run bench`.
 */
function fixedHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined)
  return headers
}

/**
 * Strict CSP: only our own origin, no inline script or style, no framing. Later adapters that
 * need a third-party origin (the payment SDK) add it here, behind their own configuration.
 * HSTS only on HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto): over plain HTTP
 * it means nothing to browsers and would pin a development host to HTTPS.
 */
export const security = fp(
  async (app: FastifyInstance, opts: { scriptOrigins?: string[]; trustProxy?: boolean }) => {
    const headers = fixedHeaders({
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
    })
    headers['permissions-policy'] = PERMISSIONS_POLICY
    // A callback hook: no promise per request on the hottest path of every answer.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers)
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
      // A player's data must not stay in a shared cache or the browser's disk cache; a route
      // may still choose otherwise for its own answer.
      if (request.headers.authorization !== undefined && request.url.startsWith('/api/')) {
        reply.header('cache-control', 'no-store')
      }
      done()
    })
    app.decorate('securityHeaders', (request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(headers)
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
