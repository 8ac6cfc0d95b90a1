import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type AnalystVideo, PUBLISH_REFUSALS } from '@areia/contracts/analysis'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { analystVideo } from './analyst-fixtures'
import { AnalystVideoPage } from './analyst-video-page'

const routes = [
  { path: '/analista/:id', element: <AnalystVideoPage /> },
  { path: '/analista', element: <p>fila</p> },
]
const analyst = () => fakeAuth({ user: makeUser({ role: 'ANALYST' }) })
const VIDEO = 'GET /api/v1/analyst/videos/7'
/** The tagging panel reads the video's tags (none yet). */
const TAGS = {
  'GET /api/v1/analyst/videos/7/tags': () =>
    jsonResponse({ revision: 0, tags: null, saved_at: null }),
}

/**
 * A 2D context that records what the overlay draws (jsdom has no canvas): the boxes, and which of
 * them were drawn dashed.
 */
function recordCanvas() {
  const rects: number[][] = []
  const dashed: number[][] = []
  let dash: number[] = []
  const ctx = {
    clearRect: vi.fn(),
    setLineDash: (segments: number[]) => (dash = segments),
    strokeRect: (...args: number[]) => {
      rects.push(args)
      if (dash.length) dashed.push(args)
    },
    fillRect: vi.fn(),
    fillText: vi.fn(),
    measureText: () => ({ width: 20 }),
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  )
  return { rects, dashed }
}

function setVideoTime(seconds: number) {
  const video = screen.getByLabelText<HTMLVideoElement>('Vídeo do jogo')
  video.currentTime = seconds
  fireEvent(video, new Event('timeupdate'))
}

describe('AnalystVideoPage', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends the dragged and keyboard-moved corners, then shows the re-analysis running', async () => {
    recordCanvas()
    let stage = 'REVIEW'
    let sent: { corners: AnalystVideo['corners'] } | null = null
    mockServer({
      ...TAGS,
      [VIDEO]: () =>
        jsonResponse(
          analystVideo({
            stage: stage as 'REVIEW',
            percent: stage === 'REVIEW' ? 100 : 5,
            // The server keeps the corners it was given, now confirmed.
            ...(sent ? { corners: sent.corners, corners_source: 'confirmed' } : {}),
          }),
        ),
      'PUT /api/v1/analyst/videos/7/corners': async (request) => {
        sent = (await request.json()) as typeof sent
        stage = 'QUEUED'
        return new Response(null, { status: 204 })
      },
    })
    renderRoutes(routes, '/analista/7', analyst())
    const nearLeft = await screen.findByRole('button', { name: /Canto 1: Perto, à esquerda/ })
    // The image is shown at half size: 640 × 360 CSS pixels for a 1280 × 720 video.
    const image = nearLeft.parentElement!
    vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 20, y: 40, width: 640, height: 360 }),
    )
    fireEvent.pointerDown(nearLeft, { pointerId: 1, clientX: 70, clientY: 365 })
    fireEvent.pointerMove(nearLeft, { pointerId: 1, clientX: 80, clientY: 370 })
    fireEvent.pointerUp(nearLeft, { pointerId: 1 })
    expect(nearLeft).toHaveAccessibleName('Canto 1: Perto, à esquerda (x 120, y 660)')
    // Keyboard: 4 px a step for a 1280-wide image, ten times that with Shift.
    const farLeft = screen.getByRole('button', { name: /Canto 4: Longe, à esquerda/ })
    fireEvent.keyDown(farLeft, { key: 'ArrowRight' })
    fireEvent.keyDown(farLeft, { key: 'ArrowUp', shiftKey: true })
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cantos' }))
    await waitFor(() =>
      expect(sent).toEqual({
        corners: [
          { x: 120, y: 660 },
          { x: 1180, y: 650 },
          { x: 900, y: 250 },
          { x: 384, y: 210 },
        ],
      }),
    )
    expect(
      await screen.findByRole('progressbar', { name: 'Na fila da análise: 5%' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Cantos salvos: a análise recomeçou com eles.')).toBeInTheDocument()
    expect(screen.getByText('Cantos confirmados por um analista.')).toBeInTheDocument()
    expect(nearLeft).toHaveAccessibleName('Canto 1: Perto, à esquerda (x 120, y 660)')
    expect(screen.getByRole('button', { name: 'Confirmar cantos' })).toBeDisabled()
  })

  it('draws the boxes of the last round at or before the current time', async () => {
    const { rects, dashed } = recordCanvas()
    mockServer({ [VIDEO]: () => jsonResponse(analystVideo()) })
    renderRoutes(routes, '/analista/7', analyst())
    await screen.findByLabelText('Vídeo do jogo')
    rects.length = 0
    setVideoTime(1.6)
    expect(rects).toEqual([[110, 120, 40, 80]])
    rects.length = 0
    setVideoTime(2.2)
    expect(rects).toEqual([[210, 220, 50, 90]])
    expect(dashed).toEqual([])
    expect(screen.queryByText(/Caixa tracejada/)).toBeNull()
  })

  it('says the video had no sound, and who the video showed serving each lance', async () => {
    const base = analystVideo()
    const rallies = {
      ...base.rallies!,
      video_sound: false,
      items: base.rallies!.items.map((r, i) => ({
        ...r,
        serve: i === 0 ? { at_sec: r.start_sec, track_id: 4, side: 'right' as const } : null,
      })),
    }
    mockServer({ [VIDEO]: () => jsonResponse(analystVideo({ rallies })) })
    renderRoutes(routes, '/analista/7', analyst())
    expect(await screen.findByText('Vídeo sem som:')).toBeVisible()
    expect(screen.getByText(/os lances vieram só do movimento dos jogadores/)).toBeVisible()
    expect(screen.getByText(/saque de J4 \(lado direito\)/)).toBeVisible()
  })

  it('draws dashed the box of a player placed by their clothes behind their partner', async () => {
    const { rects, dashed } = recordCanvas()
    const overlay = [
      {
        t: 0,
        frame: 0,
        boxes: [
          { x: 10, y: 20, w: 30, h: 60, track_id: 4 },
          { x: 14, y: 18, w: 28, h: 58, track_id: 3, hidden: true },
        ],
      },
    ]
    mockServer({ [VIDEO]: () => jsonResponse(analystVideo({ overlay })) })
    renderRoutes(routes, '/analista/7', analyst())
    await screen.findByLabelText('Vídeo do jogo')
    rects.length = 0
    dashed.length = 0
    setVideoTime(0.2)
    expect(rects).toEqual([
      [10, 20, 30, 60],
      [14, 18, 28, 58],
    ])
    expect(dashed).toEqual([[14, 18, 28, 58]])
    expect(screen.getByText(/Caixa tracejada: jogador escondido atrás do parceiro/)).toBeTruthy()
  })

  it('swaps two players from the current time, then from the start, and shows the new figures', async () => {
    recordCanvas()
    const user = userEvent.setup()
    const bodies: unknown[] = []
    mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo()),
      'POST /api/v1/analyst/videos/7/swap': async (request) => {
        bodies.push(await request.json())
        return jsonResponse(
          analystVideo({
            players: [1, 2, 3, 4].map((id) => ({
              ...analystVideo().players[id - 1]!,
              distance_m: { value: id === 1 ? 512 : 400, frames: [] },
            })),
          }),
        )
      },
    })
    renderRoutes(routes, '/analista/7', analyst())
    await screen.findByLabelText('Vídeo do jogo')
    setVideoTime(12.5)
    await user.selectOptions(screen.getByLabelText('Jogador'), 'J1')
    await user.selectOptions(screen.getByLabelText('com o jogador'), 'J3')
    await user.click(screen.getByRole('button', { name: 'Trocar jogadores' }))
    expect(await screen.findByText(/J1 e J3 trocados a partir de 0:12/)).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '512 m' })).toBeInTheDocument()
    await user.click(screen.getByLabelText('O início do vídeo'))
    await user.click(screen.getByRole('button', { name: 'Trocar jogadores' }))
    await screen.findByText(/trocados no vídeo todo/)
    expect(bodies).toEqual([
      { a: 1, b: 3, from_sec: 12.5 },
      { a: 1, b: 3 },
    ])
  })

  it('refuses to swap a player with themselves without calling the server', async () => {
    recordCanvas()
    const user = userEvent.setup()
    const server = mockServer({ [VIDEO]: () => jsonResponse(analystVideo()) })
    renderRoutes(routes, '/analista/7', analyst())
    await user.selectOptions(await screen.findByLabelText('com o jogador'), 'J1')
    await user.click(screen.getByRole('button', { name: 'Trocar jogadores' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha dois jogadores diferentes.')
    expect(server.count('POST /api/v1/analyst/videos/7/swap')).toBe(0)
  })

  it('offers the player’s chat answer and confirms the chosen track', async () => {
    recordCanvas()
    const user = userEvent.setup()
    let body: unknown = null
    mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo()),
      'PUT /api/v1/analyst/videos/7/player': async (request) => {
        body = await request.json()
        return jsonResponse(analystVideo({ player_track_id: 2 }))
      },
    })
    renderRoutes(routes, '/analista/7', analyst())
    expect(await screen.findByText('2º jogador')).toBeInTheDocument()
    expect(screen.getByLabelText('Jogador rastreado')).toHaveValue('2')
    await user.click(screen.getByRole('button', { name: 'Confirmar jogador' }))
    expect(await screen.findByText('Confirmado: J2.')).toBeInTheDocument()
    expect(body).toEqual({ track_id: 2 })
  })

  it('saves the draft, previews it, and shows the server’s reason when publishing is refused', async () => {
    recordCanvas()
    const user = userEvent.setup()
    const saved: unknown[] = []
    const server = mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo({ human_commentary: true })),
      'PUT /api/v1/analyst/videos/7/report': async (request) => {
        saved.push(await request.json())
        return new Response(null, { status: 204 })
      },
      'POST /api/v1/analyst/videos/7/publish': () =>
        jsonResponse({ detail: 'Confirme qual jogador é o cliente antes de publicar.' }, 422),
    })
    renderRoutes(routes, '/analista/7', analyst())
    expect(
      await screen.findByText(/escreva a sua análise no relatório antes de publicar/),
    ).toBeInTheDocument()
    const text = screen.getByLabelText('Texto do relatório (markdown)')
    await user.clear(text)
    await user.click(text)
    await user.paste('## Comentário do analista\n\nSuba mais à **rede**.')
    const preview = screen.getByRole('region', { name: 'Como o jogador vai ler' })
    expect(within(preview).getByText('rede').tagName).toBe('STRONG')
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }))
    expect(await screen.findByText('Rascunho salvo.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publicar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirme qual jogador é o cliente antes de publicar.',
    )
    // The typed text differs from the server's draft, so publishing saved it first.
    const typed = '## Comentário do analista\n\nSuba mais à **rede**.'
    expect(saved).toEqual([{ markdown: typed }, { markdown: typed }])
    expect(server.count('POST /api/v1/analyst/videos/7/publish')).toBe(1)
  })

  it('Enter on the focused point of the list confirms it and moves on to the next', async () => {
    recordCanvas()
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const user = userEvent.setup()
    mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo()),
      'PUT /api/v1/analyst/videos/7/tags': () =>
        jsonResponse({ revision: 1, tags: null, saved_at: '2026-11-23T12:00:00.000Z' }),
    })
    renderRoutes(routes, '/analista/7', analyst())
    const list = await screen.findByRole('list', { name: 'Pontos do vídeo' })
    const [first, second] = within(list).getAllByRole('button')
    first!.focus()
    await user.keyboard('q1wm2')
    expect(first).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(first).toHaveTextContent('Winner · Smash de J2')
    await waitFor(() => expect(second).toHaveFocus())
  })

  it('a refused publish lands on the field that fixes it: the commentary under its heading', async () => {
    recordCanvas()
    const user = userEvent.setup()
    const server = mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo({ human_commentary: true, player_track_id: 2 })),
    })
    renderRoutes(routes, '/analista/7', analyst())
    await user.click(await screen.findByRole('button', { name: 'Publicar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PUBLISH_REFUSALS.noCommentary)
    const text = screen.getByLabelText<HTMLTextAreaElement>('Texto do relatório (markdown)')
    await waitFor(() => expect(text).toHaveFocus())
    expect(text.value).toBe(
      '## Seu jogo\n\nVocê correu **410 m**.\n\n## Comentário do analista\n\n',
    )
    expect(text.selectionStart).toBe(text.value.indexOf('analista') + 'analista\n'.length)
    expect(server.count('POST /api/v1/analyst/videos/7/publish')).toBe(0)
  })

  it('a publish refused for want of the customer focuses “Jogador rastreado”', async () => {
    recordCanvas()
    const user = userEvent.setup()
    mockServer({
      ...TAGS,
      [VIDEO]: () => jsonResponse(analystVideo()),
      'POST /api/v1/analyst/videos/7/publish': () =>
        jsonResponse({ detail: PUBLISH_REFUSALS.noPlayer, code: 'no_player' }, 422),
    })
    renderRoutes(routes, '/analista/7', analyst())
    await user.click(await screen.findByRole('button', { name: 'Publicar' }))
    // Said by the button and by the field, which has the focus.
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map((a) => a.textContent)).toEqual([
      PUBLISH_REFUSALS.noPlayer,
      PUBLISH_REFUSALS.noPlayer,
    ])
    const form = screen.getByRole('form', { name: 'Quem é o cliente' })
    expect(within(form).getByRole('alert')).toHaveTextContent(PUBLISH_REFUSALS.noPlayer)
    expect(screen.getByLabelText('Jogador rastreado')).toHaveFocus()
  })

  it('refuses the video with a reason, after the confirmation dialog', async () => {
    recordCanvas()
    const user = userEvent.setup()
    let body: unknown = null
    mockServer({
      ...TAGS,
      [VIDEO]: () =>
        jsonResponse(analystVideo({ problem: 'A quadra não aparece inteira no vídeo.' })),
      'POST /api/v1/analyst/videos/7/reject': async (request) => {
        body = await request.json()
        return new Response(null, { status: 204 })
      },
      'GET /api/v1/analyst/queue': () => jsonResponse([]),
    })
    const router = renderRoutes(routes, '/analista/7', analyst())
    expect(await screen.findByText('A quadra não aparece inteira no vídeo.')).toBeInTheDocument()
    const refuse = screen.getAllByRole('button', { name: 'Recusar vídeo' })[0]!
    await user.click(refuse)
    expect(await screen.findByRole('alert')).toHaveTextContent('Explique ao jogador')
    await user.type(
      screen.getByLabelText('Motivo (o jogador vai ler)'),
      'A quadra não aparece no vídeo.',
    )
    await user.click(refuse)
    const dialog = await screen.findByRole('alertdialog', { name: 'Recusar este vídeo?' })
    await user.click(within(dialog).getByRole('button', { name: 'Recusar vídeo' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/analista'))
    expect(body).toEqual({ reason: 'A quadra não aparece no vídeo.' })
  })
})
