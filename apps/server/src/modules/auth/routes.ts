import {
  ErrorBody,
  LoginBody,
  LoginChallengeRequired,
  LogoutBody,
  MessageBody,
  PasswordChangeBody,
  RefreshBody,
  RegisterBody,
  RegisterResponse,
  TokenPair,
} from '@areia/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ChallengeRequired } from './account-attempts'
import type { AuthService, ClientInfo } from './service'

const client = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
})

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody }

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService
  /** After a sign-up: the e-mail confirmation link goes out. */
  afterRegister: (userId: string) => Promise<void>
}> = async (app, { auth, afterRegister }) => {
  app.post(
    '/api/v1/auth/register/',
    { schema: { body: RegisterBody, response: { 201: RegisterResponse, ...errors } } },
    async (request, reply) => {
      const created = await auth.register(request.body, client(request))
      await afterRegister(created.id)
      return reply.status(201).send(created)
    },
  )

  app.post(
    '/api/v1/auth/login/',
    {
      schema: {
        body: LoginBody,
        response: {
          200: TokenPair,
          403: ErrorBody,
          ...errors,
          429: z.union([LoginChallengeRequired, ErrorBody]),
        },
      },
    },
    async (request, reply) => {
      try {
        return await auth.login(request.body, client(request))
      } catch (err) {
        if (!(err instanceof ChallengeRequired)) throw err
        return reply
          .status(429)
          .headers(err.headers)
          .send({ detail: err.detail, code: 'login_challenge', challenge: err.challenge })
      }
    },
  )

  app.post(
    '/api/v1/auth/refresh/',
    { schema: { body: RefreshBody, response: { 200: TokenPair, ...errors } } },
    async (request) => auth.refresh(request.body.refresh_token, client(request)),
  )

  app.post(
    '/api/v1/auth/logout/',
    { schema: { body: LogoutBody, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      // An expired access token must not stop a logout; the refresh token alone is authority enough.
      const sessionId = await auth
        .authenticate(request.headers.authorization)
        .then((u) => u.sessionId)
        .catch(() => undefined)
      await auth.logout({ sessionId, refreshToken: request.body.refresh_token })
      return reply.status(204).send(null)
    },
  )

  app.patch(
    '/api/v1/users/me/password',
    {
      preHandler: app.requireUser,
      schema: { body: PasswordChangeBody, response: { 200: MessageBody, ...errors } },
    },
    async (request) => auth.changePassword(request.user.id, request.body),
  )
}
