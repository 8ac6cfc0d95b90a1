import { describe, expect, it } from 'vitest'
import { MessageBody } from '@areia/contracts/errors'
import { jsonResponse, jwtExpiringIn, mockServer } from '../test/helpers'
import { apiRequest } from './api-client'
import { ApiError } from './api-error'
import { getRefreshToken, saveTokens } from './session-storage'

const refreshed = (access: string, refresh: string) =>
  jsonResponse({
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: 900,
  })

describe('apiRequest', () => {
  it('sends the stored bearer token and parses the body with the schema', async () => {
    const token = jwtExpiringIn(600)
    saveTokens({ access_token: token, refresh_token: 'r1' })
    const server = mockServer({
      'GET /api/v1/thing': (request) => {
        expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`)
        return jsonResponse({ message: 'ok' })
      },
    })
    await expect(apiRequest('/api/v1/thing', { schema: MessageBody })).resolves.toEqual({
      message: 'ok',
    })
    expect(server.calls).toHaveLength(1)
  })

  it('retries once with a renewed token after a 401', async () => {
    const stale = jwtExpiringIn(600)
    const fresh = jwtExpiringIn(900)
    saveTokens({ access_token: stale, refresh_token: 'r1' })
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => refreshed(fresh, 'r2'),
      'PATCH /api/v1/thing': async (request) => {
        expect(await request.json()).toEqual({ a: 1 })
        return request.headers.get('Authorization') === `Bearer ${fresh}`
          ? jsonResponse({ message: 'ok' })
          : jsonResponse({ detail: 'Token inválido.' }, 401)
      },
    })
    await expect(
      apiRequest('/api/v1/thing', {
        method: 'PATCH',
        body: { json: { a: 1 } },
        schema: MessageBody,
      }),
    ).resolves.toEqual({ message: 'ok' })
    expect(server.count('PATCH /api/v1/thing')).toBe(2)
    expect(server.count('POST /api/v1/auth/refresh/')).toBe(1)
    expect(getRefreshToken()).toBe('r2')
  })

  it('rejects to the caller when the retry is also a 401, without a third attempt', async () => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => refreshed(jwtExpiringIn(900), 'r2'),
      'GET /api/v1/thing': () =>
        jsonResponse({ detail: 'Proibido.', code: 'session_revoked' }, 401),
    })
    const error = await apiRequest('/api/v1/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, detail: 'Proibido.', code: 'session_revoked' })
    expect(server.count('GET /api/v1/thing')).toBe(2)
  })

  it('refreshes an access token about to expire before sending', async () => {
    const fresh = jwtExpiringIn(900)
    saveTokens({ access_token: jwtExpiringIn(5), refresh_token: 'r1' })
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => refreshed(fresh, 'r2'),
      'GET /api/v1/thing': (request) => {
        expect(request.headers.get('Authorization')).toBe(`Bearer ${fresh}`)
        return jsonResponse({}, 204)
      },
    })
    await expect(apiRequest('/api/v1/thing')).resolves.toBeUndefined()
    expect(server.calls.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/auth/refresh/',
      '/api/v1/thing',
    ])
  })

  it('keeps the detail of an answer whose code this build does not know, with no code', async () => {
    mockServer({
      'GET /api/v1/thing': () =>
        jsonResponse({ detail: 'Novo motivo.', code: 'futuro_codigo' }, 409),
    })
    const error = await apiRequest('/api/v1/thing', { auth: false }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 409, detail: 'Novo motivo.', code: null })
  })

  it('sends public calls form-encoded without a token and surfaces the pt-BR detail', async () => {
    mockServer({
      'POST /api/v1/auth/login/': async (request) => {
        expect(request.headers.get('Authorization')).toBeNull()
        expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded')
        expect(await request.text()).toBe('username=a%40b.c&password=x+y')
        return jsonResponse({ detail: 'Email ou senha inválidos.' }, 401)
      },
    })
    await expect(
      apiRequest('/api/v1/auth/login/', {
        method: 'POST',
        auth: false,
        body: { form: { username: 'a@b.c', password: 'x y' } },
      }),
    ).rejects.toThrow('Email ou senha inválidos.')
  })
})
