import type { ConversationMember } from '@areia/contracts/agents'
import { CHAT_MESSAGE_MAX_LENGTH } from '@areia/contracts/chat'
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Icon } from '../../ui/icons'
import { MENTION_LIST_ID, MentionList, mentionOptionId } from './mention-list'
import { activeMention, applyMention, mentionOptions } from './mentions'

const MAX_ROWS = 5

export const PLACEHOLDER_READY = 'Sua resposta...'
export const PLACEHOLDER_WAITING = 'Aguardando resposta...'
export const HELD_NOTE =
  'Sem conexão: o que você enviar fica guardado neste aparelho e sai quando a conexão voltar.'

type ComposerProps = {
  disabled: boolean
  /** Not connected: what the player sends waits in the outbox, and the box says so. */
  held?: boolean
  /** True when the text was taken (sent, or kept to send); the box is then cleared. */
  onSend: (text: string) => boolean
  /** The optional "Enviar Vídeo" link; absent, no link is shown. */
  onVideoClick?: () => void
  /** Who `@` offers (coaches, added partners, `equipe`); none: no completion. */
  members?: readonly ConversationMember[]
}

/** 1 to 5 rows, Enter sends, Shift+Enter breaks the line, blank never sent. */
export function ChatComposer({
  disabled,
  held = false,
  onSend,
  onVideoClick,
  members = [],
}: ComposerProps) {
  const [text, setText] = useState('')
  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length))
  const input = useRef<HTMLTextAreaElement>(null)
  const [caret, setCaret] = useState(0)
  const [highlight, setHighlight] = useState(0)
  const [dismissed, setDismissed] = useState<number | null>(null)
  const pendingCaret = useRef<number | null>(null)
  const mention = activeMention(text, caret)
  const options =
    mention && mention.start !== dismissed && !disabled
      ? mentionOptions(members, mention.query)
      : []
  const open = options.length > 0
  const current = Math.min(highlight, options.length - 1)

  // After a pick the caret goes right after the inserted name.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !input.current) return
    input.current.setSelectionRange(pendingCaret.current, pendingCaret.current)
    pendingCaret.current = null
  })

  const pick = (member: ConversationMember) => {
    if (!mention) return
    const next = applyMention(text, caret, mention, member)
    setText(next.text)
    setCaret(next.caret)
    pendingCaret.current = next.caret
    setHighlight(0)
  }

  const submit = () => {
    if (disabled || !text.trim()) return
    if (onSend(text)) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
      if (step !== 0) {
        event.preventDefault()
        setHighlight((current + step + options.length) % options.length)
        return
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const chosen = options[current]
        if (chosen) {
          event.preventDefault()
          pick(chosen)
          return
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        setDismissed(mention?.start ?? null)
        return
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {onVideoClick ? (
        <button type="button" className="composer__video" onClick={onVideoClick}>
          <Icon name="video" size={20} />
          <span>Enviar Vídeo</span>
        </button>
      ) : null}
      {open ? <MentionList options={options} active={current} onPick={pick} /> : null}
      <label className="visually-hidden" htmlFor="chat-input">
        Mensagem
      </label>
      <textarea
        ref={input}
        id="chat-input"
        className="composer__input"
        rows={rows}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={text}
        disabled={disabled}
        placeholder={disabled ? PLACEHOLDER_WAITING : PLACEHOLDER_READY}
        onChange={(event) => {
          setText(event.target.value)
          setCaret(event.target.selectionStart)
          setHighlight(0)
          setDismissed(null)
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        aria-autocomplete={members.length > 0 ? 'list' : undefined}
        aria-controls={open ? MENTION_LIST_ID : undefined}
        aria-activedescendant={open ? mentionOptionId(current) : undefined}
      />
      {text.trim() ? (
        <button type="submit" className="composer__send" aria-label="Enviar" disabled={disabled}>
          <Icon name="send" size={22} />
        </button>
      ) : null}
      {held && text.trim() ? (
        <p className="composer__held" role="status">
          {HELD_NOTE}
        </p>
      ) : null}
    </form>
  )
}
