import type { GoogleCallback } from './auth-api'
import { createContext, useContext } from 'react'
import type { UserStatusResponse } from '@areia/contracts/users'

export type User = UserStatusResponse

export type AuthState = {
  token: string | null
  user: User | null
  isAuthenticated: boolean
  /** True from start-up until the stored session has been checked. */
  loading: boolean
  refreshing: boolean
}

export type LoginResult = { success: true; user: User }

export type AuthContextValue = AuthState & {
  login: (email: string, password: string) => Promise<LoginResult>
  loginWithGoogle: (callback: GoogleCallback, redirectUri: string) => Promise<LoginResult>
  /** `remote: false` skips the server call, for when the session is already gone there. */
  logout: (options?: { remote?: boolean }) => Promise<void>
  reloadUser: () => Promise<User | null>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}

/** A failure whose message is already the pt-BR text to show. */
export class AuthFlowError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AuthFlowError'
  }
}
