import type { ServerFrame } from '@areia/contracts/chat'
import type { IdentificationFrame } from '@areia/contracts/videos'
import { act, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { VideoUploadModalContext } from '../../lib/video-upload-modal'
import { PlansModalContext } from '../../lib/plans-modal'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { ANSWER_LATER, ChatView } from './chat-view'

const socket = vi.hoisted(() => ({
  onFrame: null as ((frame: ServerFrame) => void) | null,
  sent: [] as unknown[],
}))
vi.mock('../../lib/use-chat-socket', () => ({
  useChatSocket: (options: { onFrame: (frame: ServerFrame) => void }) => {
    socket.onFrame = options.onFrame
    return {
      status: 'Conectado',
      reason: null,
      send: (frame: unknown) => {
        socket.sent.push(frame)
        return true
      },
      reconnect: () => undefined,
    }
  },
}))
const server = vi.hoisted(() => ({
  picture: null as IdentificationFrame | null,
  identify: vi.fn<(id: number, who: string, box?: unknown) => Promise<unknown>>(),
}))
vi.mock('./chat-api', () => import('./chat-test-doubles').then((m) => m.quietChatApiModule))
vi.mock('../../lib/videos-api', () => ({
  fetchAwaitingIdentification: () => Promise.resolve([]),
  identifyPlayer: (id: number, who: string, box?: unknown) => server.identify(id, who, box),
  deleteVideo: () => Promise.resolve(undefined),
  fetchIdentification: () => Promise.resolve(server.picture),
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([]),
}))

/** Waits long enough for a loaded machine (several suites share two cores). */
const LONG = { timeout: 8000 }
const T = '2025-10-12T15:00:00.000Z'
const LABELS = ['1º jogador', '2º jogador', '3º jogador', '4º jogador']
const prompt = (videoId: number): ServerFrame => ({
  type: 'message',
  id: 2,
  sender: 'AI',
  coach_id: null,
  coach_assigned_name: 'Areia',
  coach_archetype_name: null,
  content: 'Para analisarmos o jogo do jeito certo: qual jogador é você?',
  timestamp: T,
  actions: LABELS.map((label) => ({ type: 'identify_player', label, value: label, videoId })),
  suggestions: null,
})

const READY: IdentificationFrame = {
  status: 'ready',
  frame_url: '/api/v1/videos/7/identification/frame?expires=1&signature=x',
  players: [
    { number: 1, box: { x: 0.28, y: 0.52, w: 0.08, h: 0.24 } },
    { number: 2, box: { x: 0.36, y: 0.3, w: 0.03, h: 0.17 } },
    { number: 3, box: { x: 0.53, y: 0.3, w: 0.04, h: 0.19 } },
  ],
}

function renderChat(gender: 'FEMALE' | 'MALE' | null = null) {
  const user = makeUser({ payment_status: 'PAYMENT_OK' })
  const auth = fakeAuth({ user: { ...user, profile: { ...user.profile, gender } } })
  renderRoutes(
    [
      {
        path: '/chat',
        element: (
          <PlansModalContext.Provider value={vi.fn()}>
            <VideoUploadModalContext.Provider value={vi.fn()}>
              <ChatView variant="main" />
            </VideoUploadModalContext.Provider>
          </PlansModalContext.Provider>
        ),
      },
    ],
    '/chat',
    auth,
  )
}

beforeEach(() => {
  server.picture = READY
  server.identify.mockReset()
  socket.sent = []
})

describe('the identification picture in the chat', { timeout: 20_000 }, () => {
  it('shows the frame with numbered buttons above the chips; a tap sends the number and box', async () => {
    server.identify.mockResolvedValue({ game_info_request_triggered: true })
    renderChat('FEMALE')
    await screen.findByRole('button', { name: 'Enviar Vídeo' }, LONG)
    act(() => socket.onFrame?.(prompt(7)))
    const two = await screen.findByRole('button', { name: 'Sou a jogadora 2 da foto' }, LONG)
    expect(screen.getByRole('img', { name: /jogadores numerados/ })).toHaveAttribute(
      'src',
      READY.frame_url,
    )
    const numbers = screen.getAllByRole('button', { name: /da foto$/ })
    expect(numbers.map((b) => b.textContent)).toEqual(['1', '2', '3'])
    // The picture comes before the chips, which stay.
    const chip = screen.getByRole('button', { name: '2º jogador' })
    expect(two.compareDocumentPosition(chip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await userEvent.click(two)
    expect(server.identify).toHaveBeenCalledWith(7, '2', READY.players[1]!.box)
    await waitFor(
      () => expect(screen.queryByRole('button', { name: '2º jogador' })).toBeNull(),
      LONG,
    )
    expect(screen.queryByRole('button', { name: /da foto$/ })).toBeNull()
  })

  it('a man (or an unsaid gender) is asked in the masculine', async () => {
    renderChat(null)
    await screen.findByRole('button', { name: 'Enviar Vídeo' }, LONG)
    act(() => socket.onFrame?.(prompt(7)))
    expect(
      await screen.findByRole('button', { name: 'Sou o jogador 1 da foto' }, LONG),
    ).toBeEnabled()
  })

  it('without a picture, the chips alone answer', async () => {
    server.picture = { status: 'unavailable', frame_url: null, players: [] }
    renderChat()
    await screen.findByRole('button', { name: 'Enviar Vídeo' }, LONG)
    act(() => socket.onFrame?.(prompt(7)))
    await screen.findByRole('button', { name: '1º jogador' }, LONG)
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull())
    expect(screen.queryByRole('button', { name: /da foto$/ })).toBeNull()
  })

  it('"Responder depois" frees the input while the question and its chips stay', async () => {
    renderChat()
    await screen.findByRole('button', { name: 'Enviar Vídeo' }, LONG)
    act(() => socket.onFrame?.(prompt(7)))
    const input = screen.getByLabelText('Mensagem')
    expect(input).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: ANSWER_LATER }))
    expect(input).toBeEnabled()
    expect(screen.queryByRole('button', { name: ANSWER_LATER })).toBeNull()
    expect(screen.getByRole('button', { name: '3º jogador' })).toBeEnabled()
    expect(
      await screen.findByRole('button', { name: 'Sou o jogador 3 da foto' }, LONG),
    ).toBeEnabled()
    await userEvent.type(input, 'Como melhorar meu saque?{Enter}')
    await waitFor(() => expect(socket.sent.length).toBeGreaterThan(0), LONG)
    expect(screen.getByRole('button', { name: '3º jogador' })).toBeInTheDocument()
  })
})
