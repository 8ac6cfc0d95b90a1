import {
  ErrorBody,
  GoogleConfigResponse,
  GoogleLoginBody,
  GoogleStartQuery,
  GoogleStartResponse,
  TokenPair,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { GoogleAuthService } from './service'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
}

export const googleAuthRoutes: FastifyPluginAsyncZod<{ google: GoogleAuthService }> = async (
  app,
  { google },
) => {
  app.get(
    '/api/v1/auth/google/config',
    { schema: { response: { 200: GoogleConfigResponse } } },
    async () => ({ enabled: google.enabled }),
  )

  app.get(
    '/api/v1/auth/google/start',
    {
      schema: { querystring: GoogleStartQuery, response: { 200: GoogleStartResponse, ...errors } },
    },
    async (request) => ({ authorization_url: await google.start(request.query.redirect_uri) }),
  )

  app.post(
    '/api/v1/auth/google/',
    { schema: { body: GoogleLoginBody, response: { 200: TokenPair, ...errors } } },
    async (request) =>
      google.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  )
}
