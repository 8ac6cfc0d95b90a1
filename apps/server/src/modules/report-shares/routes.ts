import {
  ErrorBody,
  ReportCardQuery,
  ReportShareCreateBody,
  ReportShareResponse,
  ReportShareStatus,
  SharedReport,
  ShareTokenParams,
  VideoIdParams,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MediaQuery } from '../analysis/files'
import { SharedMediaParams } from './media'
import type { ReportSharesService } from './service'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody }

/** The owner makes and revokes a report's link; anyone with the link reads it. */
export const reportSharesRoutes: FastifyPluginAsyncZod<{ shares: ReportSharesService }> = async (
  app,
  { shares },
) => {
  const owner = { preHandler: app.requireUser }
  app.get(
    '/api/v1/videos/:id/report/share',
    {
      ...owner,
      schema: { params: VideoIdParams, response: { 200: ReportShareStatus, ...errors } },
    },
    (request) => shares.status(request.user.id, request.params.id),
  )

  app.post(
    '/api/v1/videos/:id/report/share',
    {
      ...owner,
      schema: {
        params: VideoIdParams,
        body: ReportShareCreateBody,
        response: { 201: ReportShareResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await shares.create(request.user.id, request.params.id, request.body)),
  )

  app.delete(
    '/api/v1/videos/:id/report/share',
    { ...owner, schema: { params: VideoIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await shares.revoke(request.user.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  const png = (filename: string) => ({
    'content-type': 'image/png',
    'content-disposition': `inline; filename="${filename}"`,
  })

  app.get(
    '/api/v1/videos/:id/report/card.png',
    { ...owner, schema: { params: VideoIdParams, querystring: ReportCardQuery } },
    async (request, reply) => {
      const { id } = request.params
      const image = await shares.ownerCard(request.user.id, id, request.query.format)
      return reply
        .headers({ ...png(`areia-jogo-${id}.png`), 'cache-control': 'private, max-age=300' })
        .send(image)
    },
  )

  // No account: the token is the authority. Never cached by shared caches, since it can be revoked.
  app.get(
    '/api/v1/shared-reports/:token/card.png',
    { schema: { params: ShareTokenParams, querystring: ReportCardQuery } },
    async (request, reply) => {
      const { token } = request.params
      const image = await shares.sharedCard(token, request.ip, request.query.format)
      return reply
        .headers({ ...png('areia-jogo.png'), 'cache-control': 'private, no-store' })
        .send(image)
    },
  )

  app.get(
    '/api/v1/shared-reports/:token',
    { schema: { params: ShareTokenParams, response: { 200: SharedReport, ...errors } } },
    async (request, reply) => {
      const body = await shares.open(request.params.token, request.ip)
      return reply.header('cache-control', 'private, no-store').send(body)
    },
  )

  // The link's media (`<img>`, `<video>`): signed for the link, served while it stands.
  app.get(
    '/api/v1/shared-media/:share/:kind/:name',
    { schema: { params: SharedMediaParams, querystring: MediaQuery } },
    (request, reply) =>
      shares.openMedia(request.params, request.query, request.headers.range, reply),
  )
}
