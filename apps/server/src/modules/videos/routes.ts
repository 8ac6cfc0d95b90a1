import {
  AwaitingIdentificationList,
  ErrorBody,
  FromLinkBody,
  FromLinkResponse,
  IdentificationFrame,
  IdentifyRequest,
  IdentifyResponse,
  UploadUrlBody,
  UploadUrlResponse,
  Video,
  VideoIdParams,
  VideoList,
} from '@areia/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ErrorCode } from '@areia/contracts'
import { OffsetMismatchError } from '../../adapters/storage'
import { AppError } from '../../errors'
import { ERRORS } from './messages'
import type { IdentificationFrames } from './identification'
import { toVideo, type VideosService } from './service'
import { UploadCapError, uploadCapped, parseContentRange } from './upload-protocol'

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

export const videosRoutes: FastifyPluginAsyncZod<{
  videos: VideosService
  identification: IdentificationFrames
  /** PUBLIC_ORIGIN when set; otherwise the origin the player reached us at. */
  publicOrigin: string | undefined
}> = async (app, { videos, identification, publicOrigin }) => {
  app.post(
    '/api/v1/videos/upload-url',
    {
      preHandler: app.requireUser,
      schema: {
        body: UploadUrlBody,
        response: { 201: UploadUrlResponse, 415: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin
        ? new URL(publicOrigin).origin
        : `${request.protocol}://${request.host}`
      const created = await videos.createUpload(request.user.id, request.body.content_type, origin)
      return reply.status(201).send(created)
    },
  )

  app.get(
    '/api/v1/videos/me',
    { preHandler: app.requireUser, schema: { response: { 200: VideoList, ...errors } } },
    async (request) => videos.list(request.user.id),
  )

  app.get(
    '/api/v1/videos/awaiting-identification',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: AwaitingIdentificationList, ...errors } },
    },
    async (request) => videos.awaitingIdentification(request.user.id),
  )

  app.delete(
    '/api/v1/videos/:id',
    {
      preHandler: app.requireUser,
      schema: { params: VideoIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await videos.delete(request.user.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/videos/from-link',
    {
      preHandler: app.requireUser,
      schema: {
        body: FromLinkBody,
        response: { 202: FromLinkResponse, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await videos.fromLink(request.user.id, request.body)),
  )

  app.patch(
    '/api/v1/videos/:id/identify',
    {
      preHandler: app.requireUser,
      schema: {
        params: VideoIdParams,
        body: IdentifyRequest,
        response: { 200: IdentifyResponse, ...errors },
      },
    },
    async (request) => ({
      game_info_request_triggered: await videos.identify(
        request.user.id,
        request.params.id,
        request.body.player_identifier,
        request.body.picked_box,
      ),
    }),
  )

  app.get(
    '/api/v1/videos/:id/identification',
    {
      preHandler: app.requireUser,
      schema: { params: VideoIdParams, response: { 200: IdentificationFrame, ...errors } },
    },
    async (request) => identification.view(request.user.id, request.params.id),
  )

  // Signed instead of a bearer token: the chat shows it in an `<img>`.
  app.get(
    '/api/v1/videos/:id/identification/frame',
    {
      schema: {
        params: VideoIdParams,
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query
      const body = await identification.open(request.params.id, expires, signature)
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .send(body)
    },
  )

  // The upload URL: raw bytes, never parsed or buffered by Fastify (its own content parsers).
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>()
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null))
    raw.put(
      '/api/v1/videos/uploads/:id',
      {
        schema: {
          params: VideoIdParams,
          querystring: z.object({
            expires: z.string().optional(),
            signature: z.string().optional(),
          }),
        },
      },
      (request, reply) =>
        receive(videos, request as FastifyRequest, reply, request.params.id, request.query),
    )
  })
}

/** Google Cloud Storage's resumable-upload protocol over one signed URL. */
async function receive(
  videos: VideosService,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  query: { expires?: string | undefined; signature?: string | undefined },
) {
  // A refused request's body is not read: the connection closes instead of draining gigabytes.
  const refuse = (status: AppError['statusCode'], detail: string, code: ErrorCode) => {
    reply.header('connection', 'close')
    throw new AppError(status, detail, { code })
  }
  const row = await videos
    .uploadTarget(id, query.expires, query.signature)
    .catch((err: unknown) => {
      reply.header('connection', 'close')
      throw err
    })
  if (row.status !== 'UPLOADING') {
    reply.header('connection', 'close')
    return reply.status(200).send(Video.parse(toVideo(row)))
  }
  const range = parseContentRange(request.headers['content-range'])
  if (range === 'invalid') return refuse(400, ERRORS.badContentRange, 'content_range_invalid')
  const lengthHeader = request.headers['content-length']
  const contentLength = lengthHeader === undefined ? null : Number(lengthHeader)
  const cap = videos.maxBytes
  const total = range.kind === 'whole' ? contentLength : range.total
  if (total !== null && total > cap) return refuse(413, ERRORS.tooLarge(cap), 'video_too_large')
  const incomplete = (received: number) => {
    if (received > 0) reply.header('range', `bytes=0-${received - 1}`)
    return reply.status(308).send()
  }
  const finish = async () =>
    reply.status(200).send(Video.parse(toVideo(await videos.complete(row))))

  if (range.kind === 'query') {
    const received = await videos.received(row)
    return total !== null && received === total ? finish() : incomplete(received)
  }
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase()
  if (!contentType.startsWith('video/')) return refuse(415, ERRORS.notVideoType, 'not_a_video')
  const start = range.kind === 'chunk' ? range.start : 0
  const length = range.kind === 'chunk' ? range.end - range.start + 1 : contentLength
  if (range.kind === 'chunk' && contentLength !== null && contentLength !== length) {
    return refuse(400, ERRORS.badContentRange, 'content_range_invalid')
  }
  if (start + (length ?? 0) > cap) return refuse(413, ERRORS.tooLarge(cap), 'video_too_large')
  if (length === null && videos.needsChunkLength) {
    return refuse(400, ERRORS.lengthRequired, 'length_required')
  }
  const received = await videos.received(row)
  if (start !== received) {
    reply.header('connection', 'close')
    return incomplete(received)
  }
  // Never past the declared range: bytes beyond it would count toward the allowance and leave
  // an upload whose later chunks can never line up.
  const declared = length !== null && length < cap - start
  let stored: number
  try {
    stored = await videos.append(
      row,
      start,
      uploadCapped(request.raw, declared ? length : cap - start),
      length ?? undefined,
    )
  } catch (err) {
    if (err instanceof UploadCapError) {
      return declared
        ? refuse(400, ERRORS.beyondContentRange, 'beyond_content_range')
        : refuse(413, ERRORS.tooLarge(cap), 'video_too_large')
    }
    if (err instanceof OffsetMismatchError) {
      reply.header('connection', 'close')
      return incomplete(err.expected)
    }
    // The player's connection dropped: what reached storage stays, to resume from.
    if (request.raw.destroyed || request.raw.socket.destroyed) return reply.hijack()
    throw err
  }
  const complete = total !== null ? stored === total : range.kind === 'whole'
  return complete ? finish() : incomplete(stored)
}
