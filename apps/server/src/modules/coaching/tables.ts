import {
  bigint,
  bigserial,
  uniqueIndex,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { Archetype, SenderType, type ChatAction } from '@areia/contracts'
import { values, createdAt } from '../../db/columns'
import { partnerAgents } from '../agents/tables'
import { users } from '../users/tables'

export const archetypeEnum = pgEnum('archetype', values(Archetype.options))
export const senderTypeEnum = pgEnum('sender_type', values(SenderType.options))

/** A player's exclusive team: three coaches whose names and voices are theirs alone. */
export const coaches = pgTable(
  'coaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    archetype: archetypeEnum('archetype').notNull(),
    /** The engine's persona (voice, traits), kept so the coach stays the same person. */
    persona: jsonb('persona').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coaches_user_idx').on(t.userId)],
)

/**
 * Every chat message, stored before it is sent. The bigserial id orders a player's messages
 * and is the cursor a reconnecting client catches up from.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderType: senderTypeEnum('sender_type').notNull(),
    coachId: uuid('coach_id').references(() => coaches.id, { onDelete: 'set null' }),
    /** Set when an Agent Store partner wrote it; the partner's name and avatar come from its row. */
    partnerId: integer('partner_id').references(() => partnerAgents.id, { onDelete: 'set null' }),
    /** Shown name when there is no coach row (the onboarding host). */
    senderName: text('sender_name'),
    content: text('content').notNull(),
    actions: jsonb('actions').$type<ChatAction[]>(),
    suggestions: jsonb('suggestions').$type<string[]>(),
    /**
     * The player's message this one answers and its place in that answer: a turn run again after
     * its worker died writes each part of the answer at most once.
     */
    replyTo: bigint('reply_to', { mode: 'number' }),
    replyIndex: integer('reply_index'),
    /**
     * The id the player's device gave its message: a message sent again after a lost connection
     * (the device's outbox) is stored once, and its echo still tells the device it arrived.
     */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_user_id_idx').on(t.userId, t.id),
    uniqueIndex('chat_messages_reply_idx').on(t.replyTo, t.replyIndex),
    uniqueIndex('chat_messages_client_idx').on(t.userId, t.clientId),
  ],
)

/**
 * Who is running a player's conversation turns now (one worker at a time across nodes, until
 * `held_until` unless renewed) and how far the player's messages have been answered.
 */
export const chatTurns = pgTable('chat_turns', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holder: text('holder'),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  /** The player's message whose turn started last: found again, that turn was cut off. */
  turnMessageId: bigint('turn_message_id', { mode: 'number' }),
  /** Every player message up to this id has had its turn. */
  answeredThrough: bigint('answered_through', { mode: 'number' }).notNull().default(0),
})

/** Where the onboarding dialogue stands, as the coach engine's JSON state. */
export const onboardingStates = pgTable('onboarding_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The player's training week as the statistical coach built it (the coach engine's plan, JSON), so
 * it can be asked for again and adjusted. One per player: a new plan replaces the old.
 */
export const trainingPlans = pgTable('training_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
