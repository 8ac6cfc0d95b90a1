import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { waitUntil } from './wait'

export interface Received {
  to: string[]
  parsed: ParsedMail
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed. Recipients in
 * `failFor` get a temporary refusal (451), as a relay in trouble answers.
 */
export async function startSmtpReceiver(failFor: (rcpt: string) => boolean = () => false) {
  const received: Received[] = []
  let refusals = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (failFor(address.address)) {
        refusals++
        return callback(
          Object.assign(new Error('Caixa temporariamente indisponível'), { responseCode: 451 }),
        )
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed })
          callback()
        })
        .catch((err: unknown) => callback(err as Error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The token of the `path` link (`/redefinir-senha`, `/confirmar-email`) in the newest message to
 * `to` with `subject`, once the mail server received one past the first `after` messages: what
 * the player finds in their inbox.
 */
export async function deliveredToken(
  received: Received[],
  to: string,
  subject: string,
  path: string,
  after = 0,
): Promise<string> {
  const newest = () =>
    received
      .slice(after)
      .filter((r) => r.to.includes(to) && r.parsed.subject === subject)
      .at(-1)
  await waitUntil(() => newest() !== undefined)
  const text = newest()!.parsed.text ?? ''
  const match = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([\\w-]+)`).exec(text)
  if (!match) throw new Error(`no ${path} link in:\n${text}`)
  return match[1]!
}
