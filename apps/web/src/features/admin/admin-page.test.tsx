import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { FORBIDDEN_TITLE } from '../../ui/forbidden'
import { AdminPage } from './admin-page'

const routes = [
  { path: '/admin', element: <AdminPage /> },
  { path: '/admin/*', element: <AdminPage /> },
]
const as = (role: 'USER' | 'ANALYST' | 'ADMIN') => fakeAuth({ user: makeUser({ role }) })

const overview = {
  players: 42,
  paying_players: 1,
  videos_waiting: 3,
  analyses_overdue: 1,
  waitlist_waiting: 2,
}

describe('AdminPage', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })

  it('tells a player the area is restricted and calls nothing', () => {
    const server = mockServer({})
    renderRoutes(routes, '/admin/jogadores', as('USER'))
    expect(screen.getByRole('heading', { name: FORBIDDEN_TITLE })).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it('shows an analyst the overview only, with the overdue figure flagged', async () => {
    mockServer({
      'GET /api/v1/admin/overview': () => jsonResponse(overview),
      'GET /api/v1/admin/videos/waiting': () =>
        jsonResponse([
          {
            id: 9,
            player_email: 'ana@areia.test',
            status: 'QUEUED',
            waiting_since: '2026-11-22T10:00:00.000Z',
            overdue: true,
          },
        ]),
    })
    renderRoutes(routes, '/admin/cupons', as('ANALYST'))
    expect(await screen.findByRole('heading', { name: 'Visão geral' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Seções do console' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Abrir a fila de análises' })).toHaveAttribute(
      'href',
      '/analista',
    )
    const stats = await screen.findByRole('list', { name: 'Números do Areia' })
    expect(within(stats).getByText('42')).toBeInTheDocument()
    // Each figure agrees with its noun: one paying player, one overdue analysis, two waiting.
    const items = within(stats)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual([
      '42 jogadores',
      '1 jogador pagante',
      '3 vídeos aguardando análise',
      '1 análise atrasada (mais de 24 h)',
      '2 pessoas na lista de espera',
    ])
    expect(within(stats).getByText('análise atrasada (mais de 24 h)').parentElement).toHaveClass(
      'admin-stat--alert',
    )
    expect(await screen.findByText('ana@areia.test')).toBeInTheDocument()
    expect(screen.getByText('Atrasado')).toBeInTheDocument()
  })

  it('lets an admin open spots and shows who was invited', async () => {
    const user = userEvent.setup()
    const server = mockServer({
      'GET /api/v1/admin/waitlist': () => jsonResponse([]),
      'GET /api/v1/admin/overview': () => jsonResponse(overview),
      'POST /api/v1/admin/waitlist/open-spots': async (request) => {
        expect(await request.json()).toEqual({ count: 2 })
        return jsonResponse({
          invited: ['a@areia.test', 'b@areia.test'],
          message: '2 jogadores foram convidados por e-mail.',
        })
      },
    })
    renderRoutes(routes, '/admin/lista-de-espera', as('ADMIN'))
    expect(await screen.findByText('Ninguém na lista de espera.')).toBeInTheDocument()
    const tabs = screen.getByRole('navigation', { name: 'Seções do console' })
    expect(within(tabs).getByRole('link', { name: 'Análises' })).toHaveAttribute(
      'href',
      '/analista',
    )
    const count = screen.getByLabelText('Quantas vagas')
    await user.clear(count)
    await user.click(screen.getByRole('button', { name: 'Abrir vagas' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe quantas vagas abrir')
    await user.type(count, '2')
    await user.click(screen.getByRole('button', { name: 'Abrir vagas' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '2 jogadores foram convidados por e-mail. a@areia.test, b@areia.test.',
      ),
    )
    expect(server.count('POST /api/v1/admin/waitlist/open-spots')).toBe(1)
  })
})
