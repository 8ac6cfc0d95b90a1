import type { Db } from '../../adapters/db'
import { loadSecret } from '../../lib/secrets'
import { type SignatureVerdict, UrlSigner } from '../../lib/signed-url'

export const loadUploadKey = (db: Db): Promise<Buffer> => loadSecret(db, 'video_upload_hmac')

/** A video's upload URLs, and its identification picture's under another purpose of the key. */
export class UploadUrlSigner {
  private readonly urls: UrlSigner

  constructor(key: Buffer) {
    this.urls = new UrlSigner(key)
  }

  sign(videoId: number, expiresAt: Date): string {
    return this.urls.sign('video-upload', [videoId], expiresAt)
  }

  signFrame(videoId: number, expiresAt: Date): string {
    return this.urls.sign('video-frame', [videoId], expiresAt)
  }

  verify(
    videoId: number,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): SignatureVerdict {
    return this.urls.verify('video-upload', [videoId], expires, signature, now)
  }

  verifyFrame(
    videoId: number,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): SignatureVerdict {
    return this.urls.verify('video-frame', [videoId], expires, signature, now)
  }
}
