import type { JobName } from '@areia/contracts'
import type { Config } from '../../config'
import type { Db } from '../db'
import type { JobQueue, QueuePolicy } from '../queue'
import { job } from '../queue/jobs'
import { startLocalMailbox } from './local-mailbox'
import { type LinkTokens, MailDelivery, MailOutbox } from './outbox'
import { MailTemplates } from './templates'
import { createSmtpTransport, type MailTransport } from './transport'

export { htmlFromText, renderHtml, renderText, type MailContent } from './layout'
export { startLocalMailbox, type LocalMailbox } from './local-mailbox'
export { redactLinkTokens } from './links'
export {
  deleteOutboxMailTo,
  type LinkTokens,
  type Mail,
  type Mailer,
  MailDelivery,
  MailOutbox,
} from './outbox'
export { MailTemplates, type Recipient } from './templates'
export { createSmtpTransport, type MailTransport } from './transport'

/** Retries with back-off, then the dead letter marks the e-mail FAILED. */
export function mailPolicies(settings: Config['mail']): Partial<Record<JobName, QueuePolicy>> {
  return {
    'mail.deliver': {
      retryLimit: settings.retryLimit,
      retryDelaySeconds: settings.retryDelaySeconds,
      expireInSeconds: 120,
      deadLetter: 'mail.dead',
    },
    'mail.dead': { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 60 },
  }
}

/** No SMTP on a node that runs no jobs: it only queues. */
const notHere: MailTransport = {
  send: () => Promise.reject(new Error('este nó não entrega e-mails (RUN_WORKER=false)')),
  close: () => undefined,
}

/**
 * E-mail as one component: the outbox other modules send through, the templates, and — where
 * jobs run — delivery over SMTP_URL, or, without it, to the in-process local mailbox.
 */
export async function createMail(opts: {
  db: Db
  queue: JobQueue
  settings: Config['mail']
  runWorker: boolean
  /** Absolute address in the web app for a path (links in e-mails). */
  link: (path: string) => string
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }
  onErased?: () => Promise<void>
}) {
  const { db, queue, settings } = opts
  const mailbox =
    opts.runWorker && !settings.smtpUrl ? await startLocalMailbox(db, opts.log) : undefined
  const smtpUrl = settings.smtpUrl ?? mailbox?.url
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, settings.from) : notHere
  const outbox = new MailOutbox(db, queue, opts.log)
  return {
    outbox,
    templates: new MailTemplates(opts.link),
    /** Whether e-mail stays on this machine (the console then shows the local mailbox). */
    local: !settings.smtpUrl,
    /** The consumers of the worker role; `links` mints the tokens of e-mailed links. */
    jobs(links: LinkTokens) {
      const delivery = new MailDelivery(db, transport, links, opts.onErased)
      return [
        job('mail.deliver', (data) => delivery.deliver(data.outbox_id)),
        job('mail.dead', (data) => delivery.markFailed(data.outbox_id)),
        // Plain e-mails other modules queue as jobs (the push fallback) enter the outbox here.
        job('mail.send', (mail) => outbox.send(mail)),
      ]
    },
    async close() {
      transport.close()
      await mailbox?.close()
    },
  }
}
