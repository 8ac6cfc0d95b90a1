import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

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
