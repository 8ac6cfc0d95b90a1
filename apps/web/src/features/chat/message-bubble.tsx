import type { ChatAction } from '@areia/contracts/chat'
import { lazy, memo, useState } from 'react'
import { formatMessageTimestamp } from '../../lib/format'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import type { ChatMessage } from './chat-state'
import { IdentificationPicture } from './identification-picture'
import { actionKey, videoIdOf } from './use-video-actions'

export const HOST_NAME = 'Areia'

// The markdown parser and sanitiser come with the first coach message shown, not with the chat's
// code: the list waits for them behind its own Suspense (message-list.tsx).
const MarkdownView = lazy(async () => ({
  default: (await import('../../lib/markdown-view')).MarkdownView,
}))

/** Where a message of the player's stands, under its text. */
export const DELIVERY = {
  sending: 'Enviando...',
  waiting: 'Aguardando conexão',
  delivered: 'Entregue',
  refused: 'Não enviada — toque para reenviar',
} as const

/** Colour family of an avatar: one per archetype, the host in sand. */
function tone(archetype: string | null): string {
  // The label agrees with the coach ("Técnica", "Estatística"), the colour does not change.
  if (archetype?.startsWith('Técnic')) return 'tecnico'
  if (archetype === 'Mental') return 'mental'
  if (archetype?.startsWith('Estatístic')) return 'estatistico'
  return 'host'
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''
  return (first + last).toUpperCase() || 'A'
}

/** 'Você' for the player; a coach's name plus 'Coach {archetype}'; the host 'Areia'. */
export function senderLabel(message: ChatMessage): { name: string; role: string | null } {
  if (message.sender === 'USER') return { name: 'Você', role: null }
  const name = message.name ?? HOST_NAME
  // Agent Store partners are named by their area ("Nutrição"), never as a coach.
  if (message.partner) return { name, role: `Parceiro · ${message.partner.categoryLabel}` }
  return { name, role: message.archetype ? `Coach ${message.archetype}` : null }
}

type BubbleProps = {
  message: ChatMessage
  /** What a chip does; absent (the onboarding chat), chips are shown only. */
  onAction?: (action: ChatAction) => void
  /** `type:videoId` of the chip whose request is in flight. */
  busyAction?: string | null
  /** No connection: a message waiting in the outbox says it waits for one. */
  offline?: boolean
  /** Sends a refused message again. */
  onRetry?: (clientId: string) => void
}

export const MessageBubble = memo(function MessageBubble({
  message,
  onAction,
  busyAction = null,
  offline = false,
  onRetry,
}: BubbleProps) {
  const mine = message.sender === 'USER'
  const { name, role } = senderLabel(message)
  // The heatmap of a report, opened full size from its thumbnail.
  const [image, setImage] = useState<{ src: string; alt: string } | null>(null)
  const time = formatMessageTimestamp(message.timestamp).replace(',', '')
  // The identification request, while its chips are live, shows the picture above them.
  const identify = onAction ? message.actions.find((a) => a.type === 'identify_player') : undefined
  const pictureFor = identify ? videoIdOf(identify.videoId) : null
  return (
    <li
      className={`message ${mine ? 'message--mine' : `message--coach message--${message.partner ? 'partner' : tone(message.archetype)}`}`}
      aria-busy={(message.pending && !message.refused) || undefined}
      data-message-id={message.id ?? undefined}
    >
      {mine ? null : (
        <span className="message__avatar" aria-hidden="true">
          {message.partner ? message.partner.avatar : initials(name)}
        </span>
      )}
      <div className="message__bubble">
        <p className="message__meta">
          <span className="message__name">{name}</span>
          {role ? <span className="message__role">{role}</span> : null}
        </p>
        {mine ? (
          <p className="message__text message__text--plain">{message.text}</p>
        ) : (
          // The statistical coach's report embeds the heatmap and a link to /videos/{id}.
          <MarkdownView className="message__text" text={message.text} onOpenImage={setImage} />
        )}
        {pictureFor !== null ? <IdentificationPicture videoId={pictureFor} /> : null}
        {message.actions.length > 0 ? (
          <div className="message__actions" role="group" aria-label="Ações">
            {message.actions.map((action) => {
              const busy = busyAction !== null && busyAction === actionKey(action)
              return (
                <button
                  key={`${action.type}-${action.label}`}
                  type="button"
                  className={`chip ${action.type === 'cancel_video' ? 'chip--danger' : ''}`}
                  disabled={!onAction || busyAction !== null}
                  aria-busy={busy || undefined}
                  onClick={() => onAction?.(action)}
                >
                  {action.label}
                </button>
              )
            })}
          </div>
        ) : null}
        {image ? (
          <Modal
            open
            title={image.alt || 'Imagem'}
            onClose={() => setImage(null)}
            footer={<Button onClick={() => setImage(null)}>Fechar</Button>}
          >
            <img className="message__image-full" src={image.src} alt={image.alt} />
          </Modal>
        ) : null}
        {mine ? (
          <Delivery message={message} time={time} offline={offline} onRetry={onRetry} />
        ) : (
          <time className="message__time" dateTime={message.timestamp}>
            {time}
          </time>
        )}
      </div>
    </li>
  )
})

/** The player's message: the time typed and whether it is stored, waits, or was refused. */
function Delivery({
  message,
  time,
  offline,
  onRetry,
}: {
  message: ChatMessage
  time: string
  offline: boolean
  onRetry: ((clientId: string) => void) | undefined
}) {
  const { clientId, refused } = message
  if (message.pending && refused && clientId) {
    return (
      <div className="message__delivery message__delivery--refused" data-delivery="refused">
        <p className="message__refusal">{refused}</p>
        <button type="button" className="message__retry" onClick={() => onRetry?.(clientId)}>
          {DELIVERY.refused}
        </button>
      </div>
    )
  }
  const state = message.pending ? (offline ? 'waiting' : 'sending') : 'delivered'
  return (
    <p className="message__time message__delivery" data-delivery={state}>
      <time dateTime={message.timestamp}>{time}</time>
      {state === 'delivered' ? (
        <span className="message__delivered">
          <Icon name="check" size={14} />
          <span className="visually-hidden">{DELIVERY.delivered}</span>
        </span>
      ) : (
        <span className="message__waiting">
          <Icon name="clock" size={14} />
          {DELIVERY[state]}
        </span>
      )}
    </p>
  )
}
