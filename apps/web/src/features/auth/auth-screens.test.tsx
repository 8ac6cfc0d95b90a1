import { render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import {
  createMemoryRouter,
  Navigate,
  Outlet,
  RouterProvider,
  type RouteObject,
} from 'react-router'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, makeUser, mockServer } from '../../test/helpers'
import {
  AuthContext,
  AuthFlowError,
  type AuthContextValue,
  type LoginResult,
  type User,
} from '../../lib/auth/auth-context'
import { AlertProvider } from '../../ui/alert-dialog'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { LoginPage } from './login-page'
import { RegisterPage } from './register-page'

const visitor = (overrides = {}) => fakeAuth({ isAuthenticated: false, user: null, ...overrides })
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/', element: <p>início</p> },
]

/**
 * The routes under an auth whose session goes live when login() or loginWithGoogle() succeeds, as
 * the real provider's does before they return.
 */
function renderLive(
  routes: RouteObject[],
  path: string,
  calls: Partial<Pick<AuthContextValue, 'login' | 'loginWithGoogle'>>,
) {
  function LiveAuth({ children }: { children: React.ReactNode }) {
    const [user, setUser] = useState<User | null>(null)
    const live = async (result: Promise<LoginResult>) => {
      const r = await result
      setUser(r.user)
      return r
    }
    const going: Pick<AuthContextValue, 'login' | 'loginWithGoogle'> = {
      login: (email, password) => live(calls.login!(email, password)),
      loginWithGoogle: (callback, redirectUri) =>
        live(calls.loginWithGoogle!(callback, redirectUri)),
    }
    const auth = user ? fakeAuth({ user }) : visitor(going)
    return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <LiveAuth>
            <Outlet />
          </LiveAuth>
        ),
        children: [...routes, { path: '*', element: <p>rota: fora</p> }],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>,
  )
  return router
}

describe('LoginPage', () => {
  it('refuses to log in until the terms are accepted', async () => {
    const user = userEvent.setup()
    const login = vi.fn(() => Promise.reject(new Error('should not be called')))
    renderRoutes(routes, '/login', visitor({ login }))
    await user.type(screen.getByLabelText('E-mail'), 'a@b.com')
    await user.type(screen.getByLabelText('Senha'), 'segredo')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Você deve aceitar os termos para continuar.',
    )
    expect(screen.getByTestId('terms')).toHaveClass('terms--shake')
    expect(login).not.toHaveBeenCalled()

    await user.click(screen.getByRole('checkbox'))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says what is missing next to the field, and drops a refused login once a field changes', async () => {
    const user = userEvent.setup()
    const login = vi.fn(() => Promise.reject(new AuthFlowError('Email ou senha inválidos.')))
    renderRoutes(routes, '/login', visitor({ login }))
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Informe seu e-mail.')
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Informe sua senha.')
    expect(login).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('E-mail'), 'a@b.com')
    await user.type(screen.getByLabelText('Senha'), 'errada')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou senha inválidos.')
    await user.type(screen.getByLabelText('Senha'), '1')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('sends a signed-in player on without showing the form', () => {
    const router = renderRoutes(routes, '/login', fakeAuth())
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByLabelText('E-mail')).toBeNull()
  })

  it('logs in and goes to /', async () => {
    const user = userEvent.setup()
    const login = vi.fn(() => Promise.resolve({ success: true as const, user: fakeAuth().user! }))
    const router = renderLive(routes, '/login', { login })
    await user.type(screen.getByLabelText('E-mail'), ' a@b.com ')
    await user.type(screen.getByLabelText('Senha'), 'segredo')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(login).toHaveBeenCalledWith('a@b.com', 'segredo')
  })

  it('takes an administrator to the console', async () => {
    const user = userEvent.setup()
    const admin = makeUser({ role: 'ADMIN' })
    const login = vi.fn(() => Promise.resolve({ success: true as const, user: admin }))
    const router = renderLive([...routes, { path: '/admin', element: <p>console</p> }], '/login', {
      login,
    })
    await user.type(screen.getByLabelText('E-mail'), 'admin@b.com')
    await user.type(screen.getByLabelText('Senha'), 'segredo')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('leaves the form with one navigation when the session goes live', async () => {
    const user = userEvent.setup()
    const admin = makeUser({ role: 'ADMIN' })
    const login = vi.fn(() => Promise.resolve({ success: true as const, user: admin }))
    const router = renderLive(
      [
        ...routes,
        // The console moves on to its first section by itself.
        { path: '/admin', element: <Navigate to="/admin/visao-geral" replace /> },
        { path: '/admin/visao-geral', element: <p>visão geral</p> },
      ],
      '/login',
      { login },
    )
    const visits: string[] = []
    router.subscribe((state) => visits.push(state.location.pathname))
    await user.type(screen.getByLabelText('E-mail'), 'admin@b.com')
    await user.type(screen.getByLabelText('Senha'), 'segredo')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await screen.findByText('visão geral')
    await new Promise((r) => setTimeout(r, 50))
    expect(visits).toEqual(['/admin', '/admin/visao-geral'])
  })

  it('finishes a Google sign-in from ?code, showing "Finalizando login..."', async () => {
    let finish: () => void = () => undefined
    const loginWithGoogle = vi.fn(
      () =>
        new Promise<{ success: true; user: NonNullable<ReturnType<typeof fakeAuth>['user']> }>(
          (resolve) => (finish = () => resolve({ success: true, user: fakeAuth().user! })),
        ),
    )
    const router = renderLive(routes, '/login?code=abc&state=xyz&iss=http%3A%2F%2Fidp.test', {
      loginWithGoogle,
    })
    expect(screen.getByRole('status')).toHaveTextContent('Finalizando login...')
    expect(loginWithGoogle).toHaveBeenCalledWith(
      { code: 'abc', state: 'xyz', iss: 'http://idp.test' },
      'http://localhost:3000/login',
    )
    finish()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('a signed-in player back from a fresh Google sign-in returns to the page that asked for it', async () => {
    sessionStorage.setItem('areia.google-return', '/delete-account')
    const loginWithGoogle = vi.fn(() =>
      Promise.resolve({ success: true as const, user: makeUser() }),
    )
    const router = renderRoutes(
      [...routes, { path: '/delete-account', element: <p>excluir</p> }],
      '/login?code=abc&state=xyz',
      fakeAuth({ loginWithGoogle }),
    )
    // Already signed in: the code is still exchanged (a new session), not skipped.
    await waitFor(() => expect(router.state.location.pathname).toBe('/delete-account'))
    expect(loginWithGoogle).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem('areia.google-return')).toBeNull()
  })

  it('alerts and stays on /login when the Google code is refused', async () => {
    const loginWithGoogle = vi.fn(() => Promise.reject(new Error('network')))
    const router = renderRoutes(routes, '/login?code=abc', visitor({ loginWithGoogle }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Ocorreu um erro ao finalizar o login com Google.',
    )
    expect(router.state.location.search).toBe('')
    expect(loginWithGoogle).toHaveBeenCalledTimes(1)
  })

  it('shows the verifying loader while auth loads', () => {
    renderRoutes(routes, '/login', visitor({ loading: true }))
    expect(screen.getByRole('status')).toHaveTextContent('Verificando autenticação...')
  })
})

describe('RegisterPage', () => {
  it("checks the fields itself, in Portuguese, next to each field, and not the browser's way", async () => {
    const user = userEvent.setup()
    const server = mockServer({})
    renderRoutes(routes, '/register', visitor())
    const email = screen.getByLabelText('E-mail')
    expect(email.closest('form')).toHaveAttribute('novalidate')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    expect(email).toHaveFocus()
    expect(email).toHaveAccessibleDescription('Informe seu e-mail.')
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      'Pelo menos 6 caracteres. Crie uma senha.',
    )
    expect(screen.getByLabelText('Confirmar senha')).toHaveAccessibleDescription('Repita a senha.')

    await user.type(email, 'ana@')
    expect(email).not.toHaveAttribute('aria-invalid')
    await user.type(screen.getByLabelText('Senha'), '123')
    await user.type(screen.getByLabelText('Confirmar senha'), '123')
    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    expect(email).toHaveAccessibleDescription('Digite um e-mail válido, como nome@exemplo.com.')
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('A senha precisa ter pelo menos 6 caracteres.')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirmar senha')).not.toHaveAttribute('aria-invalid')
    expect(server.calls).toHaveLength(0)
  })

  it('disables both buttons until the terms are accepted', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/register', visitor())
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Cadastrar com Google/ })).toBeDisabled()
    await user.click(screen.getByRole('checkbox'))
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeEnabled()
    expect(screen.getByRole('button', { name: /Cadastrar com Google/ })).toBeEnabled()
  })

  it('alerts on different passwords and registers nothing', async () => {
    const user = userEvent.setup()
    const server = mockServer({})
    renderRoutes(routes, '/register', visitor())
    await user.type(screen.getByLabelText('E-mail'), 'a@b.com')
    await user.type(screen.getByLabelText('Senha'), 'segredo1')
    await user.type(screen.getByLabelText('Confirmar senha'), 'segredo2')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('As senhas não coincidem!')
    expect(server.calls).toHaveLength(0)
  })

  it('registers, alerts success and goes to /login; shows the server detail on failure', async () => {
    const user = userEvent.setup()
    let first = true
    mockServer({
      'POST /api/v1/auth/register/': () => {
        if (first) {
          first = false
          return jsonResponse(
            { detail: 'Este e-mail já está cadastrado.', code: 'email_taken' },
            409,
          )
        }
        return jsonResponse({ id: 'u1', email: 'a@b.com', message: 'ok' }, 201)
      },
    })
    const router = renderRoutes(routes, '/register', visitor())
    await user.type(screen.getByLabelText('E-mail'), 'a@b.com')
    await user.type(screen.getByLabelText('Senha'), 'segredo1')
    await user.type(screen.getByLabelText('Confirmar senha'), 'segredo1')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    // The taken address is the e-mail field's problem: said there, and gone once it changes.
    const email = screen.getByLabelText('E-mail')
    await waitFor(() => expect(email).toHaveFocus())
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Este e-mail já está cadastrado.')
    await user.type(email, 'r')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText('Este e-mail já está cadastrado.')).toBeNull()
    await user.type(email, '{backspace}')

    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Cadastro realizado com sucesso! Por favor, faça o login.',
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
