import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/app'
import { routeKey, routesOf } from './helpers/routes'

interface OpenApiDocument {
  openapi: string
  paths: Record<
    string,
    Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>
  >
}

let docs: TestApp
let quiet: TestApp
beforeAll(async () => {
  docs = await createTestApp({ API_DOCS: '1' })
  quiet = await createTestApp(
    // Production refuses to start without its payments, public address and mail relay.
    {
      NODE_ENV: 'production',
      PAYMENTS_SIMULATOR: '1',
      PUBLIC_ORIGIN: 'https://areia.exemplo',
      SMTP_URL: 'smtp://127.0.0.1:1',
    },
    {},
    { resetDatabase: false },
  )
})
afterAll(async () => {
  await docs.close()
  await quiet.close()
})

/** `/api/v1/videos/:id` as OpenAPI writes it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}')

describe('OpenAPI generated from the route schemas', () => {
  it('is served at /api/docs when enabled, and nowhere in production by default', async () => {
    const res = await docs.server.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const off = await quiet.server.inject({ method: 'GET', url: '/api/docs' })
    expect(off.statusCode).toBe(404)
    expect(off.json()).toEqual({ detail: 'Recurso não encontrado.', code: 'not_found' })
  })

  it('documents every route of the table, with the schemas of its inputs', async () => {
    const doc = (
      await docs.server.inject({ method: 'GET', url: '/api/docs' })
    ).json<OpenApiDocument>()
    expect(doc.openapi).toBe('3.0.3')
    const missing = routesOf(docs)
      .filter((r) => r.url !== '/api/v1/chat/ws') // a WebSocket: no HTTP answer to document
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map(routeKey)
    expect(missing).toEqual([])
    const register = doc.paths['/api/v1/auth/register/']?.post
    expect(JSON.stringify(register?.requestBody)).toContain('"email"')
    expect(Object.keys(register?.responses ?? {})).toContain('422')
    // Error answers document their machine code, one of the contract's list.
    const refused = JSON.stringify(register?.responses?.['422'])
    expect(refused).toContain('"code"')
    expect(refused).toContain('"invalid_input"')
    expect(refused).toContain('"email_taken"')
    const fact = doc.paths['/api/v1/memory/facts/{id}']?.patch
    expect(JSON.stringify(fact)).toContain('"in":"path"')
  })
})
