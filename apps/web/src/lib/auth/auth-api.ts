import { LoginChallengeRequired, TokenPair } from '@areia/contracts/auth'
import { GoogleStartResponse } from '@areia/contracts/google'
import { UserStatusResponse } from '@areia/contracts/users'
import { apiRequest, apiSendOnce } from '../api-client'
import { ApiError } from '../api-error'
import { solveChallenge } from '../proof-of-work'
import { ensureAccessToken } from '../session'

const sendLogin = (form: Record<string, string>) =>
  apiRequest('/api/v1/auth/login/', {
    method: 'POST',
    auth: false,
    body: { form },
    schema: TokenPair,
  })

/**
 * After many failed attempts on an account the server asks for a proof of work instead of
 * refusing: the browser solves it (about a second) and sends the login again, once.
 */
export async function requestLogin(email: string, password: string) {
  try {
    return await sendLogin({ username: email, password })
  } catch (error) {
    const asked =
      error instanceof ApiError && error.code === 'login_challenge'
        ? LoginChallengeRequired.safeParse(error.body)
        : null
    if (!asked?.success) throw error
    const { challenge, difficulty } = asked.data.challenge
    const nonce = await solveChallenge(challenge, difficulty)
    return sendLogin({ username: email, password, challenge, nonce })
  }
}

/** What Google (or the provider standing in for it) put on the `/login` callback. */
export interface GoogleCallback {
  code: string
  state: string
  iss: string | null
}

export function requestGoogleLogin(callback: GoogleCallback, redirectUri: string) {
  return apiRequest('/api/v1/auth/google/', {
    method: 'POST',
    auth: false,
    body: {
      json: {
        code: callback.code,
        state: callback.state,
        redirect_uri: redirectUri,
        ...(callback.iss ? { iss: callback.iss } : {}),
      },
    },
    schema: TokenPair,
  })
}

/** The provider's sign-in URL; the server keeps the state, nonce and PKCE verifier. */
export function requestGoogleStart(redirectUri: string) {
  return apiRequest(`/api/v1/auth/google/start?redirect_uri=${encodeURIComponent(redirectUri)}`, {
    auth: false,
    schema: GoogleStartResponse,
  })
}

export function fetchUserStatus() {
  return apiRequest('/api/v1/auth/me/status', { schema: UserStatusResponse })
}

/** Key of the start-up session check, started at boot (lib/early-requests). */
export const EARLY_SESSION = 'session'

/** The stored session, checked: a valid access token (refreshed when needed), then its user. */
export async function resumeSession() {
  const token = await ensureAccessToken()
  const user = await fetchUserStatus()
  return { token, user }
}

/** Best effort: revokes the session server side; the local logout happens whatever it answers. */
export async function requestLogout(accessToken: string | null, refreshToken: string | null) {
  try {
    await apiSendOnce('/api/v1/auth/logout/', {
      method: 'POST',
      token: accessToken,
      json: refreshToken ? { refresh_token: refreshToken } : {},
    })
  } catch {
    // Offline: the refresh token expires on its own; the local session is cleared regardless.
  }
}
