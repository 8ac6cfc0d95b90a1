import {
  EmailChangeBody,
  EmailConfirmBody,
  ErrorBody,
  MessageBody,
  PasswordResetBody,
  PasswordResetRequestBody,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AccountRecovery } from './recovery'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
}

export const recoveryRoutes: FastifyPluginAsyncZod<{ recovery: AccountRecovery }> = async (
  app,
  { recovery },
) => {
  app.post(
    '/api/v1/auth/password-reset/request',
    { schema: { body: PasswordResetRequestBody, response: { 202: MessageBody, ...errors } } },
    async (request, reply) =>
      reply.status(202).send(await recovery.requestReset(request.body, request.ip)),
  )

  app.post(
    '/api/v1/auth/password-reset',
    { schema: { body: PasswordResetBody, response: { 200: MessageBody, ...errors } } },
    async (request) => recovery.resetPassword(request.body),
  )

  app.post(
    '/api/v1/auth/email/confirm',
    {
      schema: {
        body: EmailConfirmBody,
        response: { 200: MessageBody.extend({ email: z.string() }), ...errors },
      },
    },
    async (request) => recovery.confirmEmail(request.body.token),
  )

  app.post(
    '/api/v1/users/me/email/confirmation',
    { preHandler: app.requireUser, schema: { response: { 200: MessageBody, ...errors } } },
    async (request) => recovery.sendConfirmation(request.user.id),
  )

  app.put(
    '/api/v1/users/me/email',
    {
      preHandler: app.requireUser,
      schema: { body: EmailChangeBody, response: { 202: MessageBody, ...errors } },
    },
    async (request, reply) =>
      reply.status(202).send(await recovery.requestEmailChange(request.user.id, request.body)),
  )
}
