import {
  AgentAddBody,
  AgentSlugParams,
  AgentsQuery,
  AgentsResponse,
  AgentTryBody,
  AgentTryResponse,
  ConversationMembersResponse,
  ErrorBody,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AgentsService } from './service'

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody }

/** The Agent Store: catalogue, the player's partners and the `Experimentar` preview. */
export const agentsRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (
  app,
  { agents },
) => {
  app.get(
    '/api/v1/agents',
    {
      preHandler: app.requireUser,
      schema: { querystring: AgentsQuery, response: { 200: AgentsResponse, ...errors } },
    },
    async (request) => agents.list(request.user.id, request.query),
  )

  app.get(
    '/api/v1/agents/conversation',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: ConversationMembersResponse, ...errors } },
    },
    async (request) => agents.members(request.user.id),
  )

  app.post(
    '/api/v1/agents/conversation',
    {
      preHandler: app.requireUser,
      schema: { body: AgentAddBody, response: { 200: AgentsResponse, ...errors } },
    },
    async (request) => agents.add(request.user.id, request.body.slug),
  )

  app.delete(
    '/api/v1/agents/conversation/:slug',
    {
      preHandler: app.requireUser,
      schema: { params: AgentSlugParams, response: { 200: AgentsResponse, ...errors } },
    },
    async (request) => agents.remove(request.user.id, request.params.slug),
  )

  app.post(
    '/api/v1/agents/:slug/try',
    {
      preHandler: app.requireUser,
      schema: {
        params: AgentSlugParams,
        body: AgentTryBody,
        response: { 200: AgentTryResponse, ...errors },
      },
    },
    async (request) => agents.tryAgent(request.user.id, request.params.slug, request.body.text),
  )
}
