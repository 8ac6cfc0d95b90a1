import { ChatHistoryItem } from '@areia/contracts/chat'
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { z } from 'zod'

/**
 * What the chat keeps on the device (IndexedDB), per player: the messages typed that the server
 * has not confirmed storing yet (the outbox), which survive a reload, a closed tab and a phone
 * that restarts; and a copy of the conversation as last loaded, so the chat opens without a
 * connection. Both go at logout, like the saved reports.
 */

/** A message typed on this device that the server has not confirmed storing. */
export const OutboxEntry = z.object({
  /** The id the server stores it under and echoes back: sending it again never makes two. */
  clientId: z.string().min(1).max(64),
  userId: z.string().min(1),
  text: z.string().min(1),
  /** When it was typed (ms since epoch): sent in this order; the bubble shows this time. */
  queuedAt: z.number(),
  /** Why the server refused it (it was not stored), or null while it waits to go out. */
  refused: z.string().nullable(),
})
export type OutboxEntry = z.infer<typeof OutboxEntry>

type ChatCopy = { userId: string; items: unknown[]; savedAt: number }

interface ChatDeviceSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { 'by-user': string } }
  conversation: { key: string; value: ChatCopy }
}

const DB_NAME = 'areia-chat'
/** The copy keeps the latest messages, as many as a history page holds. */
export const CHAT_COPY_LIMIT = 200

let opening: Promise<IDBPDatabase<ChatDeviceSchema>> | null = null

function database(): Promise<IDBPDatabase<ChatDeviceSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('no IndexedDB'))
  opening ??= openDB<ChatDeviceSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('by-user', 'userId')
      db.createObjectStore('conversation', { keyPath: 'userId' })
    },
    // Another tab deletes the database at logout: let it.
    blocking(_current, _next, event) {
      ;(event.target as IDBDatabase).close()
      opening = null
    },
    terminated() {
      opening = null
    },
  }).catch((error: unknown) => {
    opening = null
    throw error
  })
  return opening
}

/** The player's messages still waiting on this device, oldest first; unreadable ones skipped. */
export async function loadOutbox(userId: string): Promise<OutboxEntry[]> {
  const rows = await (await database()).getAllFromIndex('outbox', 'by-user', userId)
  return rows
    .flatMap((row) => {
      const entry = OutboxEntry.safeParse(row)
      return entry.success ? [entry.data] : []
    })
    .sort((a, b) => a.queuedAt - b.queuedAt)
}

export async function saveOutboxEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put('outbox', entry)
}

export async function removeOutboxEntry(clientId: string): Promise<void> {
  await (await database()).delete('outbox', clientId)
}

/** The conversation as last loaded on this device, or null when none is kept. */
export async function loadChatCopy(userId: string): Promise<ChatHistoryItem[] | null> {
  const copy = await (await database()).get('conversation', userId)
  if (!copy) return null
  return copy.items.flatMap((item) => {
    const parsed = ChatHistoryItem.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

export async function saveChatCopy(userId: string, items: ChatHistoryItem[]): Promise<void> {
  await (
    await database()
  ).put('conversation', { userId, items: items.slice(-CHAT_COPY_LIMIT), savedAt: Date.now() })
}

/** Logout: nothing of the conversation stays on the device. */
export async function forgetChatDevice(): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  const closing = opening
  opening = null
  await closing?.then((db) => db.close()).catch(() => undefined)
  await deleteDB(DB_NAME).catch(() => undefined)
}
