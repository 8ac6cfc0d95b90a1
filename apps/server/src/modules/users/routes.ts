import {
  AccountDeletionBody,
  DataExport,
  ErrorBody,
  ProfileUpdateBody,
  UserStatusResponse,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AccountClosure } from './closure'
import type { DataExportService } from './export'
import type { UsersService } from './service'

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService
  closure: AccountClosure
  dataExport: DataExportService
}> = async (app, { users, closure, dataExport }) => {
  app.get(
    '/api/v1/auth/me/status',
    { preHandler: app.requireUser, schema: { response: { 200: UserStatusResponse, ...errors } } },
    async (request) => users.getStatus(request.user.id),
  )

  app.put(
    '/api/v1/profile/me',
    {
      preHandler: app.requireUser,
      schema: { body: ProfileUpdateBody, response: { 200: UserStatusResponse, ...errors } },
    },
    async (request) => users.updateProfile(request.user.id, request.body),
  )

  app.get(
    '/api/v1/users/me/export',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: DataExport, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      const document = await dataExport.export(request.user.id)
      const day = saoPauloDate(new Date(document.generated_at))
      return reply
        .header('content-disposition', `attachment; filename="areia-dados-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(document)
    },
  )

  app.delete(
    '/api/v1/users/me',
    {
      preHandler: app.requireUser,
      schema: {
        body: AccountDeletionBody,
        response: { 204: z.null(), 400: ErrorBody, 403: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      await closure.close(request.user.id, request.user.sessionId, request.body)
      return reply.status(204).send(null)
    },
  )
}

/** YYYY-MM-DD of the player's calendar (the product's times are shown in São Paulo time). */
const saoPauloDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)
