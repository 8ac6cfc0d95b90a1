import type { ChatHistoryItem, ClientFrame, ServerFrame } from '@areia/contracts/chat'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadChatCopy, loadOutbox, saveChatCopy } from '../../lib/chat-device-store'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { ChatView } from './chat-view'
import { DELIVERY } from './message-bubble'

/**
 * The outbox as the player meets it: what is sent without a connection waits on the device
 * (through a reload too), goes out in order when the connection returns, and each bubble ends
 * marked delivered; a refusal offers to send again.
 */
const socket = vi.hoisted(() => ({
  onFrame: null as ((frame: ServerFrame) => void) | null,
  sent: [] as ClientFrame[],
  status: 'Conectado',
}))
vi.mock('../../lib/use-chat-socket', () => ({
  useChatSocket: (options: { onFrame: (frame: ServerFrame) => void }) => {
    socket.onFrame = options.onFrame
    return {
      status: socket.status,
      reason: socket.status === 'Conectado' ? null : 'offline',
      reconnect: () => undefined,
      send: (frame: ClientFrame) => {
        if (socket.status !== 'Conectado') return false
        socket.sent.push(frame)
        return true
      },
    }
  },
}))
const history = vi.hoisted(() => ({ load: (): Promise<ChatHistoryItem[]> => Promise.resolve([]) }))
vi.mock('./chat-api', () => ({
  loadChatHistory: () => history.load(),
  prefetchChatHistory: () => undefined,
  checkForReport: () => Promise.resolve({}),
  fetchConversationMembers: () => Promise.resolve([]),
}))
vi.mock('../../lib/videos-api', () => ({
  fetchAwaitingIdentification: () => Promise.resolve([]),
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([]),
}))

beforeEach(() => {
  socket.sent = []
  socket.status = 'Conectado'
  history.load = () => Promise.resolve([])
})

const offline = () => Promise.reject(new TypeError('Failed to fetch'))

/** The chat of player `id` (each test has its own: what one leaves on the device is its own). */
function openChat(id = 'u1') {
  return renderRoutes(
    [{ path: '/chat', element: <ChatView variant="main" /> }],
    '/chat',
    fakeAuth({ user: makeUser({ id }) }),
  )
}

/** The server's echo of a stored message of the player's. */
const echo = (id: number, frame: ClientFrame): ServerFrame => {
  if (frame.type !== 'message') throw new Error('not a message')
  return {
    type: 'message',
    id,
    sender: 'USER',
    coach_id: null,
    coach_assigned_name: null,
    coach_archetype_name: null,
    content: frame.text,
    timestamp: '2025-09-03T15:00:00.000Z',
    actions: null,
    suggestions: null,
    client_id: frame.client_id ?? null,
  }
}

/** The bubble of a message (the list renders in the background: it may take a moment). */
const bubble = async (text: string) => (await screen.findByText(text)).closest('li')!

describe('the outbox', () => {
  it('keeps messages sent offline through a reload, sends them in order when connected, and marks each delivered', async () => {
    socket.status = 'Reconectando...'
    history.load = offline
    const user = userEvent.setup()
    openChat()
    await user.type(await screen.findByLabelText('Mensagem'), 'Primeira{Enter}')
    expect(await bubble('Primeira')).toHaveTextContent(DELIVERY.waiting)
    await waitFor(async () => expect(await loadOutbox('u1')).toHaveLength(1))

    // A reload, still offline: the message is still there, and more are typed.
    cleanup()
    openChat()
    expect(await screen.findByText('Primeira')).toBeVisible()
    await user.type(screen.getByLabelText('Mensagem'), 'Segunda{Enter}')
    await user.type(screen.getByLabelText('Mensagem'), 'Terceira{Enter}')
    expect(socket.sent).toEqual([])

    // The connection returns: each goes out once, in the order typed.
    socket.status = 'Conectado'
    cleanup()
    openChat()
    await waitFor(() => expect(socket.sent).toHaveLength(3))
    expect(socket.sent.map((f) => f.type === 'message' && f.text)).toEqual([
      'Primeira',
      'Segunda',
      'Terceira',
    ])
    expect(await bubble('Terceira')).toHaveTextContent(DELIVERY.sending)
    socket.sent.forEach((frame, i) => {
      act(() => socket.onFrame?.(echo(10 + i, frame)))
    })
    for (const text of ['Primeira', 'Segunda', 'Terceira']) {
      await waitFor(async () => expect(await bubble(text)).toHaveAttribute('data-message-id'))
      expect(await bubble(text)).toHaveTextContent(DELIVERY.delivered)
    }
    expect(screen.getAllByText(/^(Primeira|Segunda|Terceira)$/)).toHaveLength(3)
    await waitFor(async () => expect(await loadOutbox('u1')).toEqual([]))
    // Three visits and the typing of a person: more than the default few seconds on a busy machine.
  }, 20_000)

  it('a message the server refused says so and goes out again when tapped', async () => {
    const user = userEvent.setup()
    openChat('u2')
    await user.type(await screen.findByLabelText('Mensagem'), 'Oi{Enter}')
    const [frame] = socket.sent
    if (frame?.type !== 'message') throw new Error('nothing sent')
    act(() =>
      socket.onFrame?.({
        type: 'error',
        detail: 'A mensagem contém caracteres inválidos.',
        client_id: frame.client_id,
      }),
    )
    await waitFor(async () =>
      expect(await bubble('Oi')).toHaveTextContent('A mensagem contém caracteres inválidos.'),
    )
    await user.click(screen.getByRole('button', { name: DELIVERY.refused }))
    expect(socket.sent).toHaveLength(2)
    expect(socket.sent[1]).toEqual(frame)
    act(() => socket.onFrame?.(echo(5, frame)))
    await waitFor(async () => expect(await bubble('Oi')).toHaveTextContent(DELIVERY.delivered))
    expect(screen.queryByRole('button', { name: DELIVERY.refused })).toBeNull()
  })

  it('opens offline on the conversation as this device last loaded it', async () => {
    await saveChatCopy('u3', [
      {
        id: 3,
        content: 'Treine o saque com alvo.',
        sender_type: 'AI',
        coach_id: 'c1',
        coach_assigned_name: 'Bruno',
        coach_archetype_name: 'Técnico',
        created_at: '2025-09-03T15:00:00.000Z',
        actions: null,
        suggestions: null,
      },
    ])
    socket.status = 'Reconectando...'
    history.load = offline
    openChat('u3')
    expect(await screen.findByText('Treine o saque com alvo.')).toBeVisible()
    expect(screen.getByText('Coach Técnico')).toBeVisible()
  })

  it("the server's history replaces the device's copy, an emptied conversation included", async () => {
    await saveChatCopy('u4', [
      {
        id: 3,
        content: 'Uma conversa já apagada.',
        sender_type: 'USER',
        coach_id: null,
        coach_assigned_name: null,
        coach_archetype_name: null,
        created_at: '2025-09-03T15:00:00.000Z',
        actions: null,
        suggestions: null,
      },
    ])
    openChat('u4')
    await waitFor(async () => expect(await loadChatCopy('u4')).toEqual([]))
    expect(screen.queryByText('Uma conversa já apagada.')).toBeNull()
  })
})
