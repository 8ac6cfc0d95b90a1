import type {
  ChatAction,
  ChatHistoryItem,
  ChatMessageFrame,
  SenderType,
  ServerFrame,
  SystemEvent,
} from '@areia/contracts/chat'

/** A chat message as the client holds it: the server's `content` becomes `text`. */
export type ChatMessage = {
  /** Stable React key: the stored id, or the client id while the copy is optimistic. */
  key: string
  id: number | null
  clientId: string | null
  sender: SenderType
  coachId: string | null
  name: string | null
  archetype: string | null
  text: string
  timestamp: string
  actions: ChatAction[]
  suggestions: string[]
  pending: boolean
  /** An Agent Store partner wrote it: its avatar and area replace the coach's initials and role. */
  partner?: { avatar: string; categoryLabel: string } | null
  /** Shown from check-for-report before (or without) its stored copy arriving. */
  reportCopy?: boolean
}

export type Typer = { id: string; name: string }

export type ChatState = {
  loaded: boolean
  /** The highest id the loaded history held: later messages arrived live. */
  historyCutoff: number
  messages: ChatMessage[]
  typers: Typer[]
  lastSystemEvent: { event: SystemEvent; timestamp: string } | null
}

export type ChatEvent =
  | { type: 'history'; items: ChatHistoryItem[] }
  | { type: 'frame'; frame: ServerFrame }
  | { type: 'sent'; clientId: string; text: string; timestamp: string }
  | { type: 'report'; content: string; createdAt: string }
  /** The socket dropped: no "is typing" can be trusted until frames flow again. */
  | { type: 'disconnected' }

export const initialChatState: ChatState = {
  loaded: false,
  historyCutoff: 0,
  messages: [],
  typers: [],
  lastSystemEvent: null,
}

/** The host "Areia" has no coach id; its typing frames use the sender key `areia`. */
export const HOST_SENDER = 'areia'

function fromHistory(item: ChatHistoryItem): ChatMessage {
  return {
    key: `m${item.id}`,
    id: item.id,
    clientId: null,
    sender: item.sender_type,
    coachId: item.coach_id,
    name: item.coach_assigned_name,
    archetype: item.coach_archetype_name,
    text: item.content,
    timestamp: item.created_at,
    actions: item.actions ?? [],
    suggestions: item.suggestions ?? [],
    pending: false,
    partner: item.partner
      ? { avatar: item.partner.avatar, categoryLabel: item.partner.category_label }
      : null,
  }
}

function fromFrame(frame: ChatMessageFrame): ChatMessage {
  return {
    ...fromHistory({ ...frame, sender_type: frame.sender, created_at: frame.timestamp }),
    clientId: frame.client_id ?? null,
  }
}

/** Who a stored message is from, in the terms of typing frames. */
function senderKey(message: ChatMessage): string | null {
  if (message.sender !== 'AI') return null
  return message.coachId ?? HOST_SENDER
}

/**
 * Adds a stored message: replaces the optimistic copy with the same client id (or the report
 * shown from check-for-report with the same text), skips repeats.
 */
function merge(messages: ChatMessage[], incoming: ChatMessage): ChatMessage[] {
  if (incoming.id !== null && messages.some((m) => m.id === incoming.id)) return messages
  const copy = messages.findIndex((m) => m.reportCopy && m.text.trim() === incoming.text.trim())
  if (copy >= 0) return messages.map((m, i) => (i === copy ? incoming : m))
  if (incoming.clientId) {
    const index = messages.findIndex((m) => m.pending && m.clientId === incoming.clientId)
    if (index >= 0) return messages.map((m, i) => (i === index ? incoming : m))
  }
  return [...messages, incoming]
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'history': {
      // Frames may have arrived while the history loaded: keep them after it, once.
      let messages = event.items.map(fromHistory)
      const historyCutoff = highestId(messages)
      for (const m of state.messages)
        messages = m.id === null ? [...messages, m] : merge(messages, m)
      return { ...state, loaded: true, historyCutoff, messages }
    }
    case 'sent':
      return {
        ...state,
        messages: [
          ...state.messages,
          {
            key: `c${event.clientId}`,
            id: null,
            clientId: event.clientId,
            sender: 'USER',
            coachId: null,
            name: null,
            archetype: null,
            text: event.text,
            timestamp: event.timestamp,
            actions: [],
            suggestions: [],
            pending: true,
            partner: null,
          },
        ],
      }
    case 'frame':
      return applyFrame(state, event.frame)
    case 'report':
      return { ...state, messages: withReport(state.messages, event.content, event.createdAt) }
    case 'disconnected':
      return state.typers.length === 0 ? state : { ...state, typers: [] }
  }
}

/**
 * check-for-report: the report joins the conversation unless it is already there (the
 * statistical coach posted it when it was published). It speaks as that coach when known.
 */
export function withReport(
  messages: ChatMessage[],
  content: string,
  createdAt: string,
): ChatMessage[] {
  if (messages.some((m) => m.sender === 'AI' && m.text.trim() === content.trim())) return messages
  const coach = messages.findLast((m) => m.archetype === 'Estatístico' && !m.partner)
  return [
    ...messages,
    {
      key: `r${createdAt}`,
      id: null,
      clientId: null,
      sender: 'AI',
      coachId: coach?.coachId ?? null,
      name: coach?.name ?? null,
      archetype: coach ? coach.archetype : null,
      text: content,
      timestamp: createdAt,
      actions: [],
      suggestions: [],
      pending: false,
      partner: null,
      reportCopy: true,
    },
  ]
}

function applyFrame(state: ChatState, frame: ServerFrame): ChatState {
  switch (frame.type) {
    case 'TYPING_START':
      if (state.typers.some((t) => t.id === frame.sender)) return state
      return { ...state, typers: [...state.typers, { id: frame.sender, name: frame.sender_name }] }
    case 'TYPING_END':
      return { ...state, typers: state.typers.filter((t) => t.id !== frame.sender) }
    case 'SYSTEM':
      return { ...state, lastSystemEvent: { event: frame.event, timestamp: frame.timestamp } }
    case 'message': {
      const message = fromFrame(frame)
      const from = senderKey(message)
      return {
        ...state,
        typers: from === null ? state.typers : state.typers.filter((t) => t.id !== from),
        messages: merge(state.messages, message),
      }
    }
    case 'pong':
    case 'error':
      return state
  }
}

/** One typer, two typers, or the whole team. */
export function typingText(typers: Typer[]): string | null {
  const [first, second] = typers
  if (!first) return null
  if (!second) return `${first.name} está digitando`
  if (typers.length === 2) return `${first.name} e ${second.name} estão digitando`
  return 'A equipe está digitando'
}

/** Chips of the latest message, if it is not the player's own (sending clears them). */
export function currentSuggestions(messages: ChatMessage[]): string[] {
  const last = messages.at(-1)
  if (!last || last.sender === 'USER') return []
  return last.suggestions
}

export function highestId(messages: ChatMessage[]): number {
  return messages.reduce((max, m) => (m.id !== null && m.id > max ? m.id : max), 0)
}
