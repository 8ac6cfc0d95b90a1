import type { TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  createTestApp,
  login,
  refresh,
  register,
  signUpAndLogIn,
  status,
  type TestApp,
} from './helpers/app'
import { testDatabase } from './helpers/database'
import { serverSecrets } from '../src/db/schema'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >

describe('POST /api/v1/auth/register/', () => {
  it('creates the account with a normalised e-mail and never returns the password', async () => {
    const res = await register(app, '  Ana.Silva@Example.COM ', 'segredo123')
    expect(res.statusCode).toBe(201)
    const body = res.json<Record<string, unknown>>()
    expect(body).toMatchObject({ email: 'ana.silva@example.com' })
    expect(JSON.stringify(body)).not.toContain('segredo123')
    expect((await login(app, 'ana.silva@example.com')).statusCode).toBe(200)
  })

  it('answers 409 in pt-BR for an e-mail already taken, whatever its case', async () => {
    await register(app, 'dup@example.com')
    const res = await register(app, 'DUP@example.com')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ detail: 'Este e-mail já está cadastrado.', code: 'email_taken' })
  })

  it.each([
    ['no body', undefined],
    ['missing password', { email: 'x@example.com' }],
    ['missing e-mail', { password: 'segredo123' }],
    ['invalid e-mail', { email: 'não-é-email', password: 'segredo123' }],
    ['short password', { email: 'short@example.com', password: '12345' }],
    ['wrong types', { email: 42, password: ['a'] }],
  ])('refuses %s with a 4xx detail', async (_name, payload) => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      ...(payload === undefined ? {} : { payload }),
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(typeof res.json<{ detail: unknown }>().detail).toBe('string')
  })

  it('says the minimum password length', async () => {
    const res = await register(app, 'short2@example.com', '12345')
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toContain('pelo menos 6 caracteres')
  })

  it('refuses malformed JSON with 400', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      detail: 'O corpo da requisição não é um JSON válido.',
      code: 'invalid_input',
    })
  })

  it('refuses a body over the size limit with 413', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      payload: { email: 'big@example.com', password: 'x'.repeat(400_000) },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json<{ detail: string }>().detail).toMatch(/grande demais/)
  })
})

describe('POST /api/v1/auth/login/', () => {
  beforeAll(async () => {
    await register(app, 'login@example.com', 'segredo123')
  })

  it('takes form-urlencoded credentials and returns a bearer token pair', async () => {
    const res = await login(app, 'LOGIN@example.com')
    expect(res.statusCode).toBe(200)
    const body = res.json<TokenPair>()
    expect(body.token_type).toBe('bearer')
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const claims = decode(body.access_token)
    expect(typeof claims.exp).toBe('number')
    expect((claims.exp as number) - (claims.iat as number)).toBe(900)
    expect(claims).toMatchObject({ iss: 'areia', aud: 'areia-api' })
  })

  it.each([
    ['a wrong password', 'login@example.com', 'errada123'],
    ['an unknown e-mail', 'ninguem@example.com', 'segredo123'],
  ])('answers 401 "Email ou senha inválidos." for %s', async (_name, user, password) => {
    const res = await login(app, user, password, '10.0.0.9')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Email ou senha inválidos.', code: 'invalid_credentials' })
  })

  it('refuses missing fields with 422', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=login%40example.com',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toBe('Informe a senha. (campo: password)')
  })
})

describe('access tokens', () => {
  let tokens: TokenPair
  beforeAll(async () => {
    tokens = await signUpAndLogIn(app, 'tokens@example.com')
  })

  it('open GET /api/v1/auth/me/status', async () => {
    const res = await status(app, tokens.access_token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      email: 'tokens@example.com',
      role: 'USER',
      status: 'ACTIVE',
      payment_status: 'FREE',
      onboarding_status: 'NOT_STARTED',
      name: null,
      profile: { tax_id: null, category: null },
    })
  })

  it('refuse a request without a token', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/auth/me/status' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Não autenticado.', code: 'not_authenticated' })
  })

  it('expire after their lifetime', async () => {
    const fresh = await login(app, 'tokens@example.com')
    const token = fresh.json<TokenPair>().access_token
    app.clock.advance(901)
    try {
      const res = await status(app, token)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        detail: 'Token de acesso inválido ou expirado.',
        code: 'invalid_token',
      })
    } finally {
      app.clock.advance(-901)
    }
  })

  it('refuse a tampered payload or signature', async () => {
    const [h, p, s] = tokens.access_token.split('.') as [string, string, string]
    const claims = decode(tokens.access_token)
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString(
      'base64url',
    )
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1)
    for (const token of [`${h}.${forgedPayload}.${s}`, `${h}.${p}.${flipped}`, 'not-a-jwt']) {
      expect((await status(app, token)).statusCode).toBe(401)
    }
  })

  it('refuse alg "none", a foreign key, a wrong audience, issuer or typ', async () => {
    const claims = decode(tokens.access_token)
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
    const none = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`
    const [row] = await (
      await testDatabase({ reset: false })
    ).db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'jwt_access_hs256'))
    const serverKey = new Uint8Array(row?.value ?? [])
    const sign = (typ: string, body: Record<string, unknown>, key = serverKey) =>
      new SignJWT(body).setProtectedHeader({ alg: 'HS256', typ }).sign(key)
    // The control: the server's key with the right claims is accepted, so the refusals below mean something.
    expect((await status(app, await sign('at+jwt', claims))).statusCode).toBe(200)
    const refused = [
      none,
      await sign('at+jwt', claims, new TextEncoder().encode('x'.repeat(64))),
      await sign('at+jwt', { ...claims, aud: 'outra-api' }),
      await sign('at+jwt', { ...claims, iss: 'outro-emissor' }),
      await sign('JWT', claims),
      await sign('at+jwt', { ...claims, sid: undefined }),
    ]
    for (const token of refused) expect((await status(app, token)).statusCode).toBe(401)
  })
})

describe('POST /api/v1/auth/refresh/', () => {
  it('rotates: returns a new pair and the old refresh token is spent', async () => {
    const first = await signUpAndLogIn(app, 'rotate@example.com')
    const res = await refresh(app, first.refresh_token)
    expect(res.statusCode).toBe(200)
    const second = res.json<TokenPair>()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await status(app, second.access_token)).statusCode).toBe(200)
    const third = await refresh(app, second.refresh_token)
    expect(third.statusCode).toBe(200)
  })

  it('lets two tabs refresh with the same token inside the grace window', async () => {
    const first = await signUpAndLogIn(app, 'twotabs@example.com')
    const [a, b] = await Promise.all([
      refresh(app, first.refresh_token),
      refresh(app, first.refresh_token),
    ])
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    app.clock.advance(15)
    const late = await refresh(app, first.refresh_token)
    expect(late.statusCode).toBe(200)
    for (const r of [a, b, late]) {
      expect((await refresh(app, r.json<TokenPair>().refresh_token)).statusCode).toBe(200)
    }
  })

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const first = await signUpAndLogIn(app, 'reuse@example.com')
    const second = (await refresh(app, first.refresh_token)).json<TokenPair>()
    app.clock.advance(21)
    const replay = await refresh(app, first.refresh_token)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({
      detail: 'Sua sessão foi encerrada por segurança. Faça login novamente.',
      code: 'session_revoked',
    })
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(app, second.refresh_token)).statusCode).toBe(401)
    expect((await status(app, second.access_token)).statusCode).toBe(401)
    // Other sessions of the same user are untouched.
    const other = (await login(app, 'reuse@example.com')).json<TokenPair>()
    expect((await status(app, other.access_token)).statusCode).toBe(200)
  })

  it('refuses unknown, empty and missing tokens', async () => {
    const unknown = await refresh(app, 'desconhecido')
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json<{ code: string }>().code).toBe('session_expired')
    const empty = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      payload: {},
    })
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({
      detail: 'Sem refresh_token para renovar a sessão. (campo: refresh_token)',
      code: 'invalid_input',
    })
  })

  it('stops at the refresh token lifetime', async () => {
    const first = await signUpAndLogIn(app, 'idle@example.com')
    app.clock.advance(31 * 86_400)
    try {
      expect((await refresh(app, first.refresh_token)).statusCode).toBe(401)
    } finally {
      app.clock.advance(-31 * 86_400)
    }
  })
})

describe('POST /api/v1/auth/logout/', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const tokens = await signUpAndLogIn(app, 'logout@example.com')
    const other = (await login(app, 'logout@example.com')).json<TokenPair>()
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(tokens.access_token),
      payload: { refresh_token: tokens.refresh_token },
    })
    expect(res.statusCode).toBe(204)
    expect((await status(app, tokens.access_token)).statusCode).toBe(401)
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401)
    expect((await status(app, other.access_token)).statusCode).toBe(200)
  })

  it('works with the refresh token alone (expired access token)', async () => {
    const tokens = await signUpAndLogIn(app, 'logout2@example.com')
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      payload: { refresh_token: tokens.refresh_token },
    })
    expect(res.statusCode).toBe(204)
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401)
  })
})
