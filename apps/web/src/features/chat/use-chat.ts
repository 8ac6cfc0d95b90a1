import { CHAT_MESSAGE_MAX_LENGTH, type ServerFrame } from '@areia/contracts/chat'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useNavigate } from 'react-router'
import { applyAnalysisFrame } from '../../lib/analysis-progress'
import { useAuth } from '../../lib/auth/auth-context'
import { CONNECTION_STATUS } from '../../lib/chat-socket'
import { useChatSocket } from '../../lib/use-chat-socket'
import { loadChatHistory } from './chat-api'
import { chatReducer, highestId, initialChatState } from './chat-state'
import { useReportCheck } from './use-report-check'

/** Unique enough to pair a tab's optimistic copy with the stored echo (max 64 chars). */
function newClientId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

/**
 * The conversation of `/` (onboarding) and `/chat`: history first, then the socket from the
 * last id held. `onboarding_completed` reloads the user and replaces the route with
 * /chat; in /chat a pending introduction is requested once the connection is up.
 */
export function useChat(options: { checkReports?: boolean } = {}) {
  const { user, reloadUser } = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(chatReducer, initialChatState)

  useEffect(() => {
    const controller = new AbortController()
    loadChatHistory(controller.signal)
      .then((items) => {
        if (!controller.signal.aborted) dispatch({ type: 'history', items })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        // A chat init failure is logged only; the socket still brings new messages.
        console.warn('chat: history failed', error)
        dispatch({ type: 'history', items: [] })
      })
    return () => controller.abort()
  }, [])

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      dispatch({ type: 'frame', frame })
      if (frame.type === 'error') console.warn('chat: server said', frame.detail)
      if (frame.type !== 'SYSTEM') return
      // Meus Vídeos and the report page follow the analysis from here too.
      applyAnalysisFrame(frame, queryClient)
      if (frame.event === 'onboarding_completed') {
        void reloadUser().then((fresh) => {
          if (fresh) void navigate('/chat', { replace: true })
        })
      } else if (frame.event === 'introductions_completed') {
        void reloadUser()
      }
    },
    [reloadUser, navigate, queryClient],
  )

  // Only once the history is in: a report already in it must not be shown twice.
  useReportCheck(state.loaded && options.checkReports === true, (content, createdAt) =>
    dispatch({ type: 'report', content, createdAt }),
  )

  const {
    status,
    reason,
    reconnect,
    send: sendFrame,
  } = useChatSocket({
    ready: state.loaded,
    startAfter: highestId(state.messages),
    onFrame,
  })
  const connected = status === CONNECTION_STATUS.open
  useEffect(() => {
    if (!connected) dispatch({ type: 'disconnected' })
  }, [connected])

  const introductionsAsked = useRef(false)
  const pendingIntroductions = user?.onboarding_status === 'INTRODUCTION_PENDING'
  useEffect(() => {
    if (!pendingIntroductions || !connected || introductionsAsked.current) return
    introductionsAsked.current = sendFrame({ type: 'command', command: '@start_introductions' })
  }, [pendingIntroductions, connected, sendFrame])

  // Typing stays possible while disconnected: the text waits in the box until the way is open.
  const disabled = state.typers.length > 0

  /** Trimmed, blank not sent, blocked while disabled. True when it went out. */
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim().slice(0, CHAT_MESSAGE_MAX_LENGTH)
      if (!text || disabled || !connected) return false
      const clientId = newClientId()
      if (!sendFrame({ type: 'message', text, client_id: clientId })) return false
      dispatch({ type: 'sent', clientId, text, timestamp: new Date().toISOString() })
      return true
    },
    [disabled, connected, sendFrame],
  )

  return { state, status, reason, reconnect, connected, disabled, send, pendingIntroductions }
}
