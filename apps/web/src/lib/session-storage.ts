import type { TokenPair } from '@areia/contracts/auth'
import { UserStatusResponse } from '@areia/contracts/users'

// Both tokens live in local storage, so a reload or a new tab keeps the session.
const ACCESS_KEY = 'areia.access_token'
const REFRESH_KEY = 'areia.refresh_token'
// The last user the server confirmed, so an app opened without a connection keeps its session.
const USER_KEY = 'areia.user'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    // Storage can be disabled (private mode, policies); the app then behaves as logged out.
    return null
  }
}

export const sessionStorageKeys = { access: ACCESS_KEY, refresh: REFRESH_KEY } as const

export function getAccessToken(): string | null {
  return read(ACCESS_KEY)
}

export function getRefreshToken(): string | null {
  return read(REFRESH_KEY)
}

/** Whether this browser holds a session to check; without one the visitor is simply logged out. */
export function hasStoredSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null
}

export function saveTokens(pair: Pick<TokenPair, 'access_token' | 'refresh_token'>): void {
  window.localStorage.setItem(ACCESS_KEY, pair.access_token)
  window.localStorage.setItem(REFRESH_KEY, pair.refresh_token)
}

export function saveUser(user: UserStatusResponse): void {
  try {
    window.localStorage.setItem(USER_KEY, JSON.stringify(user))
  } catch {
    // Without storage the app simply cannot start offline.
  }
}

/** The user kept by `saveUser`, or null when there is none or it no longer parses. */
export function getSavedUser(): UserStatusResponse | null {
  const text = read(USER_KEY)
  if (!text) return null
  try {
    const parsed = UserStatusResponse.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function clearTokens(): void {
  try {
    window.localStorage.removeItem(ACCESS_KEY)
    window.localStorage.removeItem(REFRESH_KEY)
    window.localStorage.removeItem(USER_KEY)
  } catch {
    // Nothing stored can be removed when storage is unavailable.
  }
}
