import type { SharedReport } from '@areia/contracts/report-share'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { SHARED_GONE, SharedReportPage } from './shared-report-page'
import { tagMatch, tracked } from './test-match'

const TOKEN = 'a'.repeat(43)

function shared(): SharedReport {
  const { stats, points } = tagMatch([
    [2, 'winner', 'smash', 2],
    [2, 'winner', 'smash', 2],
    [2, 'winner', 'smash', 2],
    [2, 'unforced_error', 'voleio', 3],
  ])
  return {
    first_name: 'Ana',
    published_at: '2025-10-13T15:00:00.000Z',
    game: { date: '2025-10-12', week: null, outcome: 'WON', score: '6/4' },
    player: tracked(2),
    partner: tracked(1),
    rallies: { count: 0, total_play_sec: 0, longest_sec: 0, highlights_url: null, items: [] },
    stats,
    points,
  }
}

const open = (token = TOKEN) =>
  renderRoutes([{ path: '/r/:token', element: <SharedReportPage /> }], `/r/${token}`)

describe('SharedReportPage', () => {
  it('speaks of the player by first name, without a session, and invites to try Areia', async () => {
    const server = mockServer({
      [`GET /api/v1/shared-reports/${TOKEN}`]: () => jsonResponse(shared()),
    })
    open()
    const score = await screen.findByRole('region', { name: 'Placar' }, { timeout: 5000 })
    // The confirmed result, never the four tagged points' "1/0".
    expect(within(score).getByText('6/4')).toBeVisible()
    expect(within(score).queryByText('1/0')).toBeNull()
    expect(within(score).getByText('4 pontos marcados pelo analista')).toBeVisible()
    expect(screen.getByRole('heading', { level: 1, name: 'Vitória por 6/4' })).toBeVisible()
    expect(screen.getByText('Jogo de 12 de outubro de 2025')).toBeVisible()
    expect(screen.getByText('Análise do jogo de Ana')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ana converteu 3 de 3 smashes' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Onde Ana jogou' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).toBeNull()
    expect(
      screen.getAllByRole('link', { name: /Experimentar o Areia|Criar minha conta/ }),
    ).toHaveLength(2)
    expect(server.calls[0]!.headers.get('Authorization')).toBeNull()
  })

  it('says the link no longer works when the server answers 404, and never asks for a malformed one', async () => {
    mockServer({
      [`GET /api/v1/shared-reports/${TOKEN}`]: () =>
        jsonResponse({ detail: 'Esta análise não está disponível.', code: 'not_found' }, 404),
    })
    open()
    expect(await screen.findByRole('heading', { name: SHARED_GONE })).toBeVisible()
    const server = mockServer({})
    open('curto')
    expect((await screen.findAllByRole('heading', { name: SHARED_GONE })).length).toBeGreaterThan(0)
    expect(server.calls).toHaveLength(0)
  })
})
