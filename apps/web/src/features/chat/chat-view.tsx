import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { useOpenPlans } from '../../lib/plans-modal'
import { useOpenVideoUpload } from '../../lib/video-upload-modal'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { fetchConversationMembers } from './chat-api'
import { ChatComposer } from './chat-composer'
import { ConnectionStatusLine } from './connection-status'
import { currentSuggestions, typingText } from './chat-state'
import { IdentificationContext } from './identification-picture'
import { MessageList } from './message-list'
import { UploadProgressList } from './upload-progress'
import { useChat } from './use-chat'
import { useVideoActions } from './use-video-actions'

export const LOADING_HISTORY = 'Carregando seu histórico de mensagens...'
export const EMPTY_HINT = 'Ainda não há mensagens: escreva abaixo para falar com a sua equipe.'
export const IDENTIFY_WAIT = 'A conversa continua depois que você disser qual jogador é você.'
export const ANSWER_LATER = 'Responder depois'
export const CREATING_TEAM = 'Criando a sua equipe exclusiva e personalizada de coaches de IA...'

type ChatViewProps = { variant: 'onboarding' | 'main' }

/** The onboarding chat at `/` and the main chat at `/chat` share one conversation. */
export function ChatView({ variant }: ChatViewProps) {
  const {
    state,
    status,
    reason,
    reconnect,
    connected,
    disabled,
    send,
    retry,
    pendingIntroductions,
  } = useChat({ checkReports: variant === 'main' })
  const { logout, user } = useAuth()
  const openPlans = useOpenPlans()
  const openVideoUpload = useOpenVideoUpload()
  // Sending a video needs PAYMENT_OK; anyone else is shown the plans instead.
  const onVideoClick =
    variant !== 'main'
      ? undefined
      : user?.payment_status === 'PAYMENT_OK'
        ? (openVideoUpload ?? undefined)
        : (openPlans ?? undefined)
  const video = useVideoActions(state, variant === 'main')
  // The input waits while a video awaits identification, as while coaches type, until
  // the player chooses to answer later.
  const inputDisabled = disabled || video.holdsInput
  const gender = user?.profile.gender ?? null
  const { onPick, busyAction } = video
  const identification = useMemo(
    () => ({ gender, onPick, busy: busyAction !== null }),
    [gender, onPick, busyAction],
  )
  // Offline too: a chip tapped then waits in the outbox like a typed answer.
  const suggestions = disabled ? [] : currentSuggestions(state.messages)
  const typing = typingText(state.typers)
  const empty = video.messages.length === 0
  // `@` completion: the coaches, the partners added from the Agent Store and `equipe`.
  const members = useQuery({
    queryKey: ['chat', 'members'],
    queryFn: ({ signal }) => fetchConversationMembers(signal),
    enabled: variant === 'main',
    staleTime: 60_000,
  })

  const header =
    variant === 'onboarding' ? (
      <header className="chat-intro">
        <p className="eyebrow">Boas-vindas ao Areia</p>
        <h1 id="chat-title" className="chat-intro__title">
          Vamos montar o seu time de treinadores
        </h1>
        <p className="chat-intro__lead">
          Vamos fazer algumas perguntas rápidas sobre o seu jogo para criar a sua equipe exclusiva e
          personalizada de coaches de IA: um técnico, um mental e um estatístico.
        </p>
        {/* The header has no menu on `/`: this is how a player leaves before finishing. */}
        <Button variant="ghost" className="chat-intro__logout" onClick={() => void logout()}>
          Sair
        </Button>
      </header>
    ) : null

  // Outside the scrolling list: the store and the memory stay one tap away in a long conversation.
  const toolbar =
    variant === 'main' ? (
      <header className="chat-head">
        <h1 id="chat-title" className="visually-hidden">
          Chat com a sua equipe
        </h1>
        <Link to="/agentes" className="chat-head__link">
          <span aria-hidden="true">🧩</span> Agentes parceiros
        </Link>
        <Link to="/memoria" className="chat-head__link">
          <span aria-hidden="true">🧠</span> Memória
        </Link>
      </header>
    ) : null

  const emptyState =
    !empty || typing ? null : !state.loaded ? (
      <Spinner label={LOADING_HISTORY} />
    ) : variant === 'main' ? (
      <div className="chat__empty" role="status">
        <p>{pendingIntroductions ? CREATING_TEAM : LOADING_HISTORY}</p>
        {/* The history is in and holds nothing: the line above would otherwise wait forever. */}
        {pendingIntroductions ? null : <p className="chat__empty-hint">{EMPTY_HINT}</p>}
      </div>
    ) : null

  const footer = (
    <>
      {emptyState}
      {variant === 'main' ? <UploadProgressList /> : null}
      {suggestions.length > 0 ? (
        <div className="chat__chips" role="group" aria-label="Sugestões de resposta">
          {suggestions.map((text) => (
            <button key={text} type="button" className="chip" onClick={() => send(text)}>
              {text}
            </button>
          ))}
        </div>
      ) : null}
      {typing ? (
        <p className="chat__typing" role="status">
          <span className="typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {typing}
        </p>
      ) : null}
    </>
  )

  return (
    <section className={`chat chat--${variant}`} aria-labelledby="chat-title">
      {toolbar}
      <IdentificationContext.Provider value={variant === 'main' ? identification : null}>
        <MessageList
          messages={video.messages}
          header={header}
          footer={footer}
          onAction={variant === 'main' ? video.onAction : undefined}
          busyAction={video.busyAction}
          offline={!connected}
          onRetry={retry}
        />
      </IdentificationContext.Provider>
      <div className="chat__dock">
        <ConnectionStatusLine status={status} reason={reason} onReconnect={reconnect} />
        {video.holdsInput && !disabled ? (
          <p className="chat__identify-wait">
            <span>{IDENTIFY_WAIT}</span>
            <button type="button" className="chat__identify-later" onClick={video.answerLater}>
              {ANSWER_LATER}
            </button>
          </p>
        ) : null}
        <ChatComposer
          disabled={inputDisabled}
          held={!connected}
          onSend={send}
          onVideoClick={onVideoClick}
          members={members.data ?? []}
        />
      </div>
    </section>
  )
}
