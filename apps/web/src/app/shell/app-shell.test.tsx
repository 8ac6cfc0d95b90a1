import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { ToastProvider } from '../../ui/toast'
import { AppShell } from './app-shell'

function renderShell(path: string, user = makeUser()) {
  const auth: AuthContextValue = {
    token: 't',
    user,
    isAuthenticated: true,
    loading: false,
    refreshing: false,
    login: () => Promise.reject(new Error('unused')),
    loginWithGoogle: () => Promise.reject(new Error('unused')),
    logout: () => Promise.resolve(),
    reloadUser: () => Promise.resolve(user),
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { index: true, element: <p>início</p> },
          { path: 'chat', element: <p>conteúdo do chat</p> },
          { path: 'password', element: <p>trocar senha</p> },
          { path: 'videos', element: <p>meus vídeos</p> },
          { path: 'conta', element: <p>minha conta</p> },
          { path: 'meu-plano', element: <p>meu plano</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  )
  return router
}

// jsdom has no scrolling; the shell puts each new page at its top.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
})

const sidebarOpen = () => document.querySelector('.sidebar')?.classList.contains('sidebar--open')

describe('AppShell sidebar', () => {
  it('hides the hamburger at / and shows it elsewhere', () => {
    renderShell('/')
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).toBeNull()
  })

  it('opens, traps focus, locks scroll, and closes on Escape restoring focus', async () => {
    const user = userEvent.setup()
    renderShell('/chat')
    const menu = screen.getByRole('button', { name: 'Abrir menu' })
    await user.click(menu)
    expect(sidebarOpen()).toBe(true)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    expect(document.body.style.overflow).toBe('hidden')
    const panel = document.getElementById('sidebar')
    expect(panel).not.toBeNull()
    expect(panel?.contains(document.activeElement)).toBe(true)

    for (let i = 0; i < 15; i++) await user.tab()
    expect(panel?.contains(document.activeElement)).toBe(true)

    await user.keyboard('{Escape}')
    expect(sidebarOpen()).toBe(false)
    expect(document.body.style.overflow).toBe('')
    expect(document.activeElement).toBe(menu)
  })

  it('closes on a backdrop click and when a link is followed', async () => {
    const user = userEvent.setup()
    const router = renderShell('/chat')
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    await user.click(screen.getByTestId('sidebar-backdrop'))
    expect(sidebarOpen()).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    await user.click(screen.getByRole('link', { name: /Alterar Senha/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'))
    expect(sidebarOpen()).toBe(false)
    expect(document.body.style.overflow).toBe('')
  })

  it('uses the chat background only on /chat', () => {
    renderShell('/chat')
    expect(document.querySelector('.shell')).toHaveClass('shell--chat')
  })

  it('shows "Seja Pro", or a disabled "Plano Pro" for PAYMENT_OK', async () => {
    const user = userEvent.setup()
    renderShell('/chat', makeUser({ payment_status: 'PAYMENT_OK' }))
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    expect(screen.getByRole('button', { name: 'Plano Pro' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Seja Pro' })).toBeNull()
  })

  it('takes a subscriber to "Meu Plano" from the menu and from the header on the chat', async () => {
    const user = userEvent.setup()
    renderShell('/chat', makeUser({ payment_status: 'PAYMENT_OK' }))
    expect(screen.getByRole('link', { name: 'Meu Plano' })).toHaveAttribute('href', '/meu-plano')
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    const menu = screen.getByRole('navigation', { name: 'Navegação principal' })
    expect(within(menu).getByRole('link', { name: 'Meu Plano' })).toHaveAttribute(
      'href',
      '/meu-plano',
    )
  })

  it('offers no "Meu Plano" to a player who never subscribed', () => {
    renderShell('/chat', makeUser({ payment_status: 'FREE' }))
    expect(screen.queryByRole('link', { name: 'Meu Plano' })).toBeNull()
  })
})

const subscriber = () => makeUser({ payment_status: 'PAYMENT_OK' })

function serveSubscription(planName: string) {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  mockServer({
    'GET /api/v1/subscriptions/me': () =>
      jsonResponse({
        plan: { id: 3, name: planName },
        billing_cycle: 'MONTHLY',
        status: 'ACTIVE',
        expires_at: '2026-12-26T12:00:00.000Z',
        withdrawal_until: null,
      }),
  })
}

describe('AppShell plan entries', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('names the plan the subscriber pays for', async () => {
    serveSubscription('Ultra')
    const user = userEvent.setup()
    renderShell('/chat', subscriber())
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    expect(await screen.findByRole('button', { name: 'Plano Ultra' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Plano Pro' })).toBeNull()
  })

  it('closes the menu as "Seja Pro" opens the plans', async () => {
    mockServer({ 'GET /api/v1/subscriptions/plans': () => jsonResponse([]) })
    const user = userEvent.setup()
    renderShell('/chat')
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    await user.click(screen.getByRole('button', { name: 'Seja Pro' }))
    expect(await screen.findByRole('dialog', { name: 'Escolha um plano' })).toBeVisible()
    expect(sidebarOpen()).toBe(false)
    expect(document.body.style.overflow).toBe('hidden')
  })

  it('moves "Excluir Conta" out of the menu and into Conta', async () => {
    const user = userEvent.setup()
    renderShell('/chat')
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }))
    const menu = screen.getByRole('navigation', { name: 'Navegação principal' })
    expect(within(menu).getByRole('link', { name: 'Conta' })).toHaveAttribute('href', '/conta')
    expect(within(menu).queryByRole('link', { name: 'Excluir Conta' })).toBeNull()
  })
})

describe('AppShell tab bar', () => {
  const tabs = () => within(screen.getByRole('navigation', { name: 'Atalhos' }))

  it('offers Chat, Vídeos, Plano and Conta, marking the one in use', () => {
    renderShell('/videos')
    expect(tabs().getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat')
    expect(tabs().getByRole('link', { name: 'Vídeos' })).toHaveAttribute('aria-current', 'page')
    expect(tabs().getByRole('link', { name: 'Conta' })).toHaveAttribute('href', '/conta')
    expect(tabs().getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current')
  })

  it('keeps Conta marked on the pages under it', () => {
    renderShell('/password')
    expect(tabs().getByRole('link', { name: 'Conta' })).toHaveAttribute('aria-current', 'true')
  })

  it('takes a subscriber to "Meu Plano"', () => {
    renderShell('/chat', subscriber())
    expect(tabs().getByRole('link', { name: 'Plano' })).toHaveAttribute('href', '/meu-plano')
  })

  it('opens the plans for a player without a paid plan', async () => {
    mockServer({ 'GET /api/v1/subscriptions/plans': () => jsonResponse([]) })
    const user = userEvent.setup()
    renderShell('/chat')
    await user.click(tabs().getByRole('button', { name: 'Plano' }))
    expect(await screen.findByRole('dialog', { name: 'Escolha um plano' })).toBeVisible()
  })

  it('is not on the onboarding screen', () => {
    renderShell('/')
    expect(screen.queryByRole('navigation', { name: 'Atalhos' })).toBeNull()
  })
})
