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
/** Bubbles rendered when the chat opens, and added each time the player reaches the top. */
export const MESSAGES_PAGE = 40
/** How close to the top starts rendering the earlier page, before the player hits the edge (px). */
const EARLIER_THRESHOLD = 600
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
  // Distance from the bottom to keep while an earlier page is added above the bubbles in view.
  const keepFromBottom = useRef<number | null>(null)
  const showEarlier = () => {
    const el = scroller.current
    if (first === 0 || keepFromBottom.current !== null) return
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop
    setStart(Math.max(0, first - MESSAGES_PAGE))
  }
  useLayoutEffect(() => {
    const el = scroller.current
    if (el && keepFromBottom.current !== null)
      el.scrollTop = el.scrollHeight - keepFromBottom.current
    keepFromBottom.current = null
  }, [first])

  const lastKey = messages.at(-1)?.key
  const unseen = !pinned && lastKey !== keyWhenUnpinned

  useLayoutEffect(() => {
    const el = scroller.current
    if (el && pinnedRef.current) el.scrollTop = el.scrollHeight
  }, [lastKey, footer])

  // Fonts and late layout can grow the list after the first paint, and a banner above or the
  // phone's keyboard can shrink the view: the latest message stays in sight either way.
  useEffect(() => {
    const el = scroller.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (pinnedRef.current) el.scrollTop = el.scrollHeight
    })
    observer.observe(el)
    for (const child of Array.from(el.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    if (el.scrollTop < EARLIER_THRESHOLD) showEarlier()
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
          {first > 0 ? (
            <button type="button" className="chat__earlier" onClick={showEarlier}>
              Mostrar mensagens anteriores
            </button>
          ) : null}
          <ol className="chat__messages" aria-label="Mensagens" aria-live="polite">
            {shown.map((message) => (
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
