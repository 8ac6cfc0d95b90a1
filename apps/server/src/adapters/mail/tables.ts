import { boolean, serial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'

/**
 * Every e-mail the app sends: queued here, delivered over SMTP by a job with retries; FAILED
 * once the retries are spent (the console shows it with the last error).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  html: text('html'),
  status: text('status').$type<'QUEUED' | 'SENT' | 'FAILED'>().notNull().default('QUEUED'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Deleted once delivered or given up on (the e-mail confirming an account's deletion). */
  eraseAfterSend: boolean('erase_after_send').notNull().default(false),
  /**
   * The account-token grant whose link this e-mail carries: `body` and `html` hold the link with
   * its token as `…`, and the token is minted only into the message handed to the transport.
   */
  linkGrant: integer('link_grant'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
})

/** The embedded mode's local SMTP mailbox: what players would have received, for the console. */
export const localMailbox = pgTable('local_mailbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
