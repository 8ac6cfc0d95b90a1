import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string | undefined
  messageId: string
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or
 * `smtps://…:465`. The embedded mode points it at the in-process mailbox.
 */
export function createSmtpTransport(
  url: string,
  from: string,
  opts: { timeoutMs?: number } = {},
): MailTransport {
  const timeout = opts.timeoutMs ?? 30_000
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
      })
    },
    close: () => transporter.close(),
  }
}
