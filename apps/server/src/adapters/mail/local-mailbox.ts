import type { AddressObject } from 'mailparser'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Db } from '../db'
import { sql } from 'drizzle-orm'
import { localMailbox, mailOutbox } from './tables'
import { redactLinkTokens } from './links'

/** Larger messages are refused: the app's own e-mails are a few kilobytes. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => v.address ?? '').filter(Boolean),
  )

export interface LocalMailbox {
  /** `smtp://127.0.0.1:PORT`, for the same SMTP transport production uses. */
  url: string
  close(): Promise<void>
}

/**
 * The embedded mode's mail server: a real SMTP server on loopback, in this process, keeping
 * each message it receives (per recipient) where the operations console reads it. E-mail thus
 * takes the very path it takes in production, only the last hop stays on this machine. What it
 * keeps has the token of every link written as `…`: whoever reads the console or the database
 * sees what was sent without being able to open anyone's account with it.
 */
export async function startLocalMailbox(
  db: Db,
  log: { error(obj: object, msg: string): void },
): Promise<LocalMailbox> {
  const server = new SMTPServer({
    // Loopback only, no credentials and no TLS: nothing outside this machine can reach it.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Areia — caixa postal local',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          const rows = recipients.map((to) => ({
            to,
            from:
              addresses(parsed.from)[0] ??
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            text: redactLinkTokens(parsed.text ?? ''),
            html: typeof parsed.html === 'string' ? redactLinkTokens(parsed.html) : null,
          }))
          const outboxId = Number(/^<outbox-(\d+)@areia>$/.exec(parsed.messageId ?? '')?.[1])
          for (const row of rows) {
            // Only while its outbox row exists: a delivery that overlapped the deletion of the
            // account is dropped rather than kept here.
            await db.execute(sql`
              INSERT INTO ${localMailbox} ("to", "from", subject, text, html)
              SELECT ${row.to}, ${row.from}, ${row.subject}, ${row.text}, ${row.html}
              WHERE ${Number.isInteger(outboxId) ? sql`EXISTS (SELECT 1 FROM ${mailOutbox} WHERE id = ${outboxId})` : sql`true`}`)
          }
          callback()
        })
        .catch((err: unknown) => {
          log.error({ err }, 'local mailbox: message not stored')
          callback(err as Error)
        })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  server.on('error', (err) => log.error({ err }, 'local mailbox: server error'))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
