import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthenticatedUser, AuthService } from '../modules/auth/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in player. */
    requireUser: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** Set by `requireUser`; reading it on a public route is a bug. */
    user: AuthenticatedUser
  }
}

export const authGuard = fp<{ auth: AuthService }>(async (app: FastifyInstance, { auth }) => {
  app.decorateRequest('user', null as unknown as AuthenticatedUser)
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await auth.authenticate(request.headers.authorization)
  })
})
