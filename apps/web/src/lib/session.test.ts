import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, jwtExpiringIn, mockServer } from '../test/helpers'
import { SessionExpiredError } from './api-error'
import { ensureAccessToken, NO_REFRESH_TOKEN_MESSAGE, refreshSession } from './session'
import { onSessionEvent, type SessionEvent } from './session-events'
import { getAccessToken, getRefreshToken, saveTokens } from './session-storage'

let events: SessionEvent[] = []
let stop: () => void

beforeEach(() => {
  events = []
  stop = onSessionEvent((e) => events.push(e))
})
afterEach(() => stop())

function pair(access: string, refresh: string) {
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: 900 }
}

describe('refreshSession', () => {
  it('runs one refresh for concurrent callers and stores the rotated pair', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    const fresh = jwtExpiringIn(900)
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const server = mockServer({
      'POST /api/v1/auth/refresh/': async (request) => {
        expect(await request.json()).toEqual({ refresh_token: 'r1' })
        await gate
        return jsonResponse(pair(fresh, 'r2'))
      },
    })

    const callers = [refreshSession(), refreshSession(), ensureAccessToken()]
    release()
    await expect(Promise.all(callers)).resolves.toEqual([fresh, fresh, fresh])
    expect(server.count('POST /api/v1/auth/refresh/')).toBe(1)
    expect(getAccessToken()).toBe(fresh)
    expect(getRefreshToken()).toBe('r2')
    expect(events).toContainEqual({ type: 'tokens', accessToken: fresh })
  })

  it('starts a new refresh once the previous one has settled', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    let n = 0
    const server = mockServer({
      'POST /api/v1/auth/refresh/': () => {
        n += 1
        return jsonResponse(pair(jwtExpiringIn(900), `r${n + 1}`))
      },
    })
    await refreshSession()
    await refreshSession()
    expect(server.count('POST /api/v1/auth/refresh/')).toBe(2)
    expect(getRefreshToken()).toBe('r3')
  })

  it('ends the session when the server refuses the refresh token', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'reused' })
    mockServer({
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Sessão expirada.', code: 'session_revoked' }, 401),
    })
    await expect(refreshSession()).rejects.toBeInstanceOf(SessionExpiredError)
    expect(getAccessToken()).toBeNull()
    expect(getRefreshToken()).toBeNull()
    expect(events).toContainEqual({ type: 'ended', reason: 'Sessão expirada.' })
  })

  it('keeps the tokens when the server fails for its own reasons (5xx)', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Erro.', code: 'unavailable' }, 503),
    })
    await expect(refreshSession()).rejects.toThrow('Erro.')
    expect(getRefreshToken()).toBe('r1')
    expect(events.some((e) => e.type === 'ended')).toBe(false)
  })

  // The decision is the code's: the sentences below are not the server's, and change nothing.
  it.each([
    ['session_expired', 401],
    ['session_revoked', 401],
    ['invalid_token', 401],
    ['account_blocked', 403],
  ] as const)(
    'logs out on a refresh refused with %s, whatever its wording',
    async (code, status) => {
      saveTokens({ access_token: 'old', refresh_token: 'r1' })
      mockServer({
        'POST /api/v1/auth/refresh/': () =>
          jsonResponse({ detail: 'Frase reescrita.', code }, status),
      })
      await expect(refreshSession()).rejects.toBeInstanceOf(SessionExpiredError)
      expect(getRefreshToken()).toBeNull()
      expect(events).toContainEqual({ type: 'ended', reason: 'Frase reescrita.' })
    },
  )

  it.each([
    ['rate_limited', 429],
    ['unavailable', 503],
    ['internal', 500],
  ] as const)('keeps the session on a refresh refused with %s', async (code, status) => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Sua sessão expirou. Faça login novamente.', code }, status),
    })
    await expect(refreshSession()).rejects.not.toBeInstanceOf(SessionExpiredError)
    expect(getRefreshToken()).toBe('r1')
    expect(events.some((e) => e.type === 'ended')).toBe(false)
  })

  it('keeps the session when an answer without a code comes back (a proxy page)', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () => new Response('<html>Bad Gateway</html>', { status: 404 }),
    })
    await expect(refreshSession()).rejects.not.toBeInstanceOf(SessionExpiredError)
    expect(getRefreshToken()).toBe('r1')
  })

  it('says there is no refresh token, without calling the server', async () => {
    const server = mockServer({})
    await expect(refreshSession()).rejects.toThrow(NO_REFRESH_TOKEN_MESSAGE)
    expect(server.calls).toHaveLength(0)
    expect(events).toContainEqual({ type: 'ended', reason: NO_REFRESH_TOKEN_MESSAGE })
  })
})

describe('ensureAccessToken', () => {
  it('returns a stored token that is outside the expiry margin without refreshing', async () => {
    const valid = jwtExpiringIn(60)
    saveTokens({ access_token: valid, refresh_token: 'r1' })
    const server = mockServer({})
    await expect(ensureAccessToken()).resolves.toBe(valid)
    expect(server.calls).toHaveLength(0)
  })

  it('refreshes a token inside the 10 s margin', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    saveTokens({ access_token: jwtExpiringIn(9), refresh_token: 'r1' })
    const fresh = jwtExpiringIn(900)
    mockServer({ 'POST /api/v1/auth/refresh/': () => jsonResponse(pair(fresh, 'r2')) })
    await expect(ensureAccessToken()).resolves.toBe(fresh)
    vi.useRealTimers()
  })
})

describe('refreshSession across tabs', () => {
  it('uses the tokens another tab stored while this one waited for the lock', async () => {
    saveTokens({ access_token: 'old', refresh_token: 'r1' })
    const otherTabs = jwtExpiringIn(900)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const queue: Promise<unknown>[] = []
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, run: () => Promise<unknown>) => {
          // The lock is busy (another tab refreshing) until `release`.
          const turn = Promise.all(queue)
            .then(() => held)
            .then(run)
          queue.push(turn)
          return turn
        },
      },
    })
    const server = mockServer({})
    const pending = refreshSession()
    saveTokens({ access_token: otherTabs, refresh_token: 'r2' })
    release()
    await expect(pending).resolves.toBe(otherTabs)
    expect(server.calls).toHaveLength(0)
  })
})

describe('ensureAccessToken without a connection', () => {
  // The across-tabs test replaces navigator.locks with a queue that keeps every turn it ran.
  beforeEach(() => {
    vi.unstubAllGlobals()
  })

  it('hands back the expired token so a saved answer can still be read; the session stays', async () => {
    const stale = jwtExpiringIn(-60)
    saveTokens({ access_token: stale, refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(ensureAccessToken()).resolves.toBe(stale)
    expect(getRefreshToken()).toBe('r1')
    expect(events.some((e) => e.type === 'ended')).toBe(false)
  })

  it('still ends the session when the server refuses the refresh', async () => {
    saveTokens({ access_token: jwtExpiringIn(-60), refresh_token: 'r1' })
    mockServer({
      'POST /api/v1/auth/refresh/': () =>
        jsonResponse({ detail: 'Sessão expirada.', code: 'session_expired' }, 401),
    })
    await expect(ensureAccessToken()).rejects.toBeInstanceOf(SessionExpiredError)
    expect(getRefreshToken()).toBeNull()
  })
})
