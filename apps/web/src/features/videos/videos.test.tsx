import type { ServerFrame } from '@areia/contracts/chat'
import type { Video } from '@areia/contracts/videos'
import { act, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { analysisProgressForTests } from '../../lib/analysis-progress'
import { ApiError } from '../../lib/api-error'
import type { ChunkTransport } from '../../lib/resumable-upload'
import { useOpenVideoUpload } from '../../lib/video-upload-modal'
import { videoUploadsForTests } from '../../lib/video-uploads'
import { makeUser, makeVideo } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { UploadModalHost } from './upload-host'
import { DELETE_CONFIRM, LIST_FAILED, NO_VIDEOS } from './video-text'
import { VideosPage } from './videos-page'

const api = vi.hoisted(() => ({
  list: vi.fn<() => Promise<Video[]>>(),
  remove: vi.fn<(id: number) => Promise<undefined>>(),
  createUploadUrl: vi.fn(),
  sendVideoLink: vi.fn(),
}))
vi.mock('../../lib/videos-api', () => ({
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => api.list(),
  deleteVideo: (id: number) => api.remove(id),
  createUploadUrl: (type: string) => api.createUploadUrl(type) as unknown,
  sendVideoLink: (url: string, source: string) => api.sendVideoLink(url, source) as unknown,
}))

// Meus Vídeos listens to the socket while a video is analysed; the test plays the server.
const socket = vi.hoisted(() => ({
  onFrame: null as ((frame: ServerFrame) => void) | null,
  ready: false,
  catchUp: undefined as boolean | undefined,
}))
vi.mock('../../lib/use-chat-socket', () => ({
  useChatSocket: (options: {
    ready: boolean
    catchUp?: boolean
    onFrame: (frame: ServerFrame) => void
  }) => {
    socket.onFrame = options.onFrame
    socket.ready = options.ready
    socket.catchUp = options.catchUp
    return { status: 'Conectado', send: () => true }
  },
}))

const video = (overrides: Partial<Video> = {}): Video =>
  makeVideo({ upload_timestamp: '2025-10-12T15:30:00.000Z', player_identifier: 2, ...overrides })

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset()
})
afterEach(() => {
  analysisProgressForTests.reset()
  videoUploadsForTests.reset()
  videoUploadsForTests.setTransport(undefined)
})

describe('Meus Vídeos', () => {
  it('shows the empty state', async () => {
    api.list.mockResolvedValue([])
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    expect(await screen.findByText(NO_VIDEOS)).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Meus Vídeos' })).toBeVisible()
  })

  it.each([
    ['a Pro player lands in the chat with the upload sheet open', 'PAYMENT_OK' as const, true],
    ['a free player lands in the chat, where the button offers the plans', 'FREE' as const, false],
  ])('"Enviar um vídeo pelo chat": %s', async (_name, paymentStatus, opens) => {
    api.list.mockResolvedValue([])
    const router = renderRoutes(
      [
        { path: '/videos', element: <VideosPage /> },
        {
          path: '/chat',
          element: (
            <UploadModalHost>
              <p>chat</p>
            </UploadModalHost>
          ),
        },
      ],
      '/videos',
      fakeAuth({ user: makeUser({ payment_status: paymentStatus }) }),
    )
    await userEvent.click(await screen.findByRole('link', { name: 'Enviar um vídeo pelo chat' }))
    expect(await screen.findByText('chat')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/chat')
    if (opens) {
      expect(await screen.findByRole('dialog', { name: 'Enviar vídeo do jogo' })).toBeVisible()
    } else {
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    // Used once: going back to it, or reloading, does not open the sheet again.
    await waitFor(() => expect(router.state.location.state).toBeNull())
  })

  it('lists each video with its pt-BR status and São Paulo date', async () => {
    api.list.mockResolvedValue([
      video({ id: 2, status: 'AWAITING_IDENTIFICATION' }),
      video({ id: 1, status: 'FAILED', failure_reason: 'ele tem 10 segundos.' }),
    ])
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    expect(await screen.findByText('Aguardando identificação')).toBeVisible()
    expect(screen.getByText('Recusado')).toBeVisible()
    expect(screen.getByText('ele tem 10 segundos.')).toBeVisible()
    expect(screen.getAllByText(/12 de outubro de 2025.*12:30/)).toHaveLength(2)
  })

  it('deletes only after the confirmation', async () => {
    api.list.mockResolvedValue([video({ id: 7 })])
    api.remove.mockResolvedValue(undefined)
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    await userEvent.click(await screen.findByRole('button', { name: /Excluir vídeo/ }))
    const dialog = screen.getByRole('alertdialog')
    expect(within(dialog).getByText(DELETE_CONFIRM)).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    expect(api.remove).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: /Excluir vídeo/ }))
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }),
    )
    expect(api.remove).toHaveBeenCalledWith(7)
    await waitFor(() => expect(screen.queryByText('Na fila de análise')).toBeNull())
  })

  it('a ready video opens its report; one being analysed shows its stage and percent live', async () => {
    api.list.mockResolvedValue([
      video({ id: 9, status: 'ANALYZING' }),
      video({ id: 7, status: 'READY' }),
    ])
    const router = renderRoutes(
      [
        { path: '/videos', element: <VideosPage /> },
        { path: '/videos/:id', element: <p>relatório</p> },
      ],
      '/videos',
    )
    expect(await screen.findByText('Em análise pela visão computacional')).toBeVisible()
    // Live events only: the list does not need the chat's messages replayed.
    expect(socket.ready).toBe(true)
    expect(socket.catchUp).toBe(false)
    expect(screen.queryByRole('progressbar')).toBeNull()

    const progress = (stage: string, percent: number): ServerFrame => ({
      type: 'SYSTEM',
      event: 'analysis_progress',
      timestamp: '2025-10-12T15:31:00.000Z',
      video_id: 9,
      stage,
      percent,
    })
    act(() => socket.onFrame?.(progress('COURT', 12.4)))
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da análise' })
    expect(bar).toHaveAttribute('aria-valuenow', '12')
    expect(screen.getByText('Mapeando a quadra · 12%')).toBeVisible()
    act(() => socket.onFrame?.(progress('PLAYERS', 55)))
    expect(screen.getByText('Acompanhando os jogadores · 55%')).toBeVisible()
    expect(bar).toHaveAttribute('aria-valuenow', '55')

    // Published: analysis_ready refreshes the list, and the row now opens the report.
    const calls = api.list.mock.calls.length
    api.list.mockResolvedValue([
      video({ id: 9, status: 'READY' }),
      video({ id: 7, status: 'READY' }),
    ])
    act(() =>
      socket.onFrame?.({
        type: 'SYSTEM',
        event: 'analysis_ready',
        timestamp: '2025-10-12T16:00:00.000Z',
        video_id: 9,
      }),
    )
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Ver relatório' })).toHaveLength(2),
    )
    expect(api.list.mock.calls.length).toBeGreaterThan(calls)
    expect(screen.queryByRole('progressbar')).toBeNull()
    await waitFor(() => expect(socket.ready).toBe(false))

    await userEvent.click(screen.getAllByRole('link', { name: 'Ver relatório' })[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/9'))
  })

  it('says when the list cannot load', async () => {
    api.list.mockRejectedValue(new ApiError(500, null))
    renderRoutes([{ path: '/videos', element: <VideosPage /> }], '/videos')
    expect(await screen.findByText(LIST_FAILED, {}, { timeout: 4000 })).toBeVisible()
  })
})

function Opener() {
  const open = useOpenVideoUpload()
  return (
    <button type="button" onClick={() => open?.()}>
      abrir
    </button>
  )
}

function renderModal() {
  renderRoutes(
    [
      {
        path: '/chat',
        element: (
          <UploadModalHost>
            <Opener />
          </UploadModalHost>
        ),
      },
    ],
    '/chat',
  )
  return userEvent.click(screen.getByRole('button', { name: 'abrir' }))
}

describe('upload modal', () => {
  it('marks each source with its own drawing, not a letter', async () => {
    await renderModal()
    const dialog = screen.getByRole('dialog', { name: 'Enviar vídeo do jogo' })
    for (const name of ['Google Drive', 'Google Fotos', 'Dropbox', 'iCloud']) {
      const button = within(dialog).getByRole('button', { name })
      expect(button.querySelector('svg.source-mark')).not.toBeNull()
    }
    expect(within(dialog).getByRole('button', { name: 'Do dispositivo' })).toBeVisible()
  })

  it('offers no cancel once every byte has arrived and the video is being checked', async () => {
    api.createUploadUrl.mockResolvedValue({
      upload_url: 'http://x/u',
      video_id: 5,
      expires_at: 'x',
      max_bytes: 10,
    })
    const transport: ChunkTransport = async ({ body, onProgress }) => {
      onProgress(body?.size ?? 0)
      await new Promise<void>(() => undefined)
      return { status: 200, range: null, body: '' }
    }
    videoUploadsForTests.setTransport(transport)
    await renderModal()
    const file = new File([new Uint8Array(1024)], 'jogo.mp4', { type: 'video/mp4' })
    await userEvent.upload(screen.getByLabelText('Arquivo de vídeo'), file)
    expect(await screen.findByText('Verificando o vídeo...')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancelar Envio' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Continuar no chat' })).toBeVisible()
  })

  it('shows the filming guide and refuses a file that is not a video', async () => {
    await renderModal()
    const dialog = screen.getByRole('dialog', { name: 'Enviar vídeo do jogo' })
    expect(within(dialog).getByText(/atrás da linha de fundo/)).toBeVisible()
    expect(within(dialog).getByText(/horizontal/)).toBeVisible()
    const file = new File(['x'], 'notas.txt', { type: 'text/plain' })
    await userEvent.upload(within(dialog).getByLabelText('Arquivo de vídeo'), file, {
      applyAccept: false,
    })
    expect(within(dialog).getByText('Por favor, selecione um arquivo de vídeo.')).toBeVisible()
    expect(api.createUploadUrl).not.toHaveBeenCalled()
  })

  it('link step: back, URL check, then success', async () => {
    api.sendVideoLink.mockResolvedValue({ id: 3 })
    await renderModal()
    await userEvent.click(screen.getByRole('button', { name: /Dropbox/ }))
    expect(screen.getByRole('dialog', { name: 'Enviar link do Dropbox' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    await userEvent.click(screen.getByRole('button', { name: /Google Drive/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }))
    expect(screen.getByText('Por favor, insira uma URL válida.')).toBeVisible()
    await userEvent.type(
      screen.getByLabelText('Link do vídeo'),
      'https://drive.google.com/file/d/abc/view',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Enviar link' }))
    expect(api.sendVideoLink).toHaveBeenCalledWith(
      'https://drive.google.com/file/d/abc/view',
      'GOOGLE_DRIVE',
    )
    expect(await screen.findByText('Link recebido!')).toBeVisible()
  })

  it("shows the server's refusal (the plan's monthly limit) when the upload cannot start", async () => {
    api.createUploadUrl.mockRejectedValue(
      new ApiError(
        429,
        'Você já usou os 4 vídeos do seu plano neste mês. O limite renova no dia 1º.',
        { code: 'monthly_video_limit' },
      ),
    )
    await renderModal()
    const file = new File(['x'], 'jogo.mp4', { type: 'video/mp4' })
    await userEvent.upload(screen.getByLabelText('Arquivo de vídeo'), file)
    expect(await screen.findByText(/Você já usou os 4 vídeos/)).toBeVisible()
  })

  it('uploads with progress, then success; closing resets it after about 200 ms', async () => {
    api.createUploadUrl.mockResolvedValue({
      upload_url: 'http://x/u',
      video_id: 4,
      expires_at: 'x',
      max_bytes: 10,
    })
    let release: () => void = () => undefined
    const transport: ChunkTransport = async ({ body, onProgress }) => {
      onProgress((body?.size ?? 0) / 2)
      await new Promise<void>((resolve) => (release = resolve))
      return { status: 200, range: null, body: JSON.stringify(video({ id: 4 })) }
    }
    videoUploadsForTests.setTransport(transport)
    await renderModal()
    const file = new File([new Uint8Array(2 * 1024 * 1024)], 'jogo.mp4', { type: 'video/mp4' })
    await userEvent.upload(screen.getByLabelText('Arquivo de vídeo'), file)
    expect(await screen.findByText('Enviando 50% · 1,0 MB de 2,0 MB')).toBeVisible()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
    act(() => release())
    expect(await screen.findByText('Vídeo enviado!')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Ir para o chat' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await new Promise((r) => setTimeout(r, 250))
    await userEvent.click(screen.getByRole('button', { name: 'abrir' }))
    expect(screen.getByRole('button', { name: 'Do dispositivo' })).toBeVisible()
  })
})
