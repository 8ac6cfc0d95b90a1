import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthenticatedUser, AuthService } from '../modules/auth/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in player. */
    requireUser: (request: FastifyRequest) => Promise<void>
    /** preHandler for public routes that answer a signed-in player differently; never refuses. */
    identifyUser: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** Set by `requireUser`; reading it on a public route is a bug. */
    user: AuthenticatedUser
    /** Set by `identifyUser`: the signed-in player, or null for anyone else. */
    viewer: AuthenticatedUser | null
  }
}

export const authGuard = fp<{ auth: AuthService }>(async (app: FastifyInstance, { auth }) => {
  app.decorateRequest('user', null as unknown as AuthenticatedUser)
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await auth.authenticate(request.headers.authorization)
  })
  app.decorateRequest('viewer', null)
  app.decorate('identifyUser', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return
    try {
      request.viewer = await auth.authenticate(request.headers.authorization)
    } catch {
      // An expired or bad token still gets the public answer: this route refuses no one.
    }
  })
})
