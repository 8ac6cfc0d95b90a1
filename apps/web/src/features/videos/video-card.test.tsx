import type { Video } from '@areia/contracts/videos'
import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { analysisProgressForTests } from '../../lib/analysis-progress'
import { makeVideo } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { steadyUrl } from './video-card'
import { ALLOWANCE_RETURNED, dueText, EXAMPLE_REPORT, formatDue, SEND_ANOTHER } from './video-text'
import { VideosPage } from './videos-page'

const api = vi.hoisted(() => ({ list: vi.fn<() => Promise<Video[]>>() }))
vi.mock('../../lib/videos-api', () => ({
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => api.list(),
  deleteVideo: vi.fn(),
}))
vi.mock('../../lib/use-chat-socket', () => ({
  useChatSocket: () => ({ status: 'Conectado', send: () => true }),
}))

const THUMB = '/api/v1/videos/1/identification/frame?expires=4102444800&signature=a'
const FILE = '/api/v1/media/videos/1/source/0?expires=4102444800&signature=b'

const video = (overrides: Partial<Video> = {}): Video =>
  makeVideo({
    upload_timestamp: '2026-11-26T15:30:00.000Z',
    status: 'IN_REVIEW',
    player_identifier: 2,
    game_date: '2025-10-12',
    game_outcome: 'WON',
    game_score: '6x4',
    thumbnail_url: THUMB,
    video_url: FILE,
    ...overrides,
  })

function renderPage(videos: Video[]) {
  api.list.mockResolvedValue(videos)
  return renderRoutes(
    [
      { path: '/videos', element: <VideosPage /> },
      { path: '/videos/:id', element: <p>relatório</p> },
      { path: '/chat', element: <p>chat</p> },
      { path: '/relatorio/exemplo', element: <p>exemplo</p> },
    ],
    '/videos',
  )
}

const cardOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.video-row__title' })).closest('li')!

beforeEach(() => api.list.mockReset())
afterEach(() => analysisProgressForTests.reset())

describe('a match in Meus Vídeos', () => {
  it('in review: the picture, the game the player told, the stage in words and when it is due', async () => {
    renderPage([video({ due_at: '2099-11-27T15:00:00.000Z' })])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText('Em revisão pelo analista')).toBeVisible()
    expect(card.getByText('Previsão: até 27/11 às 12h')).toBeVisible()
    expect(card.getByText('Jogo de 12/10/2025 · Vitória por 6/4')).toBeVisible()
    const play = card.getByRole('button', { name: 'Assistir ao vídeo: Jogo 1' })
    expect(play.querySelector('img')).toHaveAttribute('src', THUMB)
    expect(card.queryByRole('link', { name: 'Ver relatório' })).toBeNull()
  })

  it('the automatic pass refused: an analyst adjusts the court, within the same promise', async () => {
    renderPage([
      video({
        due_at: '2099-11-27T15:00:00.000Z',
        needs_analyst: true,
        game_date: '2026-12-05',
        game_week: null,
        game_outcome: 'LOST',
        game_score: '4/6 6/3 [4/10]',
      }),
    ])
    const card = within(await cardOf('Jogo 1'))
    expect(
      card.getByText('Um analista vai ajustar a quadra; previsão: até 27/11 às 12h.'),
    ).toBeVisible()
    expect(card.queryByText('Previsão: até 27/11 às 12h')).toBeNull()
    expect(
      card.getByText('Jogo de 05/12/2026 · Derrota por 4/6 6/3 e 4/10 no super tie-break'),
    ).toBeVisible()
  })

  it('a game told by its week says so', async () => {
    renderPage([video({ game_date: null, game_week: '2026-11-30', game_score: null })])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText('Jogo da semana de 30/11/2026 · Vitória')).toBeVisible()
  })

  it('tapping the picture plays the uploaded file in a dialog', async () => {
    renderPage([video()])
    await userEvent.click(await screen.findByRole('button', { name: 'Assistir ao vídeo: Jogo 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Vídeo: Jogo 1' })
    const player = dialog.querySelector('video')
    expect(player).toHaveAttribute('src', FILE)
    expect(player).toHaveAttribute('controls')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('analysing: the percent the list brought, before any live progress', async () => {
    renderPage([
      video({ status: 'ANALYZING', analysis_percent: 42, due_at: '2099-11-27T15:30:00Z' }),
    ])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText('Em análise pela visão computacional')).toBeVisible()
    expect(card.getByRole('progressbar', { name: 'Progresso da análise' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    )
    expect(card.getByText('42% concluído')).toBeVisible()
    expect(card.getByText('Previsão: até 27/11 às 12h30')).toBeVisible()
  })

  it('ready: opens the report, no due time', async () => {
    const router = renderPage([video({ id: 9, status: 'READY' })])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText('Pronto')).toBeVisible()
    expect(card.queryByText(/Previsão/)).toBeNull()
    await userEvent.click(card.getByRole('link', { name: 'Ver relatório' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/9'))
  })

  it('refused: the reason, what to do, the allowance given back, nothing to play', async () => {
    const router = renderPage([
      video({
        status: 'FAILED',
        failure_reason: 'O vídeo tem 10 segundos; envie o jogo inteiro.',
        allowance_returned: true,
        thumbnail_url: null,
        video_url: null,
        game_date: null,
        game_outcome: null,
        game_score: null,
      }),
    ])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText('Recusado')).toBeVisible()
    expect(card.getByText('O vídeo tem 10 segundos; envie o jogo inteiro.')).toBeVisible()
    expect(card.getByText(`${SEND_ANOTHER} ${ALLOWANCE_RETURNED}`)).toBeVisible()
    expect(card.queryByRole('button', { name: /Assistir/ })).toBeNull()
    await userEvent.click(card.getByRole('link', { name: 'Enviar outro vídeo' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'))
  })

  it('refused but still counted: the allowance is not promised back', async () => {
    renderPage([video({ status: 'FAILED', failure_reason: 'Quadra cortada.', video_url: null })])
    const card = within(await cardOf('Jogo 1'))
    expect(card.getByText(SEND_ANOTHER)).toBeVisible()
    expect(card.queryByText(new RegExp(ALLOWANCE_RETURNED))).toBeNull()
  })

  it('an empty list also shows an example report', async () => {
    const router = renderPage([])
    await userEvent.click(await screen.findByRole('link', { name: EXAMPLE_REPORT }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/relatorio/exemplo'))
  })
})

describe('due time and signed URLs', () => {
  it('says the due moment in São Paulo time, and when it has passed', () => {
    expect(formatDue('2026-11-27T15:00:00Z')).toBe('27/11 às 12h')
    expect(formatDue('2026-11-28T02:05:00Z')).toBe('27/11 às 23h05')
    const now = new Date('2026-11-27T16:00:00Z')
    expect(dueText('2026-11-27T15:00:00Z', now)).toMatch(/^Previsto para 27\/11 às 12h: /)
    expect(dueText('2026-11-27T17:00:00Z', now)).toBe('Previsão: até 27/11 às 14h')
  })

  it('keeps a signed picture across refreshes until a newer one lasts longer', () => {
    const at = (expires: number, path = '/api/v1/media/videos/1/keyframe/0') =>
      `${path}?expires=${expires}&signature=s${expires}`
    expect(steadyUrl(at(10_000), at(10_015))).toBe(at(10_000))
    expect(steadyUrl(at(10_000), at(10_000 + 3600))).toBe(at(10_000 + 3600))
    expect(steadyUrl(at(10_000), at(10_015, '/api/v1/videos/1/identification/frame'))).toBe(
      at(10_015, '/api/v1/videos/1/identification/frame'),
    )
    expect(steadyUrl(at(10_000), null)).toBeNull()
    expect(steadyUrl(null, at(10_000))).toBe(at(10_000))
  })
})
