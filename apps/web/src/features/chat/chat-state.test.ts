import type { ChatHistoryItem, ServerFrame } from '@areia/contracts/chat'
import { describe, expect, it } from 'vitest'
import {
  chatReducer,
  currentSuggestions,
  highestId,
  initialChatState,
  storedMessages,
  typingText,
  type ChatState,
} from './chat-state'

const coachFrame = (id: number, overrides: Partial<ServerFrame> = {}): ServerFrame =>
  ({
    type: 'message',
    id,
    sender: 'AI',
    coach_id: 'coach-tec',
    coach_assigned_name: 'Bruno',
    coach_archetype_name: 'Técnico',
    content: `resposta ${id}`,
    timestamp: '2025-09-03T12:00:00.000Z',
    actions: null,
    suggestions: null,
    ...overrides,
  }) as ServerFrame

const item = (id: number, overrides: Partial<ChatHistoryItem> = {}): ChatHistoryItem => ({
  id,
  content: `m${id}`,
  sender_type: 'AI',
  coach_id: null,
  coach_assigned_name: 'Areia',
  coach_archetype_name: null,
  created_at: '2025-09-03T12:00:00.000Z',
  actions: null,
  suggestions: null,
  ...overrides,
})

const queued = (clientId: string, text: string): Parameters<typeof chatReducer>[1] => ({
  type: 'queued',
  entries: [{ clientId, text, timestamp: '2025-09-03T12:00:00.000Z', refused: null }],
})

const run = (...events: Parameters<typeof chatReducer>[1][]): ChatState =>
  events.reduce(chatReducer, initialChatState)
const frame = (f: ServerFrame) => ({ type: 'frame' as const, frame: f })

describe('typingText', () => {
  it('names one typer, two typers, or the whole team', () => {
    expect(typingText([])).toBeNull()
    expect(typingText([{ id: 'a', name: 'Bruno' }])).toBe('Bruno está digitando')
    expect(
      typingText([
        { id: 'a', name: 'Bruno' },
        { id: 'b', name: 'Juliana' },
      ]),
    ).toBe('Bruno e Juliana estão digitando')
    expect(
      typingText([
        { id: 'a', name: 'Bruno' },
        { id: 'b', name: 'Juliana' },
        { id: 'c', name: 'Téo' },
      ]),
    ).toBe('A equipe está digitando')
  })
})

describe('chatReducer', () => {
  it('TYPING_START adds a typer once, TYPING_END removes it', () => {
    const start = frame({ type: 'TYPING_START', sender: 'coach-tec', sender_name: 'Bruno' })
    let state = run(start, start)
    expect(state.typers).toEqual([{ id: 'coach-tec', name: 'Bruno' }])
    state = chatReducer(
      state,
      frame({ type: 'TYPING_END', sender: 'coach-tec', sender_name: 'Bruno' }),
    )
    expect(state.typers).toEqual([])
  })

  it('a message from a typer removes them and is appended; the host types as "areia"', () => {
    const state = run(
      frame({ type: 'TYPING_START', sender: 'coach-tec', sender_name: 'Bruno' }),
      frame({ type: 'TYPING_START', sender: 'areia', sender_name: 'Areia' }),
      frame(coachFrame(3)),
      frame(coachFrame(4, { coach_id: null, coach_assigned_name: 'Areia' })),
    )
    expect(state.typers).toEqual([])
    expect(state.messages.map((m) => [m.id, m.text])).toEqual([
      [3, 'resposta 3'],
      [4, 'resposta 4'],
    ])
  })

  it('stores a SYSTEM frame as the last system event, not as a message', () => {
    const state = run(
      frame({ type: 'SYSTEM', event: 'onboarding_completed', timestamp: 't1' }),
      frame({ type: 'SYSTEM', event: 'introductions_completed', timestamp: 't2' }),
    )
    expect(state.lastSystemEvent).toEqual({ event: 'introductions_completed', timestamp: 't2' })
    expect(state.messages).toEqual([])
  })

  it('replaces the optimistic copy with the stored echo carrying the same client_id', () => {
    const state = run(
      queued('c-1', 'Oi'),
      frame(
        coachFrame(9, {
          sender: 'USER',
          coach_id: null,
          coach_assigned_name: null,
          coach_archetype_name: null,
          content: 'Oi',
          client_id: 'c-1',
        }),
      ),
    )
    expect(state.messages).toHaveLength(1)
    expect(state.messages[0]).toMatchObject({ id: 9, pending: false, sender: 'USER', text: 'Oi' })
  })

  it('another tab sees the echo of a message it did not send, and nothing is repeated', () => {
    const echo = frame(
      coachFrame(9, { sender: 'USER', coach_id: null, content: 'Oi', client_id: 'other-tab' }),
    )
    const state = run({ type: 'history', items: [item(8)] }, echo, echo, frame(coachFrame(8)))
    expect(state.messages.map((m) => m.id)).toEqual([8, 9])
    expect(highestId(state.messages)).toBe(9)
  })

  it("an outbox message the server's history shows stored is not shown twice", () => {
    const state = run(queued('c-1', 'Oi'), {
      type: 'history',
      items: [item(8), item(9, { sender_type: 'USER', content: 'Oi', client_id: 'c-1' })],
    })
    expect(state.messages.map((m) => [m.id, m.pending])).toEqual([
      [8, false],
      [9, false],
    ])
  })

  it('the outbox keeps what waits after the history, in order, and a refusal marks its message', () => {
    const state = run(
      { type: 'history', items: [item(8)] },
      queued('c-1', 'Primeira'),
      queued('c-2', 'Segunda'),
      { type: 'refused', clientId: 'c-1', detail: 'A mensagem contém caracteres inválidos.' },
    )
    expect(state.messages.map((m) => [m.text, m.pending, m.refused ?? null])).toEqual([
      ['m8', false, null],
      ['Primeira', true, 'A mensagem contém caracteres inválidos.'],
      ['Segunda', true, null],
    ])
    // Sent again, it goes to the end of the queue, waiting again.
    const again = chatReducer(state, queued('c-1', 'Primeira'))
    expect(again.messages.map((m) => [m.text, m.refused ?? null])).toEqual([
      ['m8', null],
      ['Segunda', null],
      ['Primeira', null],
    ])
  })

  it("the device's copy shows until the history answers, which replaces it", () => {
    const copy = run({ type: 'copy', items: [item(1), item(2, { content: 'apagada' })] })
    expect(copy.loaded).toBe(false)
    expect(copy.messages.map((m) => m.id)).toEqual([1, 2])
    const fresh = chatReducer(copy, { type: 'history', items: [item(1)] })
    expect(fresh.messages.map((m) => m.id)).toEqual([1])
    // Without a connection the copy stands in for the history, and is kept as it is.
    const offline = chatReducer(copy, { type: 'history-failed' })
    expect(offline.loaded).toBe(true)
    expect(offline.messages.map((m) => [m.id, m.fromCopy])).toEqual([
      [1, false],
      [2, false],
    ])
    expect(storedMessages(offline.messages).map((m) => m.content)).toEqual(['m1', 'apagada'])
  })

  it('history keeps frames that arrived while it loaded, after it and once', () => {
    const state = run(frame(coachFrame(2)), { type: 'history', items: [item(1), item(2)] })
    expect(state.loaded).toBe(true)
    expect(state.messages.map((m) => m.id)).toEqual([1, 2])
    expect(state.messages[0]?.name).toBe('Areia')
  })
})

describe('currentSuggestions', () => {
  it('shows the chips of the latest message and clears them once the player sends', () => {
    let state = run({
      type: 'history',
      items: [item(1, { suggestions: ['Iniciante', 'D'] })],
    })
    expect(currentSuggestions(state.messages)).toEqual(['Iniciante', 'D'])
    state = chatReducer(state, queued('x', 'D'))
    expect(currentSuggestions(state.messages)).toEqual([])
  })
})
