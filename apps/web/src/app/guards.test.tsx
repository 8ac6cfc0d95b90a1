import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../test/helpers'
import { fakeAuth, renderRoutes } from '../test/render-with-providers'
import { OnboardingGuard, RequireAuth } from './guards'

const routes = [
  { path: '/login', element: <p>tela de login</p> },
  { path: '/analista', element: <p>fila de análises</p> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <OnboardingGuard />,
        children: [
          { path: '/', element: <p>onboarding</p> },
          { path: '/chat', element: <p>chat</p> },
          { path: '/password', element: <p>senha</p> },
        ],
      },
    ],
  },
]

describe('guards', () => {
  it('shows the verifying spinner while auth loads', () => {
    renderRoutes(routes, '/chat', fakeAuth({ loading: true, isAuthenticated: false, user: null }))
    expect(screen.getByRole('status')).toHaveTextContent('Verificando autenticação...')
  })

  it('replaces the guarded entry with /login for a visitor', async () => {
    const router = renderRoutes(
      routes,
      '/password',
      fakeAuth({ isAuthenticated: false, user: null }),
    )
    await screen.findByText('tela de login')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('sends an unfinished onboarding back to /', async () => {
    renderRoutes(
      routes,
      '/password',
      fakeAuth({ user: makeUser({ onboarding_status: 'NOT_STARTED' }) }),
    )
    await screen.findByText('onboarding')
  })

  it('sends a finished onboarding from / to /chat and lets it reach other routes', async () => {
    const router = renderRoutes(
      routes,
      '/',
      fakeAuth({ user: makeUser({ onboarding_status: 'COMPLETED' }) }),
    )
    await screen.findByText('chat')
    await router.navigate('/password')
    await waitFor(() => expect(screen.getByText('senha')).toBeInTheDocument())
  })

  it('sends an analyst opening the player onboarding to the analysis console', async () => {
    const router = renderRoutes(
      routes,
      '/',
      fakeAuth({ user: makeUser({ role: 'ANALYST', onboarding_status: 'NOT_STARTED' }) }),
    )
    await screen.findByText('fila de análises')
    expect(router.state.location.pathname).toBe('/analista')
  })
})
