import type { ChatAction } from '@areia/contracts/chat'
import {
  Suspense,
  useDeferredValue,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Icon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import type { ChatMessage } from './chat-state'
import { MessageBubble } from './message-bubble'

/** How close to the bottom still counts as "reading the latest" (px). */
const STICK_THRESHOLD = 80
/** Bubbles rendered when the chat opens, and added each time the player reaches the top. */
export const MESSAGES_PAGE = 40
/** How close to the top starts rendering the earlier page, before the player hits the edge (px). */
const EARLIER_THRESHOLD = 600
const NO_MESSAGES: ChatMessage[] = []
export const LOADING_MESSAGES = 'Carregando mensagens...'

type MessageListProps = {
  messages: ChatMessage[]
  /** Above the messages, scrolling with them (the onboarding intro, an empty state). */
  header?: ReactNode
  /** Below the messages: chips and the typing line, which also keep the view pinned. */
  footer?: ReactNode
  onAction?: (action: ChatAction) => void
  busyAction?: string | null
  /** No connection: the player's waiting messages say they wait for one. */
  offline?: boolean
  /** Sends a refused message of the player's again. */
  onRetry?: (clientId: string) => void
}

/**
 * Follows new messages while the player is at the bottom; once they scroll up to read, it
 * stays put and offers a "novas mensagens" pill instead of yanking them down.
 */
export function MessageList({
  messages: latest,
  header,
  footer,
  onAction,
  busyAction,
  offline = false,
  onRetry,
}: MessageListProps) {
  // The history's first page of bubbles (markdown included) is rendered in the background, in
  // slices, so opening the chat does not freeze a slow phone; one new message is quick anyway.
  const messages = useDeferredValue(latest, NO_MESSAGES)
  const scroller = useRef<HTMLDivElement>(null)
  // Whether the player is reading the latest messages: the ref for observers, state for render.
  const pinnedRef = useRef(true)
  const [pinned, setPinned] = useState(true)
  const [keyWhenUnpinned, setKeyWhenUnpinned] = useState<string | undefined>(undefined)
  // Only the latest page of a long history is rendered at first (opening the chat costs the same
  // with 40 or 2,000 messages); earlier pages come in as the player scrolls up. `start` is fixed
  // once the first messages are in, so messages arriving later never push a bubble out.
  const [start, setStart] = useState<number | null>(null)
  if (start === null && messages.length > 0) setStart(Math.max(0, messages.length - MESSAGES_PAGE))
  const first = Math.min(start ?? Infinity, Math.max(0, messages.length - MESSAGES_PAGE))
  const shown = first > 0 ? messages.slice(first) : messages
  // The scroller's origin is its bottom (column-reverse, chat.css): scrollTop is 0 on the latest
  // message and negative above it. The browser then opens the chat on the latest message, keeps it
  // there as bubbles, chips or a shrinking view (banner, phone keyboard) come and go, and keeps the
  // bubbles in view still when an earlier page is added above: no scripted scroll, so no forced
  // layout of the whole history at the top before the first paint. `offset` is the last scrollTop
  // the scroll events reported, read without forcing a layout.
  const offset = useRef(0)
  const showEarlier = () => {
    if (first > 0) setStart(Math.max(0, first - MESSAGES_PAGE))
  }

  const lastKey = messages.at(-1)?.key
  const unseen = !pinned && lastKey !== keyWhenUnpinned

  // Within STICK_THRESHOLD of the bottom still counts as reading the latest: settle on it.
  useLayoutEffect(() => {
    const el = scroller.current
    if (el && pinnedRef.current && offset.current !== 0) el.scrollTop = 0
  }, [lastKey, footer])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    offset.current = el.scrollTop
    if (el.scrollHeight - el.clientHeight + el.scrollTop < EARLIER_THRESHOLD) showEarlier()
    const atBottom = -el.scrollTop < STICK_THRESHOLD
    if (atBottom === pinnedRef.current) return
    pinnedRef.current = atBottom
    setPinned(atBottom)
    if (!atBottom) setKeyWhenUnpinned(lastKey)
  }

  const jumpToLatest = () => {
    const el = scroller.current
    if (!el) return
    pinnedRef.current = true
    setPinned(true)
    // A smooth scroll across a long history is cut short as the bubbles it passes are laid out
    // (content-visibility); from further than a couple of screens the jump is instant.
    const far = -el.scrollTop > 2 * el.clientHeight
    el.scrollTo({ top: 0, behavior: far ? 'instant' : 'smooth' })
  }

  return (
    <div className="chat__body">
      {/* Focusable so keyboard players can scroll the conversation too. */}
      <div
        className="chat__scroll"
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Conversa"
      >
        <div className="chat__column">
          {header}
          {first > 0 ? (
            <button type="button" className="chat__earlier" onClick={showEarlier}>
              Mostrar mensagens anteriores
            </button>
          ) : null}
          {/* The first coach message waits for the markdown code: the bubbles come in together,
              where the spinner was, and nothing above the composer moves. */}
          <Suspense fallback={<Spinner label={LOADING_MESSAGES} />}>
            <ol className="chat__messages" aria-label="Mensagens" aria-live="polite">
              {shown.map((message) => (
                <MessageBubble
                  key={message.key}
                  message={message}
                  onAction={onAction}
                  busyAction={busyAction}
                  offline={offline}
                  onRetry={onRetry}
                />
              ))}
            </ol>
          </Suspense>
          {footer}
        </div>
      </div>
      {unseen ? (
        <button type="button" className="chat__new-pill" onClick={jumpToLatest}>
          <Icon name="arrow-down" size={18} />
          <span>Novas mensagens</span>
        </button>
      ) : null}
    </div>
  )
}
