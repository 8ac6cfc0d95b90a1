import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/tables'

/**
 * What the coaches sent the player unprompted about their progress (a report's changes, a
 * follow-up, a weekly summary), one row each: the key makes each one go out once, however often
 * its job runs. The figures themselves are never stored here; they come from the reports.
 */
export const progressNotes = pgTable(
  'progress_notes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'report' | 'follow_up' | 'weekly'>().notNull(),
    /** The video of a report, the planned day of a follow-up, the Monday of a summary. */
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A follow-up's answer as the player gave it with its chips: the session was done or not.
     * Null while unanswered (or answered in words the product does not read as either).
     */
    outcome: text('outcome').$type<'done' | 'missed'>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
)

/** The figures the player chose to follow their goal with (Minha evolução); none: the default. */
export const progressGoals = pgTable('progress_goals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  figures: jsonb('figures').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Which unprompted messages the player wants, switched in Conta. No row: the defaults (the
 * follow-ups and the summary in the chat and by push on, the summary by e-mail off until asked).
 */
export const progressPreferences = pgTable('progress_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  followUps: boolean('follow_ups').notNull().default(true),
  weeklyChat: boolean('weekly_chat').notNull().default(true),
  weeklyPush: boolean('weekly_push').notNull().default(true),
  weeklyEmail: boolean('weekly_email').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
