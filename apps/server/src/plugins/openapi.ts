import swagger from '@fastify/swagger'
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** One route as Fastify registered it, with the zod schemas its input is parsed by. */
export interface RouteEntry {
  method: HTTPMethods
  url: string
  schema: FastifySchema | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after this plugin, HEAD twins excluded. The OpenAPI document is made
     * from the same hook; the bad-input and authorization suites walk this table, so a new route
     * is covered (or refused as unclassified) the day it lands.
     */
    routeTable: RouteEntry[]
  }
}

/**
 * OpenAPI 3 generated from the routes' zod schemas. The document is always buildable
 * (`app.swagger()`); it is served at /api/docs only where `serve` is set (development, or
 * API_DOCS=1), so production does not advertise its surface.
 */
export const openApi = fp(async (app: FastifyInstance, opts: { serve: boolean }) => {
  const routes: RouteEntry[] = []
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET, right after it, with the GET's handler and schemas.
      if (method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === route.url)) {
        continue
      }
      routes.push({ method, url: route.url, schema: route.schema })
    }
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Areia API',
        description: 'API do Areia: treinador de beach tennis, análise de vídeos e planos.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  if (opts.serve) {
    app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(app.swagger()),
    )
  }
})
