import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * What a signed URL can open. The purpose starts the signed text, so a URL made for one purpose
 * never verifies for another even under the same key.
 */
export type SignedUrlPurpose = 'video-upload' | 'video-frame' | 'analysis-media' | 'shared-media'

/** 'expired' only when the signature is valid: a forged URL is 'invalid' whatever its date. */
export type SignatureVerdict = 'ok' | 'expired' | 'invalid'

type Subject = readonly (string | number)[]

/**
 * URLs that carry their own authority (like a GCS signed URL): what they point at and an expiry,
 * signed with HMAC-SHA256. `<img>`, `<video>` and resumable PUTs cannot send a bearer token, and
 * the signature stops the URL from being pointed at anything else.
 */
export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  /** The query string `expires=<unix seconds>&signature=<base64url>`, without the `?`. */
  sign(purpose: SignedUrlPurpose, subject: Subject, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000)
    return `expires=${expires}&signature=${this.mac(purpose, subject, expires)}`
  }

  verify(
    purpose: SignedUrlPurpose,
    subject: Subject,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): SignatureVerdict {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid'
    const expected = Buffer.from(this.mac(purpose, subject, Number(expires)))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
    return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'ok'
  }

  private mac(purpose: SignedUrlPurpose, subject: Subject, expires: number): string {
    // A colon inside a part would let two different subjects sign the same text.
    if (subject.some((part) => String(part).includes(':'))) throw new Error('colon in subject')
    return createHmac('sha256', this.key)
      .update([purpose, ...subject, expires].join(':'))
      .digest('base64url')
  }
}
