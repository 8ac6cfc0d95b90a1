import { CHAT_MESSAGE_MAX_LENGTH } from '@areia/contracts'
import { useState, type KeyboardEvent } from 'react'
import { Icon } from '../../ui/icons'

const MAX_ROWS = 5

export const PLACEHOLDER_READY = 'Sua resposta...'
export const PLACEHOLDER_WAITING = 'Aguardando resposta...'

type ComposerProps = {
  disabled: boolean
  /** True when the text went out; the box is then cleared. */
  onSend: (text: string) => boolean
  /** SPEC §2: the optional "Enviar Vídeo" link; absent, no link is shown. */
  onVideoClick?: () => void
}

/** SPEC §2/§8: 1 to 5 rows, Enter sends, Shift+Enter breaks the line, blank never sent. */
export function ChatComposer({ disabled, onSend, onVideoClick }: ComposerProps) {
  const [text, setText] = useState('')
  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length))

  const submit = () => {
    if (disabled || !text.trim()) return
    if (onSend(text)) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
      <label className="visually-hidden" htmlFor="chat-input">
        Mensagem
      </label>
      <textarea
        id="chat-input"
        className="composer__input"
        rows={rows}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={text}
        disabled={disabled}
        placeholder={disabled ? PLACEHOLDER_WAITING : PLACEHOLDER_READY}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {text.trim() ? (
        <button type="submit" className="composer__send" aria-label="Enviar" disabled={disabled}>
          <Icon name="send" size={22} />
        </button>
      ) : null}
    </form>
  )
}
