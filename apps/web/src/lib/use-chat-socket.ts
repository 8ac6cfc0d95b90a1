import type { ClientFrame, ServerFrame } from '@areia/contracts/chat'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from './auth/auth-context'
import {
  CONNECTION_STATUS,
  ChatSocket,
  type ConnectionStatus,
  type DisconnectReason,
} from './chat-socket'

export type ChatConnection = {
  status: ConnectionStatus
  /** Why it is not connected, kept through the retries; null while connected. */
  reason: DisconnectReason | null
  send: (frame: ClientFrame) => boolean
  /** Try again now (the player's "Reconectar"). */
  reconnect: () => void
}

/**
 * The socket is open while the player is authenticated and the session is not loading,
 * and `ready` (the history is in, so `after` is known); closed otherwise. `startAfter` is the
 * highest message id already on screen.
 */
export function useChatSocket(options: {
  ready: boolean
  startAfter: number
  onFrame: (frame: ServerFrame) => void
  /** False: live frames only, no replay of missed messages (see ChatSocket). */
  catchUp?: boolean
  /** The analysts' feed instead of the player's own conversation (see ChatSocket). */
  watch?: 'analysis'
}): ChatConnection {
  const { isAuthenticated, loading } = useAuth()
  const [status, setStatus] = useState<ConnectionStatus>(CONNECTION_STATUS.idle)
  const [reason, setReason] = useState<DisconnectReason | null>(null)
  const onFrame = useRef(options.onFrame)
  const socketRef = useRef<ChatSocket | null>(null)

  useEffect(() => {
    onFrame.current = options.onFrame
  })

  const active = isAuthenticated && !loading && options.ready
  const { startAfter, catchUp = true, watch = null } = options
  useEffect(() => {
    if (!active) return
    const socket = new ChatSocket({
      onFrame: (frame) => onFrame.current(frame),
      onStatus: (next, why) => {
        setStatus(next)
        // A retry in progress says no reason of its own: the last one still explains the wait.
        if (next === CONNECTION_STATUS.open || next === CONNECTION_STATUS.connecting)
          setReason(null)
        else if (why) setReason(why)
      },
      catchUp,
      watch,
    })
    socket.noteMessageId(startAfter)
    socketRef.current = socket
    socket.start()
    return () => {
      socket.stop()
      socketRef.current = null
    }
    // `startAfter` is read once per connection: later ids come through the socket itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  const send = useCallback((frame: ClientFrame) => socketRef.current?.send(frame) ?? false, [])
  const reconnect = useCallback(() => socketRef.current?.reconnect(), [])
  return { status, reason: status === CONNECTION_STATUS.open ? null : reason, send, reconnect }
}
