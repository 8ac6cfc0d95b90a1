import type { ChatHistoryItem, ServerFrame } from '@areia/contracts/chat'
import { describe, expect, it } from 'vitest'
import {
  chatReducer,
  currentSuggestions,
  highestId,
  initialChatState,
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
      { type: 'sent', clientId: 'c-1', text: 'Oi', timestamp: '2025-09-03T12:00:00.000Z' },
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
    state = chatReducer(state, { type: 'sent', clientId: 'x', text: 'D', timestamp: 't' })
    expect(currentSuggestions(state.messages)).toEqual([])
  })
})
