import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { AccountPage } from './account-page'

const render = (auth = fakeAuth({ user: makeUser({ name: 'Marina Costa' }) })) =>
  renderRoutes(
    [{ path: '/conta', element: <AccountPage notifications={<p>interruptor</p>} /> }],
    '/conta',
    auth,
  )

describe('AccountPage', () => {
  it('shows the name and e-mail, the password, notifications, data and legal links', () => {
    render()
    expect(screen.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
    expect(screen.getByText('Marina Costa')).toBeVisible()
    expect(screen.getByText('jogadora@areia.test')).toBeVisible()
    expect(screen.getByText('Confirmado')).toBeVisible()
    expect(screen.getByRole('link', { name: /Alterar Senha/ })).toHaveAttribute('href', '/password')
    expect(screen.getByText('interruptor')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Baixar meus dados' })).toBeEnabled()
    const legal = screen.getByRole('navigation', { name: 'Documentos' })
    expect(within(legal).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/terms',
    )
    expect(within(legal).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacy',
    )
  })

  it('puts the account deletion last, as a link to its own page', () => {
    render()
    const remove = screen.getByRole('link', { name: 'Excluir Conta' })
    expect(remove).toHaveAttribute('href', '/delete-account')
    const links = screen.getAllByRole('link')
    expect(links[links.length - 1]).toBe(remove)
  })

  it('says when the name is missing and logs out from "Sair"', async () => {
    const user = userEvent.setup()
    const logout = vi.fn(() => Promise.resolve())
    render(fakeAuth({ logout }))
    expect(screen.getByText('Não informado')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    expect(logout).toHaveBeenCalled()
  })
})
