import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { queueQuery } from './analyst-api'
import { queueItem } from './analyst-fixtures'
import { AnalystQueuePage, EMPTY_QUEUE } from './analyst-queue-page'
import { MANUAL_ADJUSTMENT } from './analyst-ui'
import { FORBIDDEN_TITLE } from '../../ui/forbidden'

const routes = [{ path: '/analista', element: <AnalystQueuePage /> }]
const as = (role: 'USER' | 'ANALYST' | 'ADMIN') => fakeAuth({ user: makeUser({ role }) })

describe('AnalystQueuePage', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })

  it('tells a player the area is restricted and asks the server nothing', () => {
    const server = mockServer({})
    renderRoutes(routes, '/analista', as('USER'))
    expect(screen.getByRole('heading', { name: FORBIDDEN_TITLE })).toBeInTheDocument()
    expect(server.calls).toHaveLength(0)
  })

  it('lists the queue in the order the server gives, with dates, delays, progress and problems', async () => {
    mockServer({
      'GET /api/v1/analyst/queue': () =>
        jsonResponse([
          queueItem({
            video_id: 3,
            player_name: 'Bia Lima',
            overdue: true,
            human_commentary: true,
            plan_name: 'Ultra',
          }),
          queueItem({
            video_id: 4,
            player_name: 'Caio Reis',
            stage: 'PLAYERS',
            percent: 42.4,
            status: 'ANALYZING',
          }),
          queueItem({
            video_id: 5,
            player_name: 'Duda Alves',
            problem: 'A quadra não aparece inteira no vídeo.',
            // Where its last step stopped: a refused pass is not "running" any more.
            stage: 'CLIPS',
            percent: 94,
          }),
        ]),
    })
    renderRoutes(routes, '/analista', as('ANALYST'))
    const list = await screen.findByRole('list', { name: 'Vídeos na fila' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Bia Lima',
      'Caio Reis',
      'Duda Alves',
    ])
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/analista/3')
    expect(within(rows[0]!).getByText('Atrasado')).toBeInTheDocument()
    expect(
      within(rows[0]!).getByText('Vídeo 3 · Ultra · comentário do analista'),
    ).toBeInTheDocument()
    // São Paulo time, pt-BR: 13:00 UTC is 10:00 in Brasília.
    expect(within(rows[0]!).getByText('22/11/2026, 10:00')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('23/11/2026, 10:00')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('Atrasado')).toBeNull()
    expect(
      within(rows[1]!).getByRole('progressbar', { name: 'Rastreando os jogadores: 42%' }),
    ).toHaveValue(42)
    expect(within(rows[0]!).getByText('Aguardando revisão')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('A quadra não aparece inteira no vídeo.')).toBeInTheDocument()
    expect(within(rows[2]!).getByText(MANUAL_ADJUSTMENT)).toBeInTheDocument()
    expect(within(rows[2]!).queryByText(/Cortando os lances/)).toBeNull()
    expect(within(rows[2]!).queryByRole('progressbar')).toBeNull()
  })

  it('says so when the queue is empty', async () => {
    mockServer({ 'GET /api/v1/analyst/queue': () => jsonResponse([]) })
    renderRoutes(routes, '/analista', as('ADMIN'))
    expect(await screen.findByText(EMPTY_QUEUE)).toBeInTheDocument()
  })

  it('polls every 15 s (behind the live feed) only while some video is being analysed', () => {
    const interval = queueQuery().refetchInterval as (q: { state: { data: unknown } }) => unknown
    expect(interval({ state: { data: [queueItem(), queueItem({ stage: 'QUEUED' })] } })).toBe(
      15_000,
    )
    expect(interval({ state: { data: [queueItem(), queueItem({ stage: 'FAILED' })] } })).toBe(false)
    expect(interval({ state: { data: undefined } })).toBe(false)
  })
})
