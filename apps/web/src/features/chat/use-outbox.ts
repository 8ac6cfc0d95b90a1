import type { ClientFrame, ServerFrame } from '@areia/contracts/chat'
import { useCallback, useEffect, useRef, type Dispatch } from 'react'
import {
  loadOutbox,
  removeOutboxEntry,
  saveOutboxEntry,
  type OutboxEntry,
} from '../../lib/chat-device-store'
import type { ChatEvent, QueuedMessage } from './chat-state'

/** Unique enough to pair the device's copy with the stored echo (max 64 chars). */
function newClientId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

const toQueued = (e: OutboxEntry): QueuedMessage => ({
  clientId: e.clientId,
  text: e.text,
  timestamp: new Date(e.queuedAt).toISOString(),
  refused: e.refused,
})

type OutboxOptions = {
  userId: string | null
  connected: boolean
  sendFrame: (frame: ClientFrame) => boolean
  dispatch: Dispatch<ChatEvent>
}

/**
 * The chat's outbox, as messaging apps have: what the player types is kept on the device first,
 * then sent, in the order typed, whenever a connection is open, and again on every new
 * connection until the server's echo (the stored message, with the device's id) arrives. The
 * server stores a message once whatever how often it comes, so a resend is harmless. Only a
 * refusal by the server stops the resending; the player may then send it again.
 */
export function useOutbox({ userId, connected, sendFrame, dispatch }: OutboxOptions) {
  /** Waiting entries, in the order they go out. */
  const entries = useRef<OutboxEntry[]>([])
  /** Which connection each entry last went out on: every new connection sends it again. */
  const sentOn = useRef(new Map<string, number>())
  const connection = useRef(0)
  const open = useRef(false)
  const lastQueuedAt = useRef(0)
  // Writes to the device in the order they were asked for (a removal never precedes its save).
  const disk = useRef<Promise<void>>(Promise.resolve())
  const persist = useCallback((write: () => Promise<void>) => {
    disk.current = disk.current.then(write).catch((error: unknown) => {
      // No storage (private mode, full disk): the message still goes out while this tab lives.
      console.warn('chat: outbox storage failed', error)
    })
  }, [])

  const send = useRef(sendFrame)
  useEffect(() => {
    send.current = sendFrame
  })

  const flush = useCallback(() => {
    if (!open.current) return
    for (const entry of entries.current) {
      if (entry.refused !== null || sentOn.current.get(entry.clientId) === connection.current)
        continue
      const frame = { type: 'message', text: entry.text, client_id: entry.clientId } as const
      if (!send.current(frame)) return
      sentOn.current.set(entry.clientId, connection.current)
    }
  }, [])

  const add = useCallback((entry: OutboxEntry) => {
    entries.current = [...entries.current.filter((e) => e.clientId !== entry.clientId), entry]
    lastQueuedAt.current = Math.max(lastQueuedAt.current, entry.queuedAt)
  }, [])

  // What earlier visits left on this device: shown at once, sent when a connection opens.
  useEffect(() => {
    if (!userId) return
    let cancelled = false
    loadOutbox(userId)
      .then((saved) => {
        if (cancelled || saved.length === 0) return
        const known = new Set(entries.current.map((e) => e.clientId))
        const fresh = saved.filter((e) => !known.has(e.clientId))
        for (const entry of fresh) add(entry)
        entries.current.sort((a, b) => a.queuedAt - b.queuedAt)
        dispatch({ type: 'queued', entries: fresh.map(toQueued) })
        flush()
      })
      .catch((error: unknown) => console.warn('chat: outbox could not be read', error))
    return () => {
      cancelled = true
    }
  }, [userId, add, dispatch, flush])

  useEffect(() => {
    open.current = connected
    if (!connected) return
    connection.current += 1
    flush()
  }, [connected, flush])

  /** Keeps the message on the device and sends it when it can. */
  const queue = useCallback(
    (text: string) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        userId: userId ?? '',
        text,
        // Strictly after the last one, so the order typed is the order sent, even within a ms.
        queuedAt: Math.max(Date.now(), lastQueuedAt.current + 1),
        refused: null,
      }
      add(entry)
      dispatch({ type: 'queued', entries: [toQueued(entry)] })
      if (userId) persist(() => saveOutboxEntry(entry))
      flush()
    },
    [userId, add, dispatch, persist, flush],
  )

  /** "Toque para reenviar": the refused message goes to the end of the queue, as typed now. */
  const retry = useCallback(
    (clientId: string) => {
      const entry = entries.current.find((e) => e.clientId === clientId)
      if (!entry) return
      const again = {
        ...entry,
        refused: null,
        queuedAt: Math.max(Date.now(), lastQueuedAt.current + 1),
      }
      sentOn.current.delete(clientId)
      add(again)
      dispatch({ type: 'queued', entries: [toQueued(again)] })
      persist(() => saveOutboxEntry(again))
      flush()
    },
    [add, dispatch, persist, flush],
  )

  /** The server stored these (echo, catch-up or history): they leave the outbox. */
  const delivered = useCallback(
    (clientIds: Iterable<string>) => {
      for (const clientId of clientIds) {
        if (!entries.current.some((e) => e.clientId === clientId)) continue
        entries.current = entries.current.filter((e) => e.clientId !== clientId)
        sentOn.current.delete(clientId)
        persist(() => removeOutboxEntry(clientId))
      }
    },
    [persist],
  )

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type === 'message' && frame.client_id) delivered([frame.client_id])
      if (frame.type !== 'error' || !frame.client_id) return
      const entry = entries.current.find((e) => e.clientId === frame.client_id)
      if (!entry) return
      const refused = { ...entry, refused: frame.detail }
      add(refused)
      entries.current.sort((a, b) => a.queuedAt - b.queuedAt)
      dispatch({ type: 'refused', clientId: entry.clientId, detail: frame.detail })
      persist(() => saveOutboxEntry(refused))
    },
    [add, delivered, dispatch, persist],
  )

  return { queue, retry, delivered, onFrame }
}
