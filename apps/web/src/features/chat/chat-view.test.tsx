import type { ClientFrame, ServerFrame } from '@areia/contracts/chat'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { HELD_NOTE } from './chat-composer'
import { ChatView, CREATING_TEAM, EMPTY_HINT, LOADING_HISTORY } from './chat-view'
import { DELIVERY } from './message-bubble'

// The socket itself has its own tests; here it is a hand-driven stand-in.
const socket = vi.hoisted(() => ({
  onFrame: null as ((frame: ServerFrame) => void) | null,
  sent: [] as ClientFrame[],
  status: 'Conectado',
  reason: null as string | null,
  reconnects: 0,
}))
vi.mock('../../lib/use-chat-socket', () => ({
  useChatSocket: (options: { onFrame: (frame: ServerFrame) => void }) => {
    socket.onFrame = options.onFrame
    return {
      status: socket.status,
      reason: socket.reason,
      reconnect: () => {
        socket.reconnects += 1
      },
      send: (frame: ClientFrame) => {
        socket.sent.push(frame)
        return true
      },
    }
  },
}))
vi.mock('./chat-api', () => import('./chat-test-doubles').then((m) => m.quietChatApiModule))
vi.mock('../../lib/videos-api', () => ({
  fetchAwaitingIdentification: () => Promise.resolve([]),
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([]),
}))

beforeEach(() => {
  socket.sent = []
  socket.status = 'Conectado'
  socket.reason = null
  socket.reconnects = 0
})

const push = (frame: ServerFrame) => act(() => socket.onFrame?.(frame))

describe('ChatView', () => {
  it('says how to start when the history is in and empty', async () => {
    const auth = fakeAuth({ user: makeUser({ onboarding_status: 'COMPLETED' }) })
    renderRoutes([{ path: '/chat', element: <ChatView variant="main" /> }], '/chat', auth)
    expect(await screen.findByText(EMPTY_HINT)).toBeVisible()
    expect(screen.getByText(LOADING_HISTORY)).toBeVisible()
  })

  it('asks for the introductions once when pending and connected', async () => {
    const auth = fakeAuth({ user: makeUser({ onboarding_status: 'INTRODUCTION_PENDING' }) })
    renderRoutes([{ path: '/chat', element: <ChatView variant="main" /> }], '/chat', auth)
    expect(await screen.findByText(CREATING_TEAM)).toBeVisible()
    push({ type: 'TYPING_START', sender: 'c1', sender_name: 'Bruno' })
    expect(screen.getByText('Bruno está digitando')).toBeVisible()
    expect(screen.getByLabelText('Mensagem')).toBeDisabled()
    expect(screen.getByLabelText('Mensagem')).toHaveAttribute(
      'placeholder',
      'Aguardando resposta...',
    )
    expect(socket.sent).toEqual([{ type: 'command', command: '@start_introductions' }])
  })

  it('onboarding_completed reloads the user and replaces the route with /chat', async () => {
    const reloadUser = vi.fn(() =>
      Promise.resolve(makeUser({ onboarding_status: 'INTRODUCTION_PENDING' })),
    )
    const auth = fakeAuth({ user: makeUser({ onboarding_status: 'IN_PROGRESS' }), reloadUser })
    const router = renderRoutes(
      [{ path: '/', element: <ChatView variant="onboarding" /> }],
      '/',
      auth,
    )
    await screen.findByRole('heading', { name: 'Vamos montar o seu time de treinadores' })
    push({ type: 'SYSTEM', event: 'onboarding_completed', timestamp: 't' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'))
    expect(reloadUser).toHaveBeenCalledTimes(1)
    expect(router.state.historyAction).toBe('REPLACE')
    expect(socket.sent).toEqual([])
  })

  it('shows coach names with their archetype and the player as Você; chips send their text', async () => {
    renderRoutes([{ path: '/', element: <ChatView variant="onboarding" /> }], '/')
    await screen.findByRole('heading', { name: 'Vamos montar o seu time de treinadores' })
    push({
      type: 'message',
      id: 1,
      sender: 'AI',
      coach_id: null,
      coach_assigned_name: 'Areia',
      coach_archetype_name: null,
      content: 'Você joga com qual mão?',
      timestamp: '2025-09-03T15:05:00.000Z',
      actions: null,
      suggestions: ['Mão direita', 'Mão esquerda'],
    })
    // The bubbles come in with the markdown code, downloaded with the first coach message.
    expect(await screen.findByText('Areia')).toBeVisible()
    expect(screen.getByText('03/09 12:05')).toBeVisible()
    act(() => screen.getByRole('button', { name: 'Mão direita' }).click())
    expect(socket.sent).toEqual([
      expect.objectContaining({ type: 'message', text: 'Mão direita' }) as ClientFrame,
    ])
    expect(screen.getByText('Você')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Mão esquerda' })).toBeNull()
    push({
      type: 'message',
      id: 2,
      sender: 'AI',
      coach_id: 'c1',
      coach_assigned_name: 'Bruno',
      coach_archetype_name: 'Técnico',
      content: 'Oi',
      timestamp: '2025-09-03T15:06:00.000Z',
      actions: null,
      suggestions: null,
    })
    expect(screen.getByText('Coach Técnico')).toBeVisible()
  })

  it('while disconnected: says why, offers Reconectar, and keeps what the player sends for later', async () => {
    socket.status = 'Desconectado'
    socket.reason = 'closed'
    const user = userEvent.setup()
    renderRoutes([{ path: '/chat', element: <ChatView variant="main" /> }], '/chat', fakeAuth())
    expect(await screen.findByText('A conexão foi encerrada.')).toBeVisible()
    const input = screen.getByLabelText('Mensagem')
    expect(input).toBeEnabled()
    await user.type(input, 'Oi, coach')
    expect(screen.getByText(HELD_NOTE)).toBeVisible()
    await user.keyboard('{Enter}')
    // Kept on the device, not sent: the bubble says it waits for the connection.
    expect(socket.sent).toEqual([])
    expect(input).toHaveValue('')
    const bubble = screen.getByText('Oi, coach').closest('li')!
    expect(bubble).toHaveTextContent(DELIVERY.waiting)
    await user.click(screen.getByRole('button', { name: 'Reconectar' }))
    expect(socket.reconnects).toBe(1)
  })
})
