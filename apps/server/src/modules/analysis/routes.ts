import {
  AnalystCornersBody,
  AnalystPlayerBody,
  AnalystQueue,
  AnalystRejectBody,
  AnalystReportBody,
  AnalystSwapBody,
  AnalystTagsBody,
  AnalystTagsResponse,
  AnalystVideo,
  AnalystVideoParams,
  CheckForReportResponse,
  ErrorBody,
  type Role,
  VideoIdParams,
  VideoReport,
} from '@areia/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors'
import { FORBIDDEN_DETAIL } from '../admin/routes'
import { MediaParams, MediaQuery } from './files'
import type { ReportsService } from './reports'
import type { AnalysisService } from './service'
import { TAGGING_ERRORS, type TaggingService } from './tagging'

const ANALYST_ROLES: readonly Role[] = ['ANALYST', 'ADMIN']
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
}
const noContent = { 204: z.null(), ...errors }

/**
 * `/api/v1/analyst/**` (decision 010's guard, for analysts and admins): the role is checked for
 * every route of this plugin before its body is parsed.
 */
export const analystRoutes: FastifyPluginAsyncZod<{
  analysis: AnalysisService
  tagging: TaggingService
}> = async (app, { analysis, tagging }) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    await app.requireUser(request)
    if (!ANALYST_ROLES.includes(request.user.role))
      throw new AppError(403, FORBIDDEN_DETAIL, { code: 'forbidden' })
  })
  const params = AnalystVideoParams

  app.get('/api/v1/analyst/queue', { schema: { response: { 200: AnalystQueue, ...errors } } }, () =>
    analysis.queue(),
  )

  app.get(
    '/api/v1/analyst/videos/:id',
    { schema: { params, response: { 200: AnalystVideo, ...errors } } },
    (request) => analysis.video(request.params.id),
  )

  app.put(
    '/api/v1/analyst/videos/:id/corners',
    { schema: { params, body: AnalystCornersBody, response: noContent } },
    async (request, reply) => {
      await analysis.setCorners(request.user.id, request.params.id, request.body.corners)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/analyst/videos/:id/rerun',
    { schema: { params, response: noContent } },
    async (request, reply) => {
      await analysis.rerun(request.user.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/analyst/videos/:id/swap',
    { schema: { params, body: AnalystSwapBody, response: { 200: AnalystVideo, ...errors } } },
    (request) => analysis.swap(request.user.id, request.params.id, request.body),
  )

  app.put(
    '/api/v1/analyst/videos/:id/player',
    { schema: { params, body: AnalystPlayerBody, response: { 200: AnalystVideo, ...errors } } },
    (request) => analysis.setPlayer(request.user.id, request.params.id, request.body.track_id),
  )

  app.put(
    '/api/v1/analyst/videos/:id/report',
    { schema: { params, body: AnalystReportBody, response: noContent } },
    async (request, reply) => {
      await analysis.saveReport(request.user.id, request.params.id, request.body.markdown)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/analyst/videos/:id/publish',
    { schema: { params, response: noContent } },
    async (request, reply) => {
      await analysis.publish(request.user.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/v1/analyst/videos/:id/tags',
    { schema: { params, response: { 200: AnalystTagsResponse, ...errors } } },
    (request) => tagging.get(request.params.id),
  )

  app.put(
    '/api/v1/analyst/videos/:id/tags',
    {
      // A malformed document is the console's bug, not the analyst's input: say which rule, with a code.
      attachValidation: true,
      schema: { params, body: AnalystTagsBody, response: { 200: AnalystTagsResponse, ...errors } },
    },
    (request) => {
      const invalid = request.validationError
      if (invalid) {
        const why = (invalid.validation as Array<{ message?: string }> | undefined)?.[0]?.message
        throw new AppError(422, TAGGING_ERRORS.invalid(why ?? 'formato não reconhecido'), {
          code: 'tags_invalid',
        })
      }
      return tagging.save(request.user.id, request.params.id, request.body)
    },
  )

  app.post(
    '/api/v1/analyst/videos/:id/reject',
    { schema: { params, body: AnalystRejectBody, response: noContent } },
    async (request, reply) => {
      await analysis.reject(request.user.id, request.params.id, request.body.reason)
      return reply.status(204).send(null)
    },
  )
}

/**
 * The player's report, check-for-report (the newest published report not handed out yet) and the
 * signed media URLs.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/v1/videos/:id/report',
    {
      preHandler: app.requireUser,
      schema: { params: VideoIdParams, response: { 200: VideoReport, ...errors } },
    },
    (request) => reports.report(request.user.id, request.params.id),
  )

  app.get(
    '/api/v1/videos/:id/report/heatmap.png',
    { preHandler: app.requireUser, schema: { params: VideoIdParams } },
    async (request, reply) => {
      const png = await reports.heatmap(request.user.id, request.params.id)
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=300')
        .send(png)
    },
  )

  app.post(
    '/api/v1/chat/check-for-report',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: CheckForReportResponse, ...errors } },
    },
    (request) => reports.checkForReport(request.user.id),
  )

  // No bearer token: `<img>` and `<video>` load these; the signature is the authority.
  app.get(
    '/api/v1/media/videos/:id/:kind/:name',
    { schema: { params: MediaParams, querystring: MediaQuery } },
    (request, reply) => reports.media(request.params, request.query, request.headers.range, reply),
  )
}
