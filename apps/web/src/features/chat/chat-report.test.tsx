import type { ChatHistoryItem, ServerFrame } from '@areia/contracts/chat'
import type { Video } from '@areia/contracts/videos'
import { QueryClient } from '@tanstack/react-query'
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { applyAnalysisFrame } from '../../lib/analysis-progress'
import { renderRoutes } from '../../test/render-with-providers'
import { ChatView } from './chat-view'
import { socket } from './chat-test-doubles'

vi.mock('../../lib/use-chat-socket', () =>
  import('./chat-test-doubles').then((m) => m.fakeChatSocketModule),
)
const server = vi.hoisted(() => ({
  history: [] as ChatHistoryItem[],
  check: vi.fn<() => Promise<{ content: string; created_at: string } | Record<string, never>>>(),
}))
vi.mock('./chat-api', () => ({
  loadChatHistory: () => Promise.resolve(server.history),
  prefetchChatHistory: () => undefined,
  checkForReport: () => server.check(),
  fetchConversationMembers: () => Promise.resolve([]),
}))
vi.mock('../../lib/videos-api', () => ({
  fetchAwaitingIdentification: () => Promise.resolve([]),
  videoKeys: { mine: ['videos', 'me'] },
  fetchMyVideos: () => Promise.resolve([] as Video[]),
}))

const T = '2025-10-13T15:00:00.000Z'
const REPORT = 'Sua análise está pronta!\n\n[Ver relatório completo e lances](/videos/7)'

function stored(id: number, content: string): ChatHistoryItem {
  return {
    id,
    content,
    sender_type: 'AI',
    coach_id: 'c3',
    coach_assigned_name: 'Duda',
    coach_archetype_name: 'Estatístico',
    created_at: T,
    actions: null,
    suggestions: null,
  }
}

const reportLinks = () => screen.queryAllByRole('link', { name: 'Ver relatório completo e lances' })

function renderChat() {
  return renderRoutes([{ path: '/chat', element: <ChatView variant="main" /> }], '/chat')
}

beforeEach(() => {
  server.history = []
  server.check.mockReset()
})

describe('the analysis report in the chat (check-for-report)', () => {
  it('shows a report the history does not have, as the statistical coach, once', async () => {
    server.history = [stored(1, 'Oi! Sou a Duda, sua coach de números.')]
    server.check.mockResolvedValue({ content: REPORT, created_at: T })
    renderChat()
    await waitFor(() => expect(reportLinks()).toHaveLength(1))
    const bubble = reportLinks()[0]!.closest('li')!
    expect(bubble).toHaveTextContent('Duda')
    expect(bubble).toHaveTextContent('Coach Estatístico')
    expect(server.check).toHaveBeenCalledTimes(1)

    // Its stored copy arriving through the socket takes its place rather than doubling it.
    act(() =>
      socket.onFrame?.({
        type: 'message',
        id: 9,
        sender: 'AI',
        coach_id: 'c3',
        coach_assigned_name: 'Duda',
        coach_archetype_name: 'Estatístico',
        content: REPORT,
        timestamp: T,
        actions: null,
        suggestions: null,
      }),
    )
    expect(reportLinks()).toHaveLength(1)
    expect(reportLinks()[0]!.closest('li')).toHaveAttribute('data-message-id', '9')
  })

  it('does not repeat a report already in the history', async () => {
    server.history = [stored(5, REPORT)]
    server.check.mockResolvedValue({ content: REPORT, created_at: T })
    renderChat()
    await waitFor(() => expect(server.check).toHaveBeenCalled())
    await screen.findByRole('link', { name: 'Ver relatório completo e lances' })
    expect(reportLinks()).toHaveLength(1)
  })

  it('asks again when the player comes back to the window', async () => {
    server.check.mockResolvedValue({})
    renderChat()
    await waitFor(() => expect(server.check).toHaveBeenCalledTimes(1))
    server.check.mockResolvedValue({ content: REPORT, created_at: T })
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await waitFor(() => expect(reportLinks()).toHaveLength(1))
    expect(server.check).toHaveBeenCalledTimes(2)
  })
})

describe('analysis frames', () => {
  it('refresh Meus Vídeos when a stage changes or the report is ready, not for every percent', () => {
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    const progress = (stage: string, percent: number): ServerFrame => ({
      type: 'SYSTEM',
      event: 'analysis_progress',
      timestamp: T,
      video_id: 31,
      stage,
      percent,
    })
    applyAnalysisFrame(progress('PLAYERS', 20), client)
    applyAnalysisFrame(progress('PLAYERS', 40), client)
    applyAnalysisFrame(progress('PLAYERS', 60), client)
    expect(invalidate).toHaveBeenCalledTimes(1)
    applyAnalysisFrame(progress('REVIEW', 100), client)
    expect(invalidate).toHaveBeenCalledTimes(2)
    applyAnalysisFrame(
      { type: 'SYSTEM', event: 'analysis_ready', timestamp: T, video_id: 31 },
      client,
    )
    expect(invalidate.mock.calls.slice(2).map(([filters]) => filters?.queryKey)).toEqual([
      ['videos', 'me'],
      ['videos', 31, 'report'],
    ])
  })
})
