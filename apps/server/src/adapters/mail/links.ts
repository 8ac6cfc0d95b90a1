/**
 * What stands for a link's token wherever an e-mail is kept (outbox, local mailbox, console,
 * data export): the token itself exists only in the message handed to the mail server.
 */
export const LINK_TOKEN_PLACEHOLDER = '…'

const PLACEHOLDER_QUERY = `?token=${LINK_TOKEN_PLACEHOLDER}`

/** The kept text with the placeholder of its link replaced by the token minted for this send. */
export const withLinkToken = (text: string, token: string): string =>
  text.replaceAll(PLACEHOLDER_QUERY, `?token=${encodeURIComponent(token)}`)

/** Any `token=` value in a link written as the placeholder (what the local mailbox keeps). */
export const redactLinkTokens = (text: string): string =>
  text.replace(/([?&]token=)[^&\s"'<>#]+/g, `$1${LINK_TOKEN_PLACEHOLDER}`)
