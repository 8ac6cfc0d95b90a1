import { CHAT_MESSAGE_MAX_LENGTH, type ServerFrame } from '@areia/contracts/chat'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import { useNavigate } from 'react-router'
import { applyAnalysisFrame } from '../../lib/analysis-progress'
import { useAuth } from '../../lib/auth/auth-context'
import { loadChatCopy, saveChatCopy } from '../../lib/chat-device-store'
import { CONNECTION_STATUS } from '../../lib/chat-socket'
import { useChatSocket } from '../../lib/use-chat-socket'
import { loadChatHistory } from './chat-api'
import { chatReducer, highestId, initialChatState, storedMessages } from './chat-state'
import { useOutbox } from './use-outbox'
import { useReportCheck } from './use-report-check'

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
  const userId = user?.id ?? null

  // The device's copy of the conversation first (it opens without a connection), then the
  // server's history, which replaces it.
  useEffect(() => {
    const controller = new AbortController()
    const copy = userId
      ? loadChatCopy(userId).catch((error: unknown) => {
          console.warn('chat: no copy of the conversation on this device', error)
          return null
        })
      : Promise.resolve(null)
    void copy.then((items) => {
      if (items && !controller.signal.aborted) dispatch({ type: 'copy', items })
    })
    loadChatHistory(controller.signal)
      .then((items) => {
        if (!controller.signal.aborted) dispatch({ type: 'history', items })
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return
        // A chat init failure is logged only; the socket still brings new messages, from the
        // last one of the copy.
        console.warn('chat: history failed', error)
        await copy
        if (!controller.signal.aborted) dispatch({ type: 'history-failed' })
      })
    return () => controller.abort()
    // The player does not change under a mounted chat (logout unmounts it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The conversation as loaded is kept on the device, for the next time it opens offline: at
  // once whenever a stored message comes or goes (a reload may follow right after).
  const stored = useMemo(() => storedMessages(state.messages), [state.messages])
  const fromCopy = state.messages.some((m) => m.fromCopy)
  // Null until written once: an empty conversation (cleared elsewhere) replaces an older copy.
  const savedCopy = useRef<string | null>(null)
  useEffect(() => {
    if (!userId || !state.loaded || fromCopy) return
    const signature = stored.map((m) => m.id).join(',')
    if (signature === savedCopy.current) return
    savedCopy.current = signature
    saveChatCopy(userId, stored).catch((error: unknown) =>
      console.warn('chat: the copy of the conversation was not kept', error),
    )
  }, [userId, state.loaded, fromCopy, stored])

  const outboxFrame = useRef<(frame: ServerFrame) => void>(() => undefined)
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      dispatch({ type: 'frame', frame })
      outboxFrame.current(frame)
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

  const outbox = useOutbox({ userId, connected, sendFrame, dispatch })
  useEffect(() => {
    outboxFrame.current = outbox.onFrame
  }, [outbox.onFrame])
  // Messages of the outbox the server's history shows stored were delivered.
  const { delivered } = outbox
  useEffect(() => {
    delivered(stored.flatMap((m) => (m.client_id ? [m.client_id] : [])))
  }, [stored, delivered])

  // Typing stays possible while disconnected: what is sent waits in the outbox.
  const disabled = state.typers.length > 0

  /** Trimmed, blank not sent, blocked while disabled. True when it was taken (into the outbox). */
  const { queue } = outbox
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim().slice(0, CHAT_MESSAGE_MAX_LENGTH)
      if (!text || disabled) return false
      queue(text)
      return true
    },
    [disabled, queue],
  )

  return {
    state,
    status,
    reason,
    reconnect,
    connected,
    disabled,
    send,
    retry: outbox.retry,
    pendingIntroductions,
  }
}
