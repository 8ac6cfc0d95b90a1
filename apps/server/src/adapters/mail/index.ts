import { eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db'
import { mailOutbox } from '../../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Embedded mode: e-mails are kept in the `mail_outbox` table and written to the log, so an
 * operator (or a test) can read exactly what a player would have received.
 */
export function createOutboxMailer(db: Db, log: (mail: Mail) => void): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, body: mail.text })
      log(mail)
    },
  }
}

/** Account deletion: what was written to this address goes too (LGPD art. 18). */
export async function deleteOutboxMailTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.to, email))
}
