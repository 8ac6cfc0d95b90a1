import { serial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bytea, createdAt } from '../../db/columns'
import { users } from '../users/tables'

/**
 * A login session, which is also the refresh-token family of RFC 9700: every refresh token
 * minted from one login belongs to it, and revoking it ends them all (and the access tokens,
 * which carry its id as `sid`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Refresh tokens are stored only as SHA-256 hashes. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token is exchanged; a second exchange after the grace window is theft. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

/**
 * Single-use links sent by e-mail (password reset, address confirmation), stored only as
 * SHA-256 hashes. `email` is the address the link proves (a new one, for an address change).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'PASSWORD_RESET' | 'EMAIL_CONFIRM'>().notNull(),
    /**
     * SHA-256 of a link's token. Null on the grant an e-mail is queued with: each delivery mints
     * a token of its own into a sibling row, so no usable token waits in the outbox.
     */
    tokenHash: bytea('token_hash').unique(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
)
