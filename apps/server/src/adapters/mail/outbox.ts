import { and, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db'
import { localMailbox, mailOutbox } from './tables'
import type { JobQueue } from '../queue'
import { htmlFromText } from './layout'
import { withLinkToken } from './links'
import type { MailTransport } from './transport'

export interface Mail {
  to: string
  subject: string
  text: string
  /** The same message in the app's look; derived from `text` when left out. */
  html?: string
  /**
   * Kept only until delivered or given up on, here and in the local mailbox: the e-mail that
   * confirms an account's deletion must not keep the address it was sent to.
   */
  eraseAfterSend?: boolean
  /**
   * The account-token grant of the link in this e-mail (written with its token as `…`): the
   * token is minted only as the message leaves, so the stored copy never opens the account.
   */
  linkGrant?: number
}

/** Mints the token of an e-mailed link at delivery; null once the link no longer stands. */
export interface LinkTokens {
  mintLink(grant: number): Promise<string | null>
}

/** What modules send e-mail through: queued at once, delivered by a job with retries. */
export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** Longest last error kept for the console: the SMTP server's answer, not a stack. */
const ERROR_MAX = 500

const LINK_GONE =
  'Não enviado: o link deste e-mail expirou ou foi substituído por um mais novo antes da entrega.'

/**
 * The outbox: every e-mail is a row (what was sent, to whom, and how delivery went) and a
 * `mail.deliver` job. A failed attempt is retried by the queue with back-off; once the retries
 * are spent the job's dead letter marks the row FAILED, which the console shows.
 */
export class MailOutbox implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly queue: Pick<JobQueue, 'send'>,
    private readonly log: { info(obj: object, msg: string): void },
  ) {}

  async send(mail: Mail): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        body: mail.text,
        html: mail.html ?? htmlFromText(mail.subject, mail.text),
        eraseAfterSend: mail.eraseAfterSend ?? false,
        linkGrant: mail.linkGrant ?? null,
      })
      .returning({ id: mailOutbox.id })
    if (!row) throw new Error('insert into mail_outbox returned nothing')
    await this.queue.send('mail.deliver', { outbox_id: row.id })
    this.log.info({ outbox: row.id, to: mail.to }, 'e-mail queued')
  }
}

/**
 * Where jobs run: hands each queued e-mail to the mail server, with the token of its link (if it
 * has one) minted into the outgoing message alone.
 */
export class MailDelivery {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly links: LinkTokens,
    /** Told when an erase-after-send e-mail left no trace (the database may compact its files). */
    private readonly onErased: () => Promise<void> = async () => undefined,
  ) {}

  /** The `mail.deliver` job: throws to have the queue try again later. */
  async deliver(id: number): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    // Sent already (a retry after a crash past the send), or its player deleted meanwhile.
    if (!row || row.status !== 'QUEUED') return
    let fill = (text: string) => text
    if (row.linkGrant !== null) {
      const token = await this.links.mintLink(row.linkGrant)
      if (token === null) {
        await this.db
          .update(mailOutbox)
          .set({ status: 'FAILED', lastError: LINK_GONE })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'QUEUED')))
        return
      }
      fill = (text) => withLinkToken(text, token)
    }
    try {
      await this.transport.send({
        to: row.to,
        subject: row.subject,
        text: fill(row.body),
        html: row.html === null ? undefined : fill(row.html),
        // Fixed per row: a resend after a crash carries the same id, so clients can fold it.
        messageId: `<outbox-${row.id}@areia>`,
      })
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: String((err as Error).message ?? err).slice(0, ERROR_MAX),
        })
        .where(eq(mailOutbox.id, id))
      throw err
    }
    if (row.eraseAfterSend) return this.erase(row.id, row.to)
    await this.db
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, id))
  }

  /** The dead letter: every retry failed. */
  async markFailed(id: number): Promise<void> {
    const [row] = await this.db
      .update(mailOutbox)
      .set({ status: 'FAILED' })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'QUEUED')))
      .returning({ to: mailOutbox.to, eraseAfterSend: mailOutbox.eraseAfterSend })
    if (row?.eraseAfterSend) await this.erase(id, row.to)
  }

  private async erase(id: number, to: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(mailOutbox).where(eq(mailOutbox.id, id))
      await tx.delete(localMailbox).where(eq(localMailbox.to, to))
    })
    await this.onErased()
  }
}

/** Account deletion: what was written to this address goes too, outbox and local mailbox. */
export async function deleteOutboxMailTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.to, email))
  await db.delete(localMailbox).where(eq(localMailbox.to, email))
}
