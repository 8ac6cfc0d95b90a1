import { ErrorBody, ProfileUpdateBody, UserStatusResponse } from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../errors'
import type { AccountDeletion } from './deletion'
import type { UsersService } from './service'

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService
  deletion: AccountDeletion
}> = async (app, { users, deletion }) => {
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

  app.delete(
    '/api/v1/users/me',
    { preHandler: app.requireUser, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await deletion.deleteAccount(request.user.id)))
        throw notFound('Usuário não encontrado.')
      return reply.status(204).send(null)
    },
  )
}
