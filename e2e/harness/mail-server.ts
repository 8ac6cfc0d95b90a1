import { deliveredToken, startSmtpReceiver } from '../../apps/server/test/helpers/smtp'
import { type OwnServer, startOwnServer } from './own-server'

/**
 * A server whose e-mail leaves over SMTP_URL to a mail server in the journey (the players'
 * inboxes): reset links are minted only into the message that leaves, so the shared server's
 * local mailbox, which keeps them as "…", cannot stand in for an inbox.
 */
export async function startMailedServer(): Promise<
  OwnServer & {
    /** The token of the newest `path` link e-mailed to `to` with `subject`, once it arrives. */
    linkToken(to: string, subject: string, path: string): Promise<string>
  }
> {
  const smtp = await startSmtpReceiver()
  try {
    const own = await startOwnServer(
      { SMTP_URL: smtp.url },
      { player: 'recuperar', admin: 'operacao-mail' },
    )
    return {
      ...own,
      linkToken: (to, subject, linkPath) => deliveredToken(smtp.received, to, subject, linkPath),
      stop: async () => {
        await own.stop()
        await smtp.close()
      },
    }
  } catch (error) {
    await smtp.close()
    throw error
  }
}
