import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const Health = z.object({ status: z.string() })

/** Liveness answers while the process runs; readiness only while the database answers and we are not draining. */
export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>
  isDraining: () => boolean
}> = async (app, { ping, isDraining }) => {
  app.get('/healthz', { schema: { response: { 200: Health } } }, async () => ({ status: 'ok' }))

  app.get(
    '/readyz',
    { schema: { response: { 200: Health, 503: Health } } },
    async (request, reply) => {
      if (isDraining()) return reply.status(503).send({ status: 'encerrando' })
      try {
        await ping()
        return { status: 'ok' }
      } catch (err) {
        request.log.warn({ err }, 'readiness: database unavailable')
        return reply.status(503).send({ status: 'banco de dados indisponível' })
      }
    },
  )
}
