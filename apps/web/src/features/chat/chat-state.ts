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
  /** The player's message is in the device's outbox: the server has not confirmed storing it. */
  pending: boolean
  /** The server refused it (not stored): why, and the player may send it again. */
  refused?: string | null
  /** An Agent Store partner wrote it: its avatar and area replace the coach's initials and role. */
  partner?: { slug: string; avatar: string; categoryLabel: string } | null
  /** Shown from check-for-report before (or without) its stored copy arriving. */
  reportCopy?: boolean
  /** From the device's copy of the conversation: the server's history replaces it. */
  fromCopy?: boolean
}

export type Typer = { id: string; name: string }

/** A message waiting in the device's outbox. */
export type QueuedMessage = {
  clientId: string
  text: string
  timestamp: string
  refused: string | null
}

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
  /** The conversation as this device last loaded it, shown until (or unless) the server answers. */
  | { type: 'copy'; items: ChatHistoryItem[] }
  /** The server's history could not be loaded (no connection): what is on screen stays. */
  | { type: 'history-failed' }
  | { type: 'frame'; frame: ServerFrame }
  /** Messages of the device's outbox, typed and not yet stored, oldest first. */
  | { type: 'queued'; entries: QueuedMessage[] }
  | { type: 'refused'; clientId: string; detail: string }
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
    sender: item.sender_type,
    coachId: item.coach_id,
    name: item.coach_assigned_name,
    archetype: item.coach_archetype_name,
    text: item.content,
    timestamp: item.created_at,
    actions: item.actions ?? [],
    suggestions: item.suggestions ?? [],
    pending: false,
    clientId: item.client_id ?? null,
    partner: item.partner
      ? {
          slug: item.partner.slug,
          avatar: item.partner.avatar,
          categoryLabel: item.partner.category_label,
        }
      : null,
  }
}

function fromFrame(frame: ChatMessageFrame): ChatMessage {
  return fromHistory({ ...frame, sender_type: frame.sender, created_at: frame.timestamp })
}

/** A stored message as the device keeps it in its copy of the conversation. */
export function toHistoryItem(m: ChatMessage & { id: number }): ChatHistoryItem {
  return {
    id: m.id,
    content: m.text,
    sender_type: m.sender,
    coach_id: m.coachId,
    coach_assigned_name: m.name,
    coach_archetype_name: m.archetype,
    created_at: m.timestamp,
    actions: m.actions.length > 0 ? m.actions : null,
    suggestions: m.suggestions.length > 0 ? m.suggestions : null,
    partner: m.partner
      ? { slug: m.partner.slug, avatar: m.partner.avatar, category_label: m.partner.categoryLabel }
      : null,
    client_id: m.clientId,
  }
}

/** The stored messages on screen, as the device's copy keeps them. */
export function storedMessages(messages: ChatMessage[]): ChatHistoryItem[] {
  return messages.flatMap((m) =>
    m.id !== null && !m.reportCopy ? [toHistoryItem({ ...m, id: m.id })] : [],
  )
}

function queuedMessage(q: QueuedMessage): ChatMessage {
  return {
    key: `c${q.clientId}`,
    id: null,
    clientId: q.clientId,
    sender: 'USER',
    coachId: null,
    name: null,
    archetype: null,
    text: q.text,
    timestamp: q.timestamp,
    actions: [],
    suggestions: [],
    pending: true,
    refused: q.refused,
    partner: null,
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
      // Frames may have arrived while the history loaded: keep them after it, once. The device's
      // copy goes (the server's history is the truth: a conversation cleared elsewhere is gone),
      // and so do outbox messages the server already stored.
      let messages = event.items.map(fromHistory)
      const historyCutoff = highestId(messages)
      const stored = new Set(messages.flatMap((m) => (m.clientId ? [m.clientId] : [])))
      for (const m of state.messages) {
        if (m.fromCopy) continue
        if (m.id === null) {
          if (!(m.pending && m.clientId && stored.has(m.clientId))) messages = [...messages, m]
        } else messages = merge(messages, m)
      }
      return { ...state, loaded: true, historyCutoff, messages }
    }
    case 'copy': {
      if (state.loaded) return state
      const copy = event.items.map((item) => ({ ...fromHistory(item), fromCopy: true }))
      let messages: ChatMessage[] = copy
      for (const m of state.messages)
        messages = m.id === null ? [...messages, m] : merge(messages, m)
      return { ...state, historyCutoff: highestId(copy), messages }
    }
    case 'history-failed':
      // The copy stands in for the history: the socket catches up from its last message.
      return {
        ...state,
        loaded: true,
        messages: state.messages.map((m) => (m.fromCopy ? { ...m, fromCopy: false } : m)),
      }
    case 'queued': {
      let messages = state.messages
      for (const q of event.entries) {
        // Already stored (its echo came first) or already shown: nothing to add.
        if (messages.some((m) => m.clientId === q.clientId && !m.pending)) continue
        messages = [...messages.filter((m) => m.clientId !== q.clientId), queuedMessage(q)]
      }
      return messages === state.messages ? state : { ...state, messages }
    }
    case 'refused':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.pending && m.clientId === event.clientId ? { ...m, refused: event.detail } : m,
        ),
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
