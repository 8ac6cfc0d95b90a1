import {
  ErrorBody,
  ProgressGoalBody,
  ProgressPreferences,
  ProgressPreferencesBody,
  ProgressResponse,
} from '@areia/contracts'
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

  app.put(
    '/api/v1/progress/goal',
    {
      preHandler: app.requireUser,
      schema: {
        body: ProgressGoalBody,
        response: { 200: ProgressResponse, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => progress.chooseGoalFigures(request.user.id, request.body),
  )

  app.get(
    '/api/v1/progress/preferences',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: ProgressPreferences, 401: ErrorBody } },
    },
    async (request) => progress.preferences(request.user.id),
  )

  app.patch(
    '/api/v1/progress/preferences',
    {
      preHandler: app.requireUser,
      schema: {
        body: ProgressPreferencesBody,
        response: { 200: ProgressPreferences, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => progress.setPreferences(request.user.id, request.body),
  )
}
