import type { ChatAction } from '@areia/contracts/chat'
import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Icon } from '../../ui/icons'
import type { ChatMessage } from './chat-state'
import { MessageBubble } from './message-bubble'

/** How close to the bottom still counts as "reading the latest" (px). */
const STICK_THRESHOLD = 80
const NO_MESSAGES: ChatMessage[] = []

type MessageListProps = {
  messages: ChatMessage[]
  /** Above the messages, scrolling with them (the onboarding intro, an empty state). */
  header?: ReactNode
  /** Below the messages: chips and the typing line, which also keep the view pinned. */
  footer?: ReactNode
  onAction?: (action: ChatAction) => void
  busyAction?: string | null
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
}: MessageListProps) {
  // A history of hundreds of bubbles (markdown included) is rendered in the background, in slices,
  // so opening the chat does not freeze the page on a slow phone; one new message is quick anyway.
  const messages = useDeferredValue(latest, NO_MESSAGES)
  const scroller = useRef<HTMLDivElement>(null)
  // Whether the player is reading the latest messages: the ref for observers, state for render.
  const pinnedRef = useRef(true)
  const [pinned, setPinned] = useState(true)
  const [keyWhenUnpinned, setKeyWhenUnpinned] = useState<string | undefined>(undefined)
  const lastKey = messages.at(-1)?.key
  const unseen = !pinned && lastKey !== keyWhenUnpinned

  useLayoutEffect(() => {
    const el = scroller.current
    if (el && pinnedRef.current) el.scrollTop = el.scrollHeight
  }, [lastKey, footer])

  // Fonts and late layout can grow the list after the first paint.
  useEffect(() => {
    const el = scroller.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (pinnedRef.current) el.scrollTop = el.scrollHeight
    })
    for (const child of Array.from(el.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD
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
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' })
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
          <ol className="chat__messages" aria-label="Mensagens" aria-live="polite">
            {messages.map((message) => (
              <MessageBubble
                key={message.key}
                message={message}
                onAction={onAction}
                busyAction={busyAction}
              />
            ))}
          </ol>
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
