import { ErrorBody, ProgressResponse } from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ProgressService } from './service'

/** Minha evolução: the player's figures across their analysed matches. */
export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  app.get(
    '/api/v1/progress',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: ProgressResponse, 401: ErrorBody } },
    },
    async (request) => progress.progress(request.user.id),
  )
}
