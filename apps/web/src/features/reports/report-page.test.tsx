import type { TrackedPlayer, VideoReport } from '@areia/contracts/analysis'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { REPORT_FAILED, REPORT_NOT_READY, VideoReportPage } from './report-page'
import { NO_SOUND_REPORT } from './report-sections'

const fig = (value: number) => ({ value, frames: [10, 20] })

function player(overrides: Partial<TrackedPlayer> = {}): TrackedPlayer {
  return {
    track_id: 2,
    side: 'near',
    partner_track_id: 1,
    distance_m: fig(1234.4),
    avg_speed_mps: fig(1.5),
    peak_speed_mps: fig(5),
    time_near_net_sec: fig(30),
    time_mid_sec: fig(50),
    time_back_sec: fig(20),
    avg_partner_distance_m: fig(3.24),
    heatmap_url: '/media/signed/heatmap-2.png?sig=abc',
    ...overrides,
  }
}

const REPORT: VideoReport = {
  stats: null,
  points: [],
  video_id: 7,
  published_at: '2025-10-13T15:00:00.000Z',
  game: { date: '2025-10-12', week: null, outcome: 'WON', score: '6x4' },
  markdown:
    '## Seu jogo\n\nVocê ficou **30%** do tempo perto da rede.\n\n![Mapa de calor](/api/v1/videos/7/report/heatmap.png)\n\n[Voltar aos vídeos](/videos)',
  player: player(),
  partner: player({
    track_id: 1,
    partner_track_id: 2,
    distance_m: fig(980),
    time_near_net_sec: fig(60),
    time_mid_sec: fig(30),
    time_back_sec: fig(10),
    heatmap_url: '/media/signed/heatmap-1.png',
  }),
  rallies: {
    count: 2,
    total_play_sec: 75,
    longest_sec: 48,
    highlights_url: '/media/signed/reel.mp4',
    items: [
      {
        index: 0,
        start_sec: 12,
        end_sec: 39,
        start_frame: 300,
        end_frame: 975,
        clip_url: '/media/signed/r0.mp4',
      },
      { index: 1, start_sec: 70, end_sec: 118, start_frame: 1750, end_frame: 2950, clip_url: null },
    ],
  },
}

function open(path = '/videos/7') {
  return renderRoutes(
    [
      { path: '/videos/:id', element: <VideoReportPage /> },
      { path: '/videos', element: <p>lista de vídeos</p> },
    ],
    path,
  )
}

beforeEach(() => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  // jsdom has no blob URLs.
  URL.createObjectURL = vi.fn(() => 'blob:heatmap')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.unstubAllGlobals())

describe('VideoReportPage', () => {
  it('shows the game, the figures, the zones beside the partner, the heatmap, the clips and the text', async () => {
    const server = mockServer({
      'GET /api/v1/videos/7/report': () => jsonResponse(REPORT),
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    })
    const router = open()
    expect(await screen.findByRole('heading', { name: 'Vitória por 6/4' })).toBeVisible()
    // A result stored before results were read back ("6x4") reads the same way.
    expect(screen.getByText('Jogo de 12 de outubro de 2025')).toBeVisible()

    const figures = screen.getByRole('list', { name: 'Movimentação' })
    expect(within(figures).getByText('1.234 m')).toBeVisible()
    expect(within(figures).getByText('5,4 km/h')).toBeVisible() // 1.5 m/s
    expect(within(figures).getByText('18,0 km/h')).toBeVisible() // 5 m/s
    expect(within(figures).getByText('3,2 m')).toBeVisible()

    const net = screen.getByRole('group', { name: 'Perto da rede' })
    expect(within(net).getByRole('meter', { name: 'Você' })).toHaveAttribute('aria-valuenow', '30')
    expect(within(net).getByRole('meter', { name: 'Parceiro' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    )
    const back = screen.getByRole('group', { name: 'Fundo da quadra' })
    expect(within(back).getByText('20%')).toBeVisible()
    const compare = screen.getByRole('table')
    expect(
      within(compare).getByRole('row', { name: /Distância percorrida 1.234 m 980 m/ }),
    ).toBeVisible()

    expect(screen.getByRole('img', { name: /^Mapa de calor: onde você esteve/ })).toHaveAttribute(
      'src',
      '/media/signed/heatmap-2.png?sig=abc',
    )

    const stats = within(screen.getByRole('list', { name: 'Resumo dos lances' })).getAllByRole(
      'listitem',
    )
    expect(stats.map((li) => li.textContent)).toEqual([
      '2 lances',
      '1 min 15 s de bola em jogo',
      'Mais longo: 48 s',
    ])
    // A video with sound says nothing of it.
    expect(screen.queryByText(NO_SOUND_REPORT)).toBeNull()
    const clip = screen.getByLabelText('Lance 1')
    expect(clip.tagName).toBe('VIDEO')
    expect(clip).toHaveAttribute('src', '/media/signed/r0.mp4')
    expect(clip).toHaveAttribute('controls')
    expect(clip).toHaveAttribute('preload', 'metadata')
    expect(screen.getByText('Clipe ainda não disponível.')).toBeVisible()
    expect(screen.getByLabelText('Melhores momentos')).toHaveAttribute(
      'src',
      '/media/signed/reel.mp4',
    )

    // The analyst's markdown: the API image arrives with the token, the link stays in the app.
    const text = screen.getByRole('heading', { name: 'Comentários do analista' }).parentElement!
    expect(within(text).getByText('30%').tagName).toBe('STRONG')
    await waitFor(() =>
      expect(within(text).getByRole('img', { name: 'Mapa de calor' })).toHaveAttribute(
        'src',
        'blob:heatmap',
      ),
    )
    const image = server.calls.find((r) => r.url.endsWith('/report/heatmap.png'))!
    expect(image.headers.get('Authorization')).toMatch(/^Bearer /)
    await userEvent.click(within(text).getByRole('link', { name: 'Voltar aos vídeos' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'))
    expect(screen.getByText('lista de vídeos')).toBeVisible()
  })

  it('says the video had no sound, so the lances come from the players alone', async () => {
    mockServer({
      'GET /api/v1/videos/7/report': () =>
        jsonResponse({ ...REPORT, rallies: { ...REPORT.rallies, video_sound: false } }),
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    })
    open()
    expect(await screen.findByText(NO_SOUND_REPORT)).toBeVisible()
  })

  it('lands on the section a coach linked to, once the report is on the screen', async () => {
    mockServer({
      'GET /api/v1/videos/7/report': () => jsonResponse(REPORT),
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    })
    // jsdom has no scrolling: the page's call is recorded instead.
    const scrolled: string[] = []
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: function (this: Element) {
        scrolled.push(this.id)
      },
    })
    try {
      open('/videos/7#report-zones')
      await waitFor(() => expect(scrolled).toEqual(['report-zones']))
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
    }
  })

  it('says the report is not available yet while the server answers 404', async () => {
    mockServer({
      'GET /api/v1/videos/8/report': () =>
        jsonResponse({ detail: 'Relatório não encontrado.', code: 'not_found' }, 404),
    })
    open('/videos/8')
    expect(await screen.findByRole('heading', { name: REPORT_NOT_READY })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Ver meus vídeos' })).toHaveAttribute('href', '/videos')
  })

  it('does not ask the server for an id that is not a number', async () => {
    const server = mockServer({})
    open('/videos/abc')
    expect(await screen.findByRole('heading', { name: REPORT_NOT_READY })).toBeVisible()
    expect(server.calls).toHaveLength(0)
  })

  it('offers to try again after a failure, and shows the report when it comes', async () => {
    let fail = true
    mockServer({
      'GET /api/v1/videos/7/report': () =>
        fail ? jsonResponse({ detail: 'erro' }, 503) : jsonResponse({ ...REPORT, partner: null }),
      'GET /api/v1/videos/7/report/heatmap.png': () => new Response(new Blob(['png'])),
    })
    open()
    expect(await screen.findByText(REPORT_FAILED, {}, { timeout: 5000 })).toBeVisible()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('list', { name: 'Movimentação' })).toBeVisible()
    // Without a partner: only the player's bars, no comparison table.
    expect(screen.queryByRole('meter', { name: 'Parceiro' })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
