import type { TokenPair } from '@areia/contracts'
import type { CustomFetch } from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAtLocalProvider, startLocalOidcProvider } from '../src/dev/local-oidc-provider'
import { createTestApp, login, register, status, type TestApp } from './helpers/app'

const REDIRECT = 'http://localhost:5999/login'
let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>
let app: TestApp

beforeAll(async () => {
  provider = await startLocalOidcProvider({
    clientId: 'areia-teste',
    clientSecret: 'segredo-do-cliente',
    redirectUris: [REDIRECT],
    accounts: {
      'google-nova': { email: 'Nova@Example.com', email_verified: true, name: 'Nova Jogadora' },
      'google-existente': {
        email: 'existente@example.com',
        email_verified: true,
        name: 'Existente',
      },
      'google-apaga': { email: 'apaga@example.com', email_verified: true, name: 'Apaga' },
      'google-naoverificado': {
        email: 'naoverificado@example.com',
        email_verified: false,
        name: 'X',
      },
    },
  })
  app = await createTestApp({
    GOOGLE_CLIENT_ID: 'areia-teste',
    GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
    OIDC_ISSUER: provider.issuer,
    OIDC_REDIRECT_URIS: REDIRECT,
  })
})
afterAll(async () => {
  await app.close()
  await provider.close()
})

const start = (redirectUri = REDIRECT) =>
  app.server.inject({
    method: 'GET',
    url: `/api/v1/auth/google/start?redirect_uri=${encodeURIComponent(redirectUri)}`,
  })

const finish = (payload: Record<string, unknown>) =>
  app.server.inject({ method: 'POST', url: '/api/v1/auth/google/', payload })

/** The browser's part: start, sign in at the provider, come back with the callback query. */
async function callbackFor(account: string) {
  const { authorization_url } = (await start()).json<{ authorization_url: string }>()
  const cb = await signInAtLocalProvider(authorization_url, account)
  return {
    code: cb.searchParams.get('code')!,
    state: cb.searchParams.get('state')!,
    iss: cb.searchParams.get('iss') ?? undefined,
    redirect_uri: REDIRECT,
  }
}

const idOf = async (tokens: TokenPair) =>
  (await status(app, tokens.access_token)).json<{ id: string; email: string; name: string }>()

describe('Sign in with Google', () => {
  it('says whether it is configured', async () => {
    expect(
      (await app.server.inject({ method: 'GET', url: '/api/v1/auth/google/config' })).json(),
    ).toEqual({ enabled: true })
    const plain = await createTestApp({}, {}, { resetDatabase: false })
    try {
      expect(
        (await plain.server.inject({ method: 'GET', url: '/api/v1/auth/google/config' })).json(),
      ).toEqual({ enabled: false })
      const res = await plain.server.inject({
        method: 'GET',
        url: `/api/v1/auth/google/start?redirect_uri=${encodeURIComponent(REDIRECT)}`,
      })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        detail: 'O login com Google não está configurado neste servidor.',
        code: 'google_not_configured',
      })
    } finally {
      await plain.close()
    }
  })

  it('creates an account keyed on the Google subject, then signs the same player in again', async () => {
    const first = await finish(await callbackFor('google-nova'))
    expect(first.statusCode).toBe(200)
    const me = await idOf(first.json<TokenPair>())
    expect(me).toMatchObject({
      email: 'nova@example.com',
      name: 'Nova Jogadora',
      onboarding_status: 'NOT_STARTED',
    })
    const again = await finish(await callbackFor('google-nova'))
    expect((await idOf(again.json<TokenPair>())).id).toBe(me.id)
  })

  it('links an existing e-mail account when Google has verified the address', async () => {
    await register(app, 'existente@example.com', 'senha123')
    const byPassword = await idOf(
      (await login(app, 'existente@example.com', 'senha123')).json<TokenPair>(),
    )
    const byGoogle = await idOf(
      (await finish(await callbackFor('google-existente'))).json<TokenPair>(),
    )
    expect(byGoogle.id).toBe(byPassword.id)
    expect((await login(app, 'existente@example.com', 'senha123')).statusCode).toBe(200)
  })

  it('refuses an e-mail Google has not verified, creating nothing', async () => {
    const res = await finish(await callbackFor('google-naoverificado'))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      detail: 'O e-mail da sua conta Google não está verificado.',
      code: 'google_email_unverified',
    })
    expect((await login(app, 'naoverificado@example.com', 'qualquer')).statusCode).toBe(401)
  })

  it('refuses a wrong state and a replayed callback', async () => {
    const cb = await callbackFor('google-nova')
    const wrong = await finish({ ...cb, state: 'outro-state' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      detail: 'Sessão de login com Google inválida ou expirada. Tente novamente.',
      code: 'google_state_invalid',
    })
    expect((await finish(cb)).statusCode).toBe(200)
    expect((await finish(cb)).statusCode).toBe(400)
  })

  it('refuses a callback whose issuer was tampered with', async () => {
    const cb = await callbackFor('google-nova')
    const res = await finish({ ...cb, iss: 'https://accounts.google.com' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({
      detail: 'Não foi possível validar o login com o Google. Tente novamente.',
      code: 'google_exchange_failed',
    })
  })

  it('refuses an id_token whose claims were altered after signing', async () => {
    // The same provider, but every token answer has its id_token payload rewritten in transit.
    const tampering: CustomFetch = async (url, options) => {
      const res = await fetch(url, options)
      if (!url.endsWith('/token')) return res
      const body = (await res.json()) as { id_token: string }
      const [h, p, sig] = body.id_token.split('.') as [string, string, string]
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>
      const forged = Buffer.from(
        JSON.stringify({ ...claims, email: 'vitima@example.com' }),
      ).toString('base64url')
      return new Response(JSON.stringify({ ...body, id_token: `${h}.${forged}.${sig}` }), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      })
    }
    const victimised = await createTestApp(
      {
        GOOGLE_CLIENT_ID: 'areia-teste',
        GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
        OIDC_ISSUER: provider.issuer,
        OIDC_REDIRECT_URIS: REDIRECT,
      },
      { oidcFetch: tampering },
      { resetDatabase: false },
    )
    try {
      const started = await victimised.server.inject({
        method: 'GET',
        url: `/api/v1/auth/google/start?redirect_uri=${encodeURIComponent(REDIRECT)}`,
      })
      const cb = await signInAtLocalProvider(
        started.json<{ authorization_url: string }>().authorization_url,
        'google-nova',
      )
      const res = await victimised.server.inject({
        method: 'POST',
        url: '/api/v1/auth/google/',
        payload: {
          code: cb.searchParams.get('code'),
          state: cb.searchParams.get('state'),
          iss: cb.searchParams.get('iss'),
          redirect_uri: REDIRECT,
        },
      })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        detail: 'Não foi possível validar o login com o Google. Tente novamente.',
        code: 'google_exchange_failed',
      })
    } finally {
      await victimised.close()
    }
  })

  it('only sends players back to allowed addresses', async () => {
    expect((await start('https://malicioso.example/login')).statusCode).toBe(422)
    const cb = await callbackFor('google-nova')
    const res = await finish({ ...cb, redirect_uri: 'https://malicioso.example/login' })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      detail: 'Endereço de retorno do login com Google não permitido.',
      code: 'redirect_not_allowed',
    })
  })
})

describe('deleting an account that only signs in with Google', () => {
  const remove = (tokens: TokenPair, confirmation = 'excluir minha conta') =>
    app.server.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { confirmation },
    })

  it('needs a Google sign-in of the last minutes instead of a password', async () => {
    const first = (await finish(await callbackFor('google-apaga'))).json<TokenPair>()
    expect((await status(app, first.access_token)).json()).toMatchObject({ has_password: false })
    app.clock.advance(11 * 60)
    // The session is still good for everything else, but too old to stand in for the password.
    expect((await status(app, first.access_token)).statusCode).toBe(200)
    const stale = await remove(first)
    expect(stale.statusCode).toBe(403)
    expect(stale.json()).toEqual({
      detail:
        'Por segurança, entre de novo com o Google para confirmar que é você e então exclua a conta.',
      code: 'reauthentication_required',
    })
    const fresh = (await finish(await callbackFor('google-apaga'))).json<TokenPair>()
    expect((await remove(fresh, 'excluir')).statusCode).toBe(422)
    expect((await remove(fresh)).statusCode).toBe(204)
    expect((await status(app, fresh.access_token)).statusCode).toBe(401)
  })
})
