import { TokenPair } from '@areia/contracts/auth'
import { type ErrorCode, SessionExpiredError, apiErrorFrom } from './api-error'
import { isTokenExpired } from './jwt'
import { clearTokens, getAccessToken, getRefreshToken, saveTokens } from './session-storage'
import { emitSessionEvent } from './session-events'

export const NO_REFRESH_TOKEN_MESSAGE = 'Sem refresh_token para renovar a sessão.'

let inFlight: Promise<string> | null = null

/**
 * The refresh answers that mean this session is over. Anything else (a rate limit, the server
 * down, an answer with no code from a proxy) is not the user's doing: the tokens are kept.
 */
const SESSION_OVER: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'session_expired',
  'session_revoked',
  'invalid_token',
  'not_authenticated',
  'account_blocked',
  'invalid_input',
])

export const endsSession = (code: ErrorCode | null) => code !== null && SESSION_OVER.has(code)

/** Ends the local session: tokens gone, listeners (the auth provider) log the user out. */
export function endSession(reason: string): void {
  clearTokens()
  emitSessionEvent({ type: 'ended', reason })
}

/**
 * Tabs share the stored tokens, and a refresh token works once: the Web Locks API keeps two tabs
 * from spending the same one. Where it is missing the refresh simply runs unguarded.
 */
async function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return run()
  return locks.request('areia-session-refresh', run)
}

async function refreshOnce(): Promise<string> {
  const seen = getRefreshToken()
  return acrossTabs(async () => {
    // Another tab may have refreshed while this one waited for the lock: use its tokens.
    const access = getAccessToken()
    if (seen !== null && getRefreshToken() !== seen && access && !isTokenExpired(access)) {
      emitSessionEvent({ type: 'tokens', accessToken: access })
      return access
    }
    return refreshWithServer()
  })
}

async function refreshWithServer(): Promise<string> {
  const refreshToken = getRefreshToken()
  if (!refreshToken) {
    endSession(NO_REFRESH_TOKEN_MESSAGE)
    throw new SessionExpiredError(NO_REFRESH_TOKEN_MESSAGE)
  }
  // The refresh call bypasses the shared client, so a 401 here can never recurse.
  const response = await fetch('/api/v1/auth/refresh/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  if (!response.ok) {
    const error = await apiErrorFrom(response)
    // The server refused the token (revoked, reused, expired): that session is over.
    if (endsSession(error.code)) {
      endSession(error.message)
      throw new SessionExpiredError(error.message)
    }
    throw error
  }
  const pair = TokenPair.parse(await response.json())
  // The refresh token rotates: the old one is now spent, so the new pair must be kept.
  saveTokens(pair)
  emitSessionEvent({ type: 'tokens', accessToken: pair.access_token })
  return pair.access_token
}

/** One refresh at a time; every concurrent caller awaits the same promise. */
export function refreshSession(): Promise<string> {
  if (!inFlight) {
    emitSessionEvent({ type: 'refreshing', refreshing: true })
    inFlight = refreshOnce().finally(() => {
      inFlight = null
      emitSessionEvent({ type: 'refreshing', refreshing: false })
    })
  }
  return inFlight
}

/** A stored access token that is still good, or a freshly refreshed one. */
export async function ensureAccessToken(): Promise<string> {
  const token = getAccessToken()
  if (token && !isTokenExpired(token)) return token
  try {
    return await refreshSession()
  } catch (error) {
    // No connection (fetch rejects with a TypeError): the old token still lets the service worker
    // answer from what it kept; a reachable server refuses it and the refresh runs again.
    if (token && error instanceof TypeError) return token
    throw error
  }
}
