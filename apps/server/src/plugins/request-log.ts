import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const SLOW_MS = 1000

/**
 * One line per request at `debug`; at `info` only failures and slow requests. Logging every
 * request at `info` halved throughput on our 2-core machines (see bench/).
 */
export const requestLog = fp(async (app: FastifyInstance) => {
  const debug = app.log.level === 'debug' || app.log.level === 'trace'
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode
    const ms = reply.elapsedTime
    const line = {
      method: request.method,
      url: request.routeOptions.url ?? request.url,
      status,
      ms,
    }
    if (status >= 500) request.log.error(line, 'request failed')
    else if (ms >= SLOW_MS) request.log.warn(line, 'slow request')
    else if (debug) request.log.debug(line, 'request')
  })
})
