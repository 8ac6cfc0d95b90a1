import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sessionStorageKeys } from '../../lib/session-storage'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { SESSION_CHECK_CLASS } from './auth-layout'
import { LoginPage } from './login-page'

const gate = fs.readFileSync(path.resolve(__dirname, '../../../public/session-gate.js'), 'utf8')
// The shipped file itself, run against this page's storage and document.
const runGate = () => vm.runInNewContext(gate, { window, document }) as unknown

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>início</p> },
]

describe('the prerendered sign-in page with a stored session', () => {
  afterEach(() => {
    window.localStorage.clear()
    document.documentElement.classList.remove(SESSION_CHECK_CLASS)
  })

  it('hides the visitor form only when a session is stored, by the keys the app uses', () => {
    runGate()
    expect(document.documentElement).not.toHaveClass(SESSION_CHECK_CLASS)
    window.localStorage.setItem(sessionStorageKeys.refresh, 'r1')
    runGate()
    expect(document.documentElement).toHaveClass(SESSION_CHECK_CLASS)
    document.documentElement.classList.remove(SESSION_CHECK_CLASS)
    window.localStorage.clear()
    window.localStorage.setItem(sessionStorageKeys.access, 'a1')
    runGate()
    expect(document.documentElement).toHaveClass(SESSION_CHECK_CLASS)
  })

  it('keeps it hidden while the session is checked', () => {
    document.documentElement.classList.add(SESSION_CHECK_CLASS)
    renderRoutes(routes, '/login', fakeAuth({ loading: true }))
    expect(screen.getByRole('status')).toHaveTextContent('Verificando autenticação...')
    expect(document.documentElement).toHaveClass(SESSION_CHECK_CLASS)
  })

  it('shows the form once the stored session turned out to be gone', () => {
    document.documentElement.classList.add(SESSION_CHECK_CLASS)
    renderRoutes(routes, '/login', fakeAuth({ isAuthenticated: false, user: null }))
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument()
    expect(document.documentElement).not.toHaveClass(SESSION_CHECK_CLASS)
  })
})
