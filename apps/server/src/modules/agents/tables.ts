import {
  boolean,
  serial,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { users } from '../users/tables'

/**
 * Agent Store partners. Seeded from the coach engine's catalogue on start (missing slugs only),
 * then data: operators edit name, avatar, texts and knowledge, or hide a partner.
 */
export const partnerAgents = pgTable('partner_agents', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  sampleQuestion: text('sample_question').notNull(),
  sampleAnswer: text('sample_answer').notNull(),
  /** The engine's persona and knowledge topics (`PartnerKnowledge` of packages/coach). */
  knowledge: jsonb('knowledge').notNull(),
  /** Hidden partners leave the store and stop answering; rows stay for history. */
  hidden: boolean('hidden').notNull().default(false),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Partners a player added to their conversation; the plan's `partner_agent_limit` caps them. */
export const userPartnerAgents = pgTable(
  'user_partner_agents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partnerAgents.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] })],
)
