import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/errors'
import { errorHandler } from '../src/plugins/error-handler'
import { createTestApp, type TestApp } from './helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

describe('security headers', () => {
  it.each(['/healthz', '/api/v1/auth/me/status', '/api/v1/nao-existe'])(
    'are on every response (%s)',
    async (url) => {
      const res = await app.server.inject({ method: 'GET', url })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      // Plain HTTP: HSTS only behind HTTPS (headers.test.ts).
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    },
  )
})

describe('errors', () => {
  it('an unknown route answers 404 with a pt-BR detail', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/nao-existe' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Recurso não encontrado.', code: 'not_found' })
  })

  it('an unsupported content type answers 415', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      detail: 'Tipo de conteúdo não suportado.',
      code: 'unsupported_media_type',
    })
  })

  it('a crash answers 500 with a generic message and never its internals', async () => {
    const server = Fastify({ logger: false })
    await server.register(errorHandler)
    server.get('/boom', async () => {
      throw new Error('senha do banco: hunter2 at /srv/app.ts:12')
    })
    server.get('/known', async () => {
      throw new AppError(409, 'Conflito explicado.', { code: 'email_taken' })
    })
    const boom = await server.inject({ method: 'GET', url: '/boom' })
    expect(boom.statusCode).toBe(500)
    expect(boom.json()).toEqual({
      detail: 'Ocorreu um erro interno. Tente novamente mais tarde.',
      code: 'internal',
    })
    expect(boom.body).not.toContain('hunter2')
    const known = await server.inject({ method: 'GET', url: '/known' })
    expect(known.statusCode).toBe(409)
    expect(known.json()).toEqual({ detail: 'Conflito explicado.', code: 'email_taken' })
    await server.close()
  })
})

describe('health', () => {
  it('/healthz and /readyz answer while the database does', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
    })
    expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })
})

describe('GET /api/v1/public/legal', () => {
  it('gives nulls when the company details are not configured', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/public/legal' })
    expect(res.json()).toEqual({
      company_name: null,
      forum_city: null,
      forum_state: null,
      contact_email: null,
      privacy_email: null,
    })
  })

  it('gives the configured values', async () => {
    const other = await createTestApp({
      LEGAL_COMPANY_NAME: 'Areia Tecnologia Ltda.',
      LEGAL_FORUM_CITY: 'Santos',
    })
    try {
      const res = await other.server.inject({ method: 'GET', url: '/api/v1/public/legal' })
      expect(res.json()).toMatchObject({
        company_name: 'Areia Tecnologia Ltda.',
        forum_city: 'Santos',
      })
    } finally {
      await other.close()
    }
  })
})
