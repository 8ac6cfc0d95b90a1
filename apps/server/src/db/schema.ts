/**
 * The schema index: each table lives beside the code that owns it, and this file gathers them
 * for Drizzle (the migrations are generated from it) and for the database handle's types.
 */
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { mailOutbox, localMailbox } from '../adapters/mail/tables'
import { serverSecrets } from '../lib/tables'
import { auditLog } from '../modules/admin/tables'
import { analysisChunks, videoAnalyses } from '../modules/analysis/tables'
import { accountTokens, refreshTokens, sessions } from '../modules/auth/tables'
import {
  cardTokens,
  couponRedemptions,
  coupons,
  orders,
  plans,
  subscriptions,
  waitlistEntries,
} from '../modules/billing/tables'
import { chatMessages, coaches, onboardingStates, trainingPlans } from '../modules/coaching/tables'
import { oauthStates, userIdentities } from '../modules/google-auth/tables'
import { pushSubscriptions } from '../modules/push/tables'
import { reportShares } from '../modules/report-shares/tables'
import { profiles, retainedRecords, users } from '../modules/users/tables'
import { videos } from '../modules/videos/tables'

export * from '../adapters/mail/tables'
export * from '../lib/tables'
export * from '../modules/admin/tables'
export * from '../modules/agents/tables'
export * from '../modules/analysis/tables'
export * from '../modules/auth/tables'
export * from '../modules/billing/tables'
export * from '../modules/coaching/tables'
export * from '../modules/google-auth/tables'
export * from '../modules/memory/tables'
export * from '../modules/push/tables'
export * from '../modules/report-shares/tables'
export * from '../modules/users/tables'
export * from '../modules/videos/tables'

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

export const schema = {
  users,
  profiles,
  sessions,
  refreshTokens,
  serverSecrets,
  coaches,
  chatMessages,
  onboardingStates,
  plans,
  coupons,
  couponRedemptions,
  waitlistEntries,
  mailOutbox,
  localMailbox,
  accountTokens,
  pushSubscriptions,
  userIdentities,
  oauthStates,
  orders,
  subscriptions,
  cardTokens,
  videos,
  videoAnalyses,
  reportShares,
  analysisChunks,
  auditLog,
  retainedRecords,
  trainingPlans,
  progressNotes,
  progressGoals,
}
