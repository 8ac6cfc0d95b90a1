import type { VideoReport } from '@areia/contracts/analysis'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { headlineInsights } from '@areia/contracts/match-insights'
import { VideoReportPage } from './report-page'
import { NO_STATS_NOTE } from './report-view'
import { tagMatch, tracked, type Told } from './test-match'

// The player is track 2 (the near team). A game to love with two smash winners, a game lost, a
// game won on a ponto de ouro, and a volley error.
const TOLD: Told[] = [
  [2, 'winner', 'smash', 2],
  [2, 'winner', 'smash', 2, 3],
  [2, 'unforced_error', 'lob', 3],
  [2, 'winner', 'voleio', 1, 14],
  [3, 'winner', 'smash', 3],
  [3, 'unforced_error', 'voleio', 2],
  [3, 'winner', 'voleio', 4],
  [3, 'forced_error', 'bandeja', 1],
  [1, 'winner', 'smash', 2, 25],
  [1, 'winner', 'lob', 4],
  [1, 'unforced_error', 'voleio', 2],
  [1, 'winner', 'saque', 1],
  [1, 'winner', 'voleio', 3],
  [1, 'unforced_error', 'devolucao', 4],
  [1, 'unforced_error', 'smash', 3],
  [1, 'winner', 'smash', 2],
]

function report(withStats: boolean): VideoReport {
  const { stats, points } = tagMatch(TOLD)
  return {
    video_id: 7,
    published_at: '2025-10-13T15:00:00.000Z',
    game: { date: '2025-10-12', week: null, outcome: 'WON', score: '6/4' },
    markdown: '',
    player: tracked(2),
    partner: tracked(1),
    rallies: { count: 0, total_play_sec: 0, longest_sec: 0, highlights_url: null, items: [] },
    stats: withStats ? stats : null,
    points: withStats ? points : [],
  }
}

function open(body: VideoReport) {
  mockServer({ 'GET /api/v1/videos/7/report': () => jsonResponse(body) })
  return renderRoutes([{ path: '/videos/:id', element: <VideoReportPage /> }], '/videos/7')
}

beforeEach(() => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  // jsdom cannot play video.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
})

describe('the point-by-point report', () => {
  it('shows the confirmed result, the points the tags cover, the highlights and figures that open their points', async () => {
    const { stats } = tagMatch(TOLD)
    open(report(true))
    const score = await screen.findByRole('region', { name: 'Placar' }, { timeout: 5000 })
    // Sixteen points do not tell a 6/4 set: the tags' own score (a set under way) is not shown.
    expect(stats.score_line).toBe('2/1')
    expect(within(score).queryByText('2/1')).toBeNull()
    expect(within(score).getByText('Resultado informado')).toBeVisible()
    expect(within(score).getByText('6/4')).toBeVisible()
    expect(within(score).getByText('16 pontos marcados pelo analista')).toBeVisible()
    expect(within(score).getByRole('button', { name: 'Pontos ganhos: 9 de 16' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 1, name: 'Vitória por 6/4' })).toBeVisible()

    const highlights = screen.getByRole('heading', { name: 'Destaques do jogo' }).parentElement!
    expect(within(highlights).getAllByRole('button')).toHaveLength(3)

    // Track 2 hit four smashes, all won; winners by smash, voleio; errors of voleio.
    const winners = screen.getByRole('button', { name: 'Winners: 4' })
    await userEvent.click(winners)
    const dialog = await screen.findByRole('dialog', { name: 'Winners: 4' })
    const video = dialog.querySelector('video')!
    expect(video).toHaveAttribute('src', '/media/signed/point-0.mp4')
    const listed = within(within(dialog).getByRole('list', { name: 'Pontos' })).getAllByRole(
      'button',
    )
    expect(listed.map((b) => b.textContent)).toEqual([
      'Ponto 1 · 0:05 · Winner de smashGanho',
      'Ponto 2 · 0:21 · Winner de smashGanho',
      'Ponto 9 · 2:18 · Winner de smashGanho',
      'Ponto 16 · 4:29 · Winner de smashGanho',
    ])
    await userEvent.click(listed[2]!)
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/media/signed/point-8.mp4')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    expect(screen.getByRole('button', { name: 'Erros não forçados: 2' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Pontos de ouro: 1 de 1' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Smashes convertidos: 4 de 4' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Winners de smash: 4' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Erros de voleio: 2' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Rali mais longo: 25 s' })).toBeVisible()
    expect(
      screen.getByRole('img', { name: /^Momento do jogo: a maior vantagem de vocês/ }),
    ).toBeVisible()
    expect(screen.queryByText(NO_STATS_NOTE)).toBeNull()
  })

  it("shows the tags' scoreboard when they tell the whole match the player confirmed", async () => {
    // From 5/3 in games, the near team wins the next four points: the set closes at 6/3.
    const told: Told[] = [
      [1, 'winner', 'smash', 2],
      [1, 'winner', 'voleio', 1],
      [1, 'winner', 'saque', 1],
      [1, 'winner', 'lob', 2],
    ]
    const start = {
      sets: [],
      games: [5, 3] as [number, number],
      points: [0, 0] as [number, number],
      tiebreak: false,
    }
    const { stats, points } = tagMatch(told, start)
    open({ ...report(true), game: { ...report(true).game, score: '6/3' }, stats, points })
    const score = await screen.findByRole('region', { name: 'Placar' }, { timeout: 5000 })
    expect(within(score).getByText(/Vocês/)).toBeVisible()
    expect(within(score).getByText('6/3')).toBeVisible()
    expect(within(score).getByText('4 pontos marcados pelo analista')).toBeVisible()
  })

  it('with one tagged point: the confirmed result and "1 ponto marcado", never 0/0', async () => {
    const { stats, points } = tagMatch([[3, 'winner', 'smash', 3]])
    open({
      ...report(true),
      game: { date: '2026-12-05', week: null, outcome: 'LOST', score: '4/6 6/3 [4/10]' },
      stats,
      points,
    })
    const score = await screen.findByRole('region', { name: 'Placar' }, { timeout: 5000 })
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Derrota por 4/6 6/3 e 4/10 no super tie-break',
      }),
    ).toBeVisible()
    expect(screen.getByText('Jogo de 5 de dezembro de 2026')).toBeVisible()
    expect(within(score).getByText('4/6 6/3 4/10')).toBeVisible()
    expect(within(score).getByText('O último set foi um super tie-break.')).toBeVisible()
    expect(within(score).getByText('1 ponto marcado pelo analista')).toBeVisible()
    expect(document.body.textContent).not.toMatch(/\b0\/0\b/)
  })

  it('without tags shows the result the player gave and says the point by point is missing', async () => {
    open(report(false))
    const score = await screen.findByRole('region', { name: 'Placar' }, { timeout: 5000 })
    expect(within(score).getByText('6/4')).toBeVisible()
    expect(within(score).getByText('Vitória')).toBeVisible()
    expect(screen.getByText(NO_STATS_NOTE)).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Winners/ })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Sua movimentação' })).toBeVisible()
  })
})

describe('headlineInsights', () => {
  const { stats } = tagMatch(TOLD)

  it('picks the three most telling figures, in words that agree with the numbers', () => {
    const own = headlineInsights(stats, 2, { kind: 'own', gender: 'FEMALE' }).map((i) => i.text)
    expect(own).toEqual([
      'Você foi certeira no smash: 4 de 4 convertidos',
      'Vocês fizeram 4 pontos seguidos na melhor sequência do jogo',
      'Vocês ganharam 9 de 12 pontos no próprio saque',
    ])
    const male = headlineInsights(stats, 2, { kind: 'own', gender: 'MALE' }).map((i) => i.text)
    expect(male).toContain('Você foi certeiro no smash: 4 de 4 convertidos')
  })

  it('speaks of the player by first name in a shared report, with no gendered word', () => {
    const third = headlineInsights(stats, 2, { kind: 'third', name: 'Ana' }).map((i) => i.text)
    expect(third).toEqual([
      'Ana converteu 4 de 4 smashes',
      'A dupla de Ana fez 4 pontos seguidos na melhor sequência do jogo',
      'A dupla de Ana ganhou 9 de 12 pontos no próprio saque',
    ])
    expect(third.join(' ')).not.toMatch(/certeir/)
  })

  it('says nothing it has too few points for', () => {
    const { stats: short } = tagMatch(TOLD.slice(0, 2))
    const texts = headlineInsights(short, 2, { kind: 'own', gender: null }).map((i) => i.text)
    expect(texts.join(' ')).not.toMatch(/smash/)
  })
})
