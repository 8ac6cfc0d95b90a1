import { z } from 'zod'
import type { Db } from '../../adapters/db'
import { loadSecret } from '../../lib/secrets'
import { UrlSigner } from '../../lib/signed-url'
import {
  MEDIA_TTL_SECONDS,
  MediaKind,
  type MediaQuery,
  type MediaUrls,
  refuseUnlessSigned,
  versionQuery,
} from '../analysis/files'

export const loadSharedMediaKey = (db: Db): Promise<Buffer> => loadSecret(db, 'shared_media_hmac')

/** `/api/v1/shared-media/:share/:kind/:name`: the link's id, never the video's. */
export const SharedMediaParams = z.object({
  share: z.uuid({ error: 'Mídia não encontrada.' }),
  kind: MediaKind,
  name: z.string().regex(/^\d{1,4}$/, { error: 'Mídia não encontrada.' }),
})
export type SharedMediaParams = z.infer<typeof SharedMediaParams>

/**
 * Media URLs of a shared report, signed for the link that shows them (its id in the path and in
 * the signature): the route checks the link still stands before serving, so revoking or
 * replacing it ends its media at once, whatever expiry the URL carries.
 */
export class SharedMediaSigner {
  private readonly urls: UrlSigner

  constructor(
    key: Buffer,
    private readonly now: () => Date,
  ) {
    this.urls = new UrlSigner(key)
  }

  /** The URL maker a shared report is built with. */
  forShare(shareId: string): MediaUrls {
    return {
      url: (_videoId, kind, name = 0, version) => {
        const expiresAt = new Date(this.now().getTime() + MEDIA_TTL_SECONDS * 1000)
        const query = this.urls.sign('shared-media', [shareId, kind, name], expiresAt)
        return `/api/v1/shared-media/${shareId}/${kind}/${name}?${query}${versionQuery(version)}`
      },
    }
  }

  /** Throws the pt-BR 403 of a tampered or expired URL. */
  verify(p: SharedMediaParams, q: z.infer<typeof MediaQuery>): void {
    refuseUnlessSigned(
      this.urls.verify(
        'shared-media',
        [p.share, p.kind, p.name],
        q.expires,
        q.signature,
        this.now(),
      ),
    )
  }
}
