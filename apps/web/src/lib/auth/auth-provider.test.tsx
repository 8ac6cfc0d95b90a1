import { useEffect } from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import {
  getAccessToken,
  getRefreshToken,
  getSavedUser,
  saveTokens,
  saveUser,
} from '../session-storage'
import { loadStoredUploads, saveStoredUpload } from '../video-uploads-storage'
import { useAuth, type AuthContextValue } from './auth-context'
import { AuthProvider } from './auth-provider'

const probe: { auth?: AuthContextValue } = {}

function Probe() {
  const auth = useAuth()
  useEffect(() => {
    probe.auth = auth
  })
  if (auth.loading) return <p>carregando</p>
  return <p>{auth.isAuthenticated ? `logado: ${auth.user?.email}` : 'deslogado'}</p>
}

function renderAuth() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  )
}

/** An upload a reload interrupted, kept to be resumed: a logout must not leave it behind. */
const storeUpload = () =>
  saveStoredUpload('u1', {
    videoId: 3,
    uploadUrl: '/api/v1/videos/uploads/3?expires=9999999999&signature=s',
    fileName: 'jogo.mp4',
    size: 10,
    lastModified: 1,
    contentType: 'video/mp4',
  })

const tokens = (access: string, refresh: string) =>
  jsonResponse({
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: 900,
  })

describe('AuthProvider start-up', () => {
  it('with a valid token, loads the user', async () => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({ 'GET /api/v1/auth/me/status': () => jsonResponse(makeUser()) })
    renderAuth()
    expect(screen.getByText('carregando')).toBeInTheDocument()
    await screen.findByText('logado: jogadora@areia.test')
  })

  it('with an expired token, refreshes first, then loads the user', async () => {
    saveTokens({ access_token: jwtExpiringIn(-5), refresh_token: 'r1' })
    const fresh = jwtExpiringIn(900)
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => tokens(fresh, 'r2'),
      'GET /api/v1/auth/me/status': (request) => {
        expect(request.headers.get('Authorization')).toBe(`Bearer ${fresh}`)
        return jsonResponse(makeUser())
      },
    })
    renderAuth()
    await screen.findByText('logado: jogadora@areia.test')
    expect(server.count('POST /api/v1/auth/refresh/')).toBe(1)
    expect(probe.auth?.token).toBe(fresh)
  })

  it('logs out when the refresh fails', async () => {
    saveTokens({ access_token: jwtExpiringIn(-5), refresh_token: 'revogado' })
    mockServer({
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Sessão inválida.', code: 'session_revoked' }, 401),
    })
    renderAuth()
    await screen.findByText('deslogado')
    expect(getRefreshToken()).toBeNull()
  })

  it('logs out when the user status cannot be fetched', async () => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({
      'GET /api/v1/auth/me/status': () =>
        jsonResponse({ detail: 'Erro interno.', code: 'internal' }, 500),
    })
    renderAuth()
    await screen.findByText('deslogado')
    expect(getAccessToken()).toBeNull()
  })

  it('without a connection, keeps the last confirmed user and checks again once back online', async () => {
    const stale = jwtExpiringIn(-60)
    saveTokens({ access_token: stale, refresh_token: 'r1' })
    saveUser(makeUser())
    let online = false
    const offline = () => Promise.reject(new TypeError('Failed to fetch'))
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => (online ? tokens(jwtExpiringIn(600), 'r2') : offline()),
      'GET /api/v1/auth/me/status': () => (online ? jsonResponse(makeUser()) : offline()),
    })
    renderAuth()
    await screen.findByText('logado: jogadora@areia.test')
    expect(getRefreshToken()).toBe('r1')
    expect(probe.auth?.token).toBe(stale)

    online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(getRefreshToken()).toBe('r2'))
    expect(server.count('GET /api/v1/auth/me/status')).toBe(2)
    expect(screen.getByText('logado: jogadora@areia.test')).toBeInTheDocument()
  })

  it('without a connection and no user confirmed on this device, logs out as before', async () => {
    saveTokens({ access_token: jwtExpiringIn(-60), refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    renderAuth()
    await screen.findByText('deslogado')
    expect(getRefreshToken()).toBeNull()
    expect(getSavedUser()).toBeNull()
  })

  it('is not loading at all for a visitor, and makes no call', () => {
    const server = mockServer({})
    renderAuth()
    // The first render already shows the logged-out state: it is what the build prerenders.
    expect(screen.getByText('deslogado')).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })
})

describe('AuthProvider actions', () => {
  it('logs in, stores both tokens, and logs out revoking the session', async () => {
    const access = jwtExpiringIn(900)
    const server = mockServer({
      'POST /api/v1/auth/login/': () => tokens(access, 'r1'),
      'GET /api/v1/auth/me/status': () => jsonResponse(makeUser()),
      'POST /api/v1/auth/logout/': async (request) => {
        expect(request.headers.get('Authorization')).toBe(`Bearer ${access}`)
        expect(await request.json()).toEqual({ refresh_token: 'r1' })
        return new Response(null, { status: 204 })
      },
    })
    renderAuth()
    await screen.findByText('deslogado')
    let result: Awaited<ReturnType<AuthContextValue['login']>> | undefined
    await act(async () => {
      result = await probe.auth?.login('jogadora@areia.test', 'segredo')
    })
    expect(result).toMatchObject({ success: true, user: { email: 'jogadora@areia.test' } })
    expect(getAccessToken()).toBe(access)
    expect(getRefreshToken()).toBe('r1')
    await screen.findByText('logado: jogadora@areia.test')
    storeUpload()

    await act(async () => {
      await probe.auth?.logout()
    })
    await screen.findByText('deslogado')
    expect(getRefreshToken()).toBeNull()
    expect(loadStoredUploads('u1')).toEqual([])
    expect(server.count('POST /api/v1/auth/logout/')).toBe(1)
  })

  it('says "Email ou senha inválidos." on a login refused for its credentials, whatever the wording', async () => {
    mockServer({
      'POST /api/v1/auth/login/': () =>
        jsonResponse({ detail: 'Credenciais recusadas.', code: 'invalid_credentials' }, 401),
    })
    renderAuth()
    await screen.findByText('deslogado')
    await expect(probe.auth?.login('a@b.c', 'x')).rejects.toThrow('Email ou senha inválidos.')
  })

  it("shows the server's detail on other login refusals (a blocked account)", async () => {
    mockServer({
      'POST /api/v1/auth/login/': () =>
        jsonResponse({ detail: 'Esta conta está bloqueada.', code: 'account_blocked' }, 403),
    })
    renderAuth()
    await screen.findByText('deslogado')
    await expect(probe.auth?.login('a@b.c', 'x')).rejects.toMatchObject({
      code: 'account_blocked',
      detail: 'Esta conta está bloqueada.',
    })
  })

  it('logs out when a later request cannot refresh the session', async () => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    let statusCalls = 0
    mockServer({
      'GET /api/v1/auth/me/status': () => {
        statusCalls += 1
        return statusCalls === 1
          ? jsonResponse(makeUser())
          : jsonResponse({ detail: 'Token inválido.', code: 'invalid_token' }, 401)
      },
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Sessão encerrada.', code: 'session_revoked' }, 401),
    })
    renderAuth()
    await screen.findByText('logado: jogadora@areia.test')
    storeUpload()
    await act(async () => {
      await probe.auth?.reloadUser()
    })
    await waitFor(() => expect(screen.getByText('deslogado')).toBeInTheDocument())
    expect(loadStoredUploads('u1')).toEqual([])
  })
})
