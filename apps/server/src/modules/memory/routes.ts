import {
  ErrorBody,
  MemoryFact,
  MemoryFactBody,
  MemoryFactCreateBody,
  MemoryFactParams,
  MemoryProfileBody,
  MemoryResponse,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { MemoryService } from './service'

const errors = { 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

/** The coach memory screen: profile and facts, edited or deleted; the conversation cleared. */
export const memoryRoutes: FastifyPluginAsyncZod<{ memory: MemoryService }> = async (
  app,
  { memory },
) => {
  app.get(
    '/api/v1/memory',
    { preHandler: app.requireUser, schema: { response: { 200: MemoryResponse, ...errors } } },
    async (request) => memory.get(request.user.id),
  )

  app.patch(
    '/api/v1/memory/profile',
    {
      preHandler: app.requireUser,
      schema: { body: MemoryProfileBody, response: { 200: MemoryResponse, ...errors } },
    },
    async (request) => memory.updateProfile(request.user.id, request.body),
  )

  app.post(
    '/api/v1/memory/facts',
    {
      preHandler: app.requireUser,
      schema: { body: MemoryFactCreateBody, response: { 201: MemoryFact, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await memory.addFact(request.user.id, request.body.text, request.body.kind)),
  )

  app.patch(
    '/api/v1/memory/facts/:id',
    {
      preHandler: app.requireUser,
      schema: {
        params: MemoryFactParams,
        body: MemoryFactBody,
        response: { 200: MemoryFact, ...errors },
      },
    },
    async (request) => memory.editFact(request.user.id, request.params.id, request.body.text),
  )

  app.delete(
    '/api/v1/memory/facts/:id',
    {
      preHandler: app.requireUser,
      schema: { params: MemoryFactParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await memory.deleteFact(request.user.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/api/v1/memory/conversation',
    { preHandler: app.requireUser, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await memory.clear(request.user.id)
      return reply.status(204).send(null)
    },
  )
}
