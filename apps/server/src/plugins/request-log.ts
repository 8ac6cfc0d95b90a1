import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const SLOW_MS = 1000

/**
 * One line per request at `debug`; at `info` only failures and slow requests. Logging every
 * request at `info` halved throughput on our 2-core machines (see bench/). A 5xx is an error
 * unless the app gave it on purpose (then a warning): error level is for the server's faults.
 */
export const requestLog = fp(async (app: FastifyInstance) => {
  const debug = app.log.level === 'debug' || app.log.level === 'trace'
  // Callback hooks, here and in the other plugins on every request: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    const ms = reply.elapsedTime
    const level =
      status >= 500 && !request.deliberateFailure
        ? 'error'
        : status >= 500 || ms >= SLOW_MS
          ? 'warn'
          : debug
            ? 'debug'
            : undefined
    if (level) {
      const line = {
        method: request.method,
        url: request.routeOptions.url ?? request.url,
        status,
        ms,
      }
      const message =
        status >= 500
          ? 'request failed'
          : { error: 'request failed', warn: 'slow request', debug: 'request' }[level]
      request.log[level](line, message)
    }
    done()
  })
})
