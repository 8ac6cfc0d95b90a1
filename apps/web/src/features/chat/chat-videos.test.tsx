import type { ChatHistoryItem, ServerFrame } from '@areia/contracts/chat'
import { act, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { VideoUploadModalContext } from '../../lib/video-upload-modal'
import { PlansModalContext } from '../../lib/plans-modal'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { ChatView } from './chat-view'
import { socket } from './chat-test-doubles'
import { decorateMessages, IDENTIFY_PROMPT, videoIdOf } from './use-video-actions'

vi.mock('../../lib/use-chat-socket', () =>
  import('./chat-test-doubles').then((m) => m.fakeChatSocketModule),
)
const server = vi.hoisted(() => ({
  history: [] as ChatHistoryItem[],
  awaiting: [] as { id: number; upload_timestamp: string }[],
  identify: vi.fn<(id: number, who: string) => Promise<{ game_info_request_triggered: boolean }>>(),
  remove: vi.fn<(id: number) => Promise<undefined>>(),
}))
vi.mock('./chat-api', () => ({
  loadChatHistory: () => Promise.resolve(server.history),
  prefetchChatHistory: () => undefined,
  checkForReport: () => Promise.resolve({}),
}))
vi.mock('../../lib/videos-api', () => ({
  fetchAwaitingIdentification: () => Promise.resolve(server.awaiting),
  identifyPlayer: (id: number, who: string) => server.identify(id, who),
  deleteVideo: (id: number) => server.remove(id),
  fetchIdentification: () =>
    Promise.resolve({ status: 'unavailable', frame_url: null, players: [] }),
  // Asked only when an interrupted upload was stored (none here).
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([]),
}))

const T = '2025-10-12T15:00:00.000Z'
const PLAYERS = ['1º jogador', '2º jogador', '3º jogador', '4º jogador']

function receipt(id: number, videoId: ChatHistoryItem['actions']): ChatHistoryItem[] {
  return [
    {
      id,
      content: 'Recebemos o seu vídeo!',
      sender_type: 'AI',
      coach_id: null,
      coach_assigned_name: 'Areia',
      coach_archetype_name: null,
      created_at: T,
      actions: videoId,
      suggestions: null,
    },
  ]
}

const cancelChip = (videoId: number | string | { id: number }) => ({
  type: 'cancel_video' as const,
  label: 'Cancelar Envio',
  videoId,
})
const identifyChips = (videoId: number) =>
  PLAYERS.map((label) => ({ type: 'identify_player' as const, label, value: label, videoId }))

function frame(id: number, actions: ChatHistoryItem['actions'], content = 'msg'): ServerFrame {
  return {
    type: 'message',
    id,
    sender: 'AI',
    coach_id: null,
    coach_assigned_name: 'Areia',
    coach_archetype_name: null,
    content,
    timestamp: T,
    actions,
    suggestions: null,
  }
}

const push = (f: ServerFrame) => act(() => socket.onFrame?.(f))

function renderChat(paying = true, openUpload = vi.fn(), openPlans = vi.fn()) {
  const auth = fakeAuth({
    user: makeUser({ payment_status: paying ? 'PAYMENT_OK' : 'FREE' }),
  })
  renderRoutes(
    [
      {
        path: '/chat',
        element: (
          <PlansModalContext.Provider value={openPlans}>
            <VideoUploadModalContext.Provider value={openUpload}>
              <ChatView variant="main" />
            </VideoUploadModalContext.Provider>
          </PlansModalContext.Provider>
        ),
      },
    ],
    '/chat',
    auth,
  )
  return { openUpload, openPlans }
}

beforeEach(() => {
  server.history = []
  server.awaiting = []
  server.identify.mockReset()
  server.remove.mockReset()
})

describe('videoIdOf', () => {
  it('accepts a number, a numeric string or an object; ignores anything else', () => {
    expect(videoIdOf(7)).toBe(7)
    expect(videoIdOf('7')).toBe(7)
    expect(videoIdOf({ videoId: 7 })).toBe(7)
    expect(videoIdOf({ id: 7 })).toBe(7)
    expect(videoIdOf('sete')).toBeNull()
    expect(videoIdOf(-1)).toBeNull()
    expect(videoIdOf(1.5)).toBeNull()
    expect(videoIdOf(null)).toBeNull()
    expect(videoIdOf({})).toBeNull()
  })
})

describe('decorateMessages', () => {
  it('hides stale chips of stored messages and builds the missing prompts', () => {
    const base = {
      key: 'm1',
      id: 1,
      clientId: null,
      sender: 'AI' as const,
      coachId: null,
      name: null,
      archetype: null,
      text: 'x',
      timestamp: T,
      suggestions: [],
      pending: false,
    }
    const out = decorateMessages(
      [{ ...base, actions: [cancelChip(3)] }],
      [{ id: 9, upload_timestamp: T }],
      1,
      {},
    )
    expect(out.messages[0]?.actions).toEqual([])
    expect(out.messages[1]?.text).toBe(IDENTIFY_PROMPT)
    expect(out.messages[1]?.actions.map((a) => a.label)).toEqual(PLAYERS)
    expect(out.awaitingIds).toEqual([9])
  })
})

describe('chat video flow', () => {
  it('Enviar Vídeo opens the upload modal for PAYMENT_OK', async () => {
    const paying = renderChat(true)
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar Vídeo' }))
    expect(paying.openUpload).toHaveBeenCalledTimes(1)
    expect(paying.openPlans).not.toHaveBeenCalled()
  })

  it('a non-paying player gets the plans modal', async () => {
    const free = renderChat(false)
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar Vídeo' }))
    expect(free.openPlans).toHaveBeenCalledTimes(1)
    expect(free.openUpload).not.toHaveBeenCalled()
  })

  it('identifying removes the identify chips, keeps cancel, and frees the input', async () => {
    server.identify.mockResolvedValue({ game_info_request_triggered: true })
    renderChat()
    await screen.findByRole('button', { name: 'Enviar Vídeo' })
    push(frame(1, [cancelChip('5')]))
    push(frame(2, identifyChips(5)))
    const input = screen.getByLabelText('Mensagem')
    expect(input).toBeDisabled()
    await userEvent.click(await screen.findByRole('button', { name: '2º jogador' }))
    expect(server.identify).toHaveBeenCalledWith(5, '2º jogador')
    await waitFor(() => expect(screen.queryByRole('button', { name: '1º jogador' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Cancelar Envio' })).toBeEnabled()
    expect(input).toBeEnabled()
  })

  it('cancelling deletes the video and removes its chips', async () => {
    server.remove.mockResolvedValue(undefined)
    renderChat()
    await screen.findByRole('button', { name: 'Enviar Vídeo' })
    push(frame(1, [cancelChip({ id: 6 })]))
    push(frame(2, identifyChips(6)))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar Envio' }))
    expect(server.remove).toHaveBeenCalledWith(6)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar Envio' })).toBeNull())
    expect(screen.queryByRole('button', { name: '3º jogador' })).toBeNull()
    expect(screen.getByLabelText('Mensagem')).toBeEnabled()
  })

  it('a failed identification alerts and keeps the chips to try again', async () => {
    server.identify.mockRejectedValue(new ApiError(500, null))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    renderChat()
    await screen.findByRole('button', { name: 'Enviar Vídeo' })
    push(frame(2, identifyChips(8)))
    await userEvent.click(await screen.findByRole('button', { name: '4º jogador' }))
    const alert = await screen.findByRole('alertdialog')
    expect(within(alert).getByText('Erro ao registrar jogador.')).toBeVisible()
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }))
    expect(screen.getByRole('button', { name: '4º jogador' })).toBeEnabled()
  })

  it.each([
    [
      'identified elsewhere',
      409,
      'not_awaiting_identification',
      ['4º jogador'],
      ['Cancelar Envio'],
    ],
    ['gone', 404, 'not_found', ['4º jogador', 'Cancelar Envio'], []],
  ] as const)(
    'an identification refused as %s (by code, whatever the words) drops the stale chips',
    async (_name, status, code, gone, kept) => {
      server.identify.mockRejectedValue(new ApiError(status, 'Frase reescrita.', { code }))
      renderChat()
      await screen.findByRole('button', { name: 'Enviar Vídeo' })
      push(frame(1, [cancelChip({ id: 8 })]))
      push(frame(2, identifyChips(8)))
      await userEvent.click(await screen.findByRole('button', { name: '4º jogador' }))
      const alert = await screen.findByRole('alertdialog')
      await userEvent.click(within(alert).getByRole('button', { name: 'OK' }))
      for (const name of gone) expect(screen.queryByRole('button', { name })).toBeNull()
      for (const name of kept) expect(screen.getByRole('button', { name })).toBeVisible()
    },
  )

  it('on load, a video awaiting identification gets its prompt once; stale chips are hidden', async () => {
    server.history = [...receipt(1, [cancelChip(3)]), ...receipt(2, identifyChips(4))]
    server.awaiting = [
      { id: 4, upload_timestamp: T },
      { id: 10, upload_timestamp: T },
    ]
    renderChat()
    // Video 3 is no longer awaiting: its old Cancelar Envio is not offered.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: '1º jogador' })).toHaveLength(2),
    )
    expect(screen.queryByRole('button', { name: 'Cancelar Envio' })).toBeNull()
    expect(screen.getAllByText(IDENTIFY_PROMPT)).toHaveLength(1)
    expect(screen.getByLabelText('Mensagem')).toBeDisabled()
  })
})
