import { serial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { type MemoryFactKind } from '@areia/contracts'
import { createdAt } from '../../db/columns'
import { users } from '../users/tables'

/** What the team remembers about a player beyond the profile; the player edits or deletes it. */
export const memoryFacts = pgTable(
  'memory_facts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the fact is about; facts written before kinds existed are OUTRO. */
    kind: text('kind').$type<MemoryFactKind>().notNull().default('OUTRO'),
    /** Within a kind, a newer fact with the same key replaces the older (one racket, one goal; one fact per partner, by name). */
    key: text('key'),
    text: text('text').notNull(),
    /** Details the coaches use (a tournament's date, the injured body part), read from `text`. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The player's sentence it was noted from; null when written on the memory screen. */
    sentence: text('sentence'),
    source: text('source').$type<'PLAYER' | 'CHAT'>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_facts_user_idx').on(t.userId)],
)
