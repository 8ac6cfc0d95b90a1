import {
  ErrorBody,
  MessageBody,
  PushPublicKeyResponse,
  PushResubscribeBody,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { PushService } from './service'

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/api/v1/notifications/public-key',
    { schema: { response: { 200: PushPublicKeyResponse } } },
    async () => ({ public_key: push.publicKey }),
  )

  app.post(
    '/api/v1/notifications/subscribe',
    {
      preHandler: app.requireUser,
      schema: { body: PushSubscribeBody, response: { 201: MessageBody, ...errors } },
    },
    async (request, reply) => {
      await push.subscribe(
        request.user.id,
        request.body.subscription_info,
        request.headers['user-agent'] ?? null,
      )
      return reply.status(201).send({ message: 'Notificações ativadas com sucesso!' })
    },
  )

  // No bearer token: the service worker calls it, proving ownership with the old `auth` secret.
  app.post(
    '/api/v1/notifications/resubscribe',
    {
      schema: {
        body: PushResubscribeBody,
        response: { 200: MessageBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { old_endpoint, old_auth, subscription_info } = request.body
      await push.resubscribe(
        old_endpoint,
        old_auth,
        subscription_info,
        request.headers['user-agent'] ?? null,
      )
      return { message: 'Notificações ativadas com sucesso!' }
    },
  )

  app.post(
    '/api/v1/notifications/unsubscribe',
    {
      preHandler: app.requireUser,
      schema: { body: PushUnsubscribeBody, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      await push.unsubscribe(request.user.id, request.body.endpoint)
      return { message: 'Notificações desativadas.' }
    },
  )
}
