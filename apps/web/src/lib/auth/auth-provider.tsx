import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, errorCode } from '../api-error'
import { dropEarly, takeEarly } from '../early-requests'
import { onSessionEvent } from '../session-events'
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  getSavedUser,
  hasStoredSession,
  saveTokens,
  saveUser,
} from '../session-storage'
import { forgetVideoUploads } from '../video-uploads'
import { forgetSavedReports } from '../saved-reports'
import { forgetChatDevice } from '../chat-device-store'
import {
  EARLY_SESSION,
  fetchUserStatus,
  requestGoogleLogin,
  requestLogin,
  requestLogout,
  resumeSession,
} from './auth-api'
import {
  AuthContext,
  AuthFlowError,
  type AuthContextValue,
  type AuthState,
  type LoginResult,
  type User,
} from './auth-context'

export const LOGIN_FAILED_MESSAGE = 'Email ou senha inválidos.'
export const NO_USER_AFTER_LOGIN_MESSAGE =
  'Não foi possível obter os dados do usuário após o login.'
export const GOOGLE_LOGIN_FAILED_MESSAGE = 'Falha no login com Google.'

const loggedOut: Omit<AuthState, 'loading' | 'refreshing'> = {
  token: null,
  user: null,
  isAuthenticated: false,
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  // With nothing stored there is no session to check: a visitor sees the login form at once (the
  // build prerenders it that way), without a verifying spinner first.
  const [state, setState] = useState<AuthState>(() => ({
    ...loggedOut,
    loading: hasStoredSession(),
    refreshing: false,
  }))

  const clearLocal = useCallback(() => {
    clearTokens()
    // Upload sessions are per user and resumable after a reload: none survive a logout.
    forgetVideoUploads()
    forgetSavedReports()
    void forgetChatDevice()
    queryClient.clear()
    setState((s) => ({ ...s, ...loggedOut }))
  }, [queryClient])

  const logout = useCallback<AuthContextValue['logout']>(
    async ({ remote = true } = {}) => {
      const access = getAccessToken()
      const refresh = getRefreshToken()
      clearLocal()
      if (remote && (access || refresh)) await requestLogout(access, refresh)
    },
    [clearLocal],
  )

  // A failed refresh anywhere (the API client) logs the user out here.
  useEffect(
    () =>
      onSessionEvent((event) => {
        switch (event.type) {
          case 'ended':
            forgetVideoUploads()
            forgetSavedReports()
            void forgetChatDevice()
            dropEarly()
            queryClient.clear()
            setState((s) => ({ ...s, ...loggedOut }))
            break
          case 'tokens':
            setState((s) => ({ ...s, token: event.accessToken }))
            break
          case 'refreshing':
            setState((s) => ({ ...s, refreshing: event.refreshing }))
            break
        }
      }),
    [queryClient],
  )

  // The user the server last confirmed is kept, so the app can open again without a connection.
  useEffect(() => {
    if (state.isAuthenticated && state.user) saveUser(state.user)
  }, [state.isAuthenticated, state.user])

  // Start-up: a valid token (refreshed if missing or expired), then the user; loading always ends.
  useEffect(() => {
    if (!hasStoredSession()) return
    let cancelled = false
    const start = async (early: boolean) => {
      try {
        // Usually already on its way: main.tsx starts it before React renders.
        const { token, user } = early
          ? await takeEarly(EARLY_SESSION, resumeSession)
          : await resumeSession()
        if (!cancelled)
          setState({ token, user, isAuthenticated: true, loading: false, refreshing: false })
      } catch (error) {
        if (cancelled) return
        const saved = getSavedUser()
        if (error instanceof TypeError && saved && getRefreshToken()) {
          // No connection, not a refused session: the player keeps what the device holds (saved
          // reports, the screens) and the session is checked again when the connection returns.
          setState({
            token: getAccessToken(),
            user: saved,
            isAuthenticated: true,
            loading: false,
            refreshing: false,
          })
          window.addEventListener('online', () => void start(false), { once: true })
          return
        }
        // No stored session is the normal case of a visitor; any other failure also logs out.
        if (getRefreshToken()) clearTokens()
        setState((s) => ({ ...s, ...loggedOut, loading: false }))
      }
    }
    void start(true)
    return () => {
      cancelled = true
    }
  }, [])

  const completeLogin = useCallback(
    async (tokens: { access_token: string; refresh_token: string }): Promise<LoginResult> => {
      saveTokens(tokens)
      let user: User
      try {
        user = await fetchUserStatus()
      } catch {
        await logout()
        throw new AuthFlowError(NO_USER_AFTER_LOGIN_MESSAGE)
      }
      dropEarly()
      queryClient.clear()
      setState((s) => ({ ...s, token: tokens.access_token, user, isAuthenticated: true }))
      return { success: true, user }
    },
    [logout, queryClient],
  )

  const login = useCallback<AuthContextValue['login']>(
    async (email, password) => {
      let tokens
      try {
        tokens = await requestLogin(email, password)
      } catch (error) {
        if (errorCode(error) === 'invalid_credentials')
          throw new AuthFlowError(LOGIN_FAILED_MESSAGE)
        throw error
      }
      return completeLogin(tokens)
    },
    [completeLogin],
  )

  const loginWithGoogle = useCallback<AuthContextValue['loginWithGoogle']>(
    async (callback, redirectUri) => {
      try {
        return await completeLogin(await requestGoogleLogin(callback, redirectUri))
      } catch (error) {
        await logout({ remote: false })
        if (error instanceof AuthFlowError) throw error
        const detail = error instanceof ApiError ? error.detail : null
        throw new AuthFlowError(detail ?? GOOGLE_LOGIN_FAILED_MESSAGE)
      }
    },
    [completeLogin, logout],
  )

  const reloadUser = useCallback<AuthContextValue['reloadUser']>(async () => {
    try {
      const user = await fetchUserStatus()
      setState((s) => ({ ...s, user, isAuthenticated: true }))
      return user
    } catch {
      await logout()
      return null
    }
  }, [logout])

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, loginWithGoogle, logout, reloadUser }),
    [state, login, loginWithGoogle, logout, reloadUser],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
