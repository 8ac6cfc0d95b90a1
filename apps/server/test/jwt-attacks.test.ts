import { generateKeyPairSync } from 'node:crypto'
import type { TokenPair } from '@areia/contracts'
import { decodeJwt, exportJWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { expectPtBrError } from './helpers/routes'
import { TestSocket } from './helpers/socket'

/** Known to the test only so it can forge tokens that are right in every way but one. */
const SECRET = 'segredo-de-teste-para-tokens-de-acesso-0123456789abcdef'
const key = new TextEncoder().encode(SECRET)

let app: TestApp
let tokens: TokenPair
let claims: { sub: string; sid: string; role: string }

beforeAll(async () => {
  app = await createTestApp({ JWT_SECRET: SECRET })
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  tokens = await signUpAndLogIn(app, 'alvo-jwt@areia.test')
  const payload = decodeJwt(tokens.access_token)
  claims = { sub: String(payload.sub), sid: String(payload.sid), role: String(payload.role) }
})
afterAll(() => app.close())

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const now = () => Math.floor(app.clock.now().getTime() / 1000)

/** The app's own token shape; each attack changes one thing. */
function forge(
  overrides: {
    header?: Record<string, unknown>
    iss?: string
    aud?: string
    exp?: number
    nbf?: number
    sub?: string
    sid?: string
    role?: string
  } = {},
  signingKey: Parameters<SignJWT['sign']>[0] = key,
) {
  const iat = now()
  const jwt = new SignJWT({ sid: overrides.sid ?? claims.sid, role: overrides.role ?? claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...overrides.header })
    .setSubject(overrides.sub ?? claims.sub)
    .setIssuer(overrides.iss ?? 'areia')
    .setAudience(overrides.aud ?? 'areia-api')
    .setIssuedAt(iat)
    .setExpirationTime(overrides.exp ?? iat + 600)
  if (overrides.nbf !== undefined) jwt.setNotBefore(overrides.nbf)
  return jwt.sign(signingKey)
}

const status = (authorization: string | undefined) =>
  app.server.inject({
    method: 'GET',
    url: '/api/v1/auth/me/status',
    headers: authorization === undefined ? {} : { authorization },
  })

describe('JWT attacks on an authenticated route', () => {
  it('the forger makes tokens the server accepts (so each refusal below is about one change)', async () => {
    expect((await status(`Bearer ${await forge()}`)).statusCode).toBe(200)
    expect((await status(bearer(tokens.access_token).authorization)).statusCode).toBe(200)
  })

  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()

  const attacks: [string, () => Promise<string>][] = [
    [
      'alg: none, no signature',
      async () =>
        `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({
          sub: claims.sub,
          sid: claims.sid,
          role: 'ADMIN',
          iss: 'areia',
          aud: 'areia-api',
          iat: now(),
          exp: now() + 600,
        })}.`,
    ],
    ['wrong audience', () => forge({ aud: 'outra-api' })],
    ['wrong issuer', () => forge({ iss: 'https://accounts.google.com' })],
    ['wrong typ (an ID token)', () => forge({ header: { typ: 'JWT' } })],
    ['expired', () => forge({ exp: now() - 1 })],
    ['not valid yet', () => forge({ nbf: now() + 3600 })],
    ['signed with another key', () => forge({}, new TextEncoder().encode(`${SECRET}-outra`))],
    [
      'HS256 with the RSA public key as the secret',
      () => forge({}, new TextEncoder().encode(publicPem)),
    ],
    ['RS256 with an attacker key', () => forge({ header: { alg: 'RS256' } }, rsa.privateKey)],
    [
      'attacker key embedded in the header (jwk)',
      async () =>
        forge({ header: { alg: 'RS256', jwk: await exportJWK(rsa.publicKey) } }, rsa.privateKey),
    ],
    ['HS512 with the right key', () => forge({ header: { alg: 'HS512' } })],
    [
      'another user id in a real session',
      () => forge({ sub: '6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10' }),
    ],
    ['a session that never existed', () => forge({ sid: '6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10' })],
    [
      'signature of another token',
      async () => {
        const [h, p] = (await forge({ role: 'ADMIN' })).split('.')
        return `${h}.${p}.${tokens.access_token.split('.')[2]}`
      },
    ],
    ['garbage', async () => 'nao.e.um.jwt'],
    ['three empty parts', async () => '..'],
    ['a huge token', async () => 'a'.repeat(8_000)],
  ]

  it.each(attacks)('refuses %s with 401 in pt-BR', async (name, make) => {
    const res = await status(`Bearer ${await make()}`)
    expect(res.statusCode, name).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
    expectPtBrError(res, name)
  })

  const socketUrl = (token: string) => {
    const { port } = app.server.server.address() as { port: number }
    return `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${encodeURIComponent(token)}`
  }

  it('the chat socket opens with a forged-but-right token (control)', async () => {
    const socket = await TestSocket.open(socketUrl(await forge()))
    await socket.close()
  })

  it.each(attacks)('the chat socket refuses %s at the handshake', async (name, make) => {
    // Over the token's length limit the query fails validation (422) before any check.
    const status = name === 'a huge token' ? 422 : 401
    await expect(TestSocket.open(socketUrl(await make()))).rejects.toMatchObject({ status })
  })

  it.each([
    ['no header', undefined],
    ['an empty Bearer', 'Bearer '],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['two tokens', 'Bearer a b'],
  ])('refuses %s with 401 in pt-BR', async (name, authorization) => {
    const res = await status(authorization)
    expect(res.statusCode, name).toBe(401)
    expect(res.json()).toEqual({ detail: 'Não autenticado.', code: 'not_authenticated' })
  })

  it("the role comes from the session, not the token: a player's token claiming ADMIN gets 403", async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: { authorization: `Bearer ${await forge({ role: 'ADMIN' })}` },
    })
    expect(res.statusCode).toBe(403)
    expectPtBrError(res, 'papel forjado')
  })

  it('a real token stops working when its session ends', async () => {
    const token = await forge()
    const out = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(tokens.access_token),
      payload: { refresh_token: tokens.refresh_token },
    })
    expect(out.statusCode).toBeLessThan(300)
    const res = await status(`Bearer ${token}`)
    expect(res.statusCode).toBe(401)
    expectPtBrError(res, 'sessão encerrada')
  })
})
