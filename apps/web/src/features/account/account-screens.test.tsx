import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { saveTokens } from '../../lib/session-storage'
import { ChangePasswordPage } from './change-password-page'
import { DeleteAccountPage } from './delete-account-page'
import { isDeletePhrase, passwordChangeError } from './password-rules'

describe('password rules', () => {
  it('requires all three, then matching, then 6 characters', () => {
    expect(passwordChangeError('', 'abcdef', 'abcdef')).toBe('Preencha todos os campos.')
    expect(passwordChangeError('a', 'abcdef', 'abcdeg')).toBe(
      'A nova senha e a confirmação não correspondem.',
    )
    expect(passwordChangeError('a', 'abcde', 'abcde')).toBe(
      'A nova senha deve ter pelo menos 6 caracteres.',
    )
    expect(passwordChangeError('a', 'abcdef', 'abcdef')).toBeNull()
  })

  it('accepts the delete phrase in any case, nothing else', () => {
    expect(isDeletePhrase('EXCLUIR minha Conta')).toBe(true)
    expect(isDeletePhrase('excluir minha conta ')).toBe(false)
    expect(isDeletePhrase('excluir conta')).toBe(false)
  })
})

describe('ChangePasswordPage', () => {
  it('changes the password, signs back in with the new one and confirms with a toast', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({
      'PATCH /api/v1/users/me/password': async (request) => {
        expect(await request.json()).toEqual({
          current_password: 'antiga1',
          new_password: 'nova-123',
        })
        return jsonResponse({ message: 'Senha alterada com sucesso!' })
      },
    })
    const login = vi.fn(() => Promise.resolve({ success: true as const, user: fakeAuth().user! }))
    renderRoutes(
      [{ path: '/password', element: <ChangePasswordPage /> }],
      '/password',
      fakeAuth({ login }),
    )
    await user.type(screen.getByLabelText('Senha atual'), 'antiga1')
    await user.type(screen.getByLabelText('Nova senha'), 'nova-123')
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-123')
    await user.click(screen.getByRole('button', { name: 'Alterar Senha' }))
    expect(await screen.findByTestId('toast', {}, { timeout: 2000 })).toHaveTextContent(
      'Senha alterada com sucesso!',
    )
    expect(login).toHaveBeenCalledWith('jogadora@areia.test', 'nova-123')
    expect(screen.getByLabelText('Senha atual')).toHaveValue('')
  })
})

describe('DeleteAccountPage', () => {
  const page = [{ path: '/delete-account', element: <DeleteAccountPage /> }]

  it('enables the button only on the phrase, asks the password, deletes, alerts, then logs out locally', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    const server = mockServer({
      'DELETE /api/v1/users/me': async (request) => {
        expect(await request.json()).toEqual({
          confirmation: 'Excluir Minha Conta',
          password: 'minha-senha',
        })
        return new Response(null, { status: 204 })
      },
    })
    const logout = vi.fn(() => Promise.resolve())
    renderRoutes(page, '/delete-account', fakeAuth({ logout }))
    const button = screen.getByRole('button', { name: 'Excluir minha conta' })
    expect(button).toBeDisabled()
    await user.type(
      screen.getByLabelText('Para confirmar, digite “excluir minha conta”'),
      'Excluir Minha Conta',
    )
    expect(button).toBeEnabled()
    // Without the password nothing is sent.
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Digite a sua senha para confirmar a exclusão.',
    )
    expect(server.count('DELETE /api/v1/users/me')).toBe(0)
    await user.type(screen.getByLabelText('Sua senha'), 'minha-senha')
    await user.click(button)
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Sua conta foi excluída com sucesso.',
    )
    expect(logout).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(logout).toHaveBeenCalledWith({ remote: false }))
    expect(server.count('DELETE /api/v1/users/me')).toBe(1)
  })

  it('says so at the field when the password is wrong, and keeps what was typed', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({
      'DELETE /api/v1/users/me': () =>
        jsonResponse({ detail: 'A senha atual está incorreta.', code: 'wrong_password' }, 400),
    })
    renderRoutes(page, '/delete-account')
    await user.type(screen.getByRole('textbox'), 'excluir minha conta')
    await user.type(screen.getByLabelText('Sua senha'), 'errada')
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha atual está incorreta.')
    expect(screen.getByLabelText('Sua senha')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox')).toHaveValue('excluir minha conta')
  })

  it('shows the server detail when deletion fails and lets the player try again', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    mockServer({
      'DELETE /api/v1/users/me': () => jsonResponse({ detail: 'Tente mais tarde.' }, 503),
    })
    renderRoutes(page, '/delete-account')
    await user.type(screen.getByRole('textbox'), 'excluir minha conta')
    await user.type(screen.getByLabelText('Sua senha'), 'minha-senha')
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Tente mais tarde.')
    expect(screen.getByRole('button', { name: 'Excluir minha conta' })).toBeEnabled()
  })

  it('a Google-only account is sent to sign in with Google again, and comes back here', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    const server = mockServer({
      'DELETE /api/v1/users/me': async (request) => {
        expect(await request.json()).toEqual({ confirmation: 'excluir minha conta' })
        return jsonResponse(
          {
            detail:
              'Por segurança, entre de novo com o Google para confirmar que é você e então exclua a conta.',
            code: 'reauthentication_required',
          },
          403,
        )
      },
      'GET /api/v1/auth/google/start': () =>
        jsonResponse({ authorization_url: 'https://accounts.google.test/auth' }),
    })
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin })
    try {
      renderRoutes(page, '/delete-account', fakeAuth({ user: makeUser({ has_password: false }) }))
      expect(screen.queryByLabelText('Sua senha')).toBeNull()
      await user.type(screen.getByRole('textbox'), 'excluir minha conta')
      await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(/entre de novo com o Google/)
      await user.click(screen.getByRole('button', { name: 'Entrar de novo com o Google' }))
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.test/auth'))
      expect(sessionStorage.getItem('areia.google-return')).toBe('/delete-account')
      expect(server.count('DELETE /api/v1/users/me')).toBe(1)
    } finally {
      vi.unstubAllGlobals()
      sessionStorage.clear()
    }
  })
})
