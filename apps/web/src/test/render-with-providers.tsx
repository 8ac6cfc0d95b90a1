import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { AuthContext, type AuthContextValue } from '../lib/auth/auth-context'
import { AlertProvider } from '../ui/alert-dialog'
import { ToastProvider } from '../ui/toast'
import { makeUser } from './helpers'

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = makeUser()
  return {
    token: 't',
    user,
    isAuthenticated: true,
    loading: false,
    refreshing: false,
    login: () => Promise.resolve({ success: true, user }),
    loginWithGoogle: () => Promise.resolve({ success: true, user }),
    logout: () => Promise.resolve(),
    reloadUser: () => Promise.resolve(user),
    ...overrides,
  }
}

/** Renders routes under the app's providers, with a hand-made auth state. */
export function renderRoutes(routes: RouteObject[], path: string, auth = fakeAuth()) {
  const router = createMemoryRouter(
    [...routes, { path: '*', element: (<p>rota: fora</p>) as ReactNode }],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <AlertProvider>
          <AuthContext.Provider value={auth}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
        </AlertProvider>
      </ToastProvider>
    </QueryClientProvider>,
  )
  return router
}
