import { type ErrorBody, INT4_MAX } from '@areia/contracts'
import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../adapters/db'
import type { VideoStorage } from '../../adapters/storage'
import { AppError, notFound } from '../../errors'
import { loadSecret } from '../../lib/secrets'
import { type SignatureVerdict, UrlSigner } from '../../lib/signed-url'

/** Long enough to review a video or watch the clips in one sitting; the pages ask for new ones. */
export const MEDIA_TTL_SECONDS = 3 * 3600

/** What a signed URL may point at: never a storage key, only a video and one of its media. */
export const MediaKind = z.enum(['source', 'keyframe', 'heatmap', 'clip', 'highlights'])
export type MediaKind = z.infer<typeof MediaKind>

export const MediaParams = z.object({
  id: z.coerce.number().int().min(1).max(INT4_MAX),
  kind: MediaKind,
  /** Track id of a heatmap, rally index of a clip, `0` otherwise. */
  name: z.string().regex(/^\d{1,4}$/, { error: 'Mídia não encontrada.' }),
})
export const MediaQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  /** Only tells caches apart; the signature covers what is served. */
  v: z.string().max(20).optional(),
})

export const MEDIA_ERRORS = {
  invalid: 'Link de mídia inválido.',
  expired: 'Este link de mídia expirou. Recarregue a página.',
  missing: 'Mídia não encontrada.',
  range: 'Intervalo de bytes inválido.',
}

export const loadMediaKey = (db: Db): Promise<Buffer> => loadSecret(db, 'analysis_media_hmac')

/** Makes the signed URL of a video's medium; a report is built with one (the owner's, a share's). */
export interface MediaUrls {
  url(videoId: number, kind: MediaKind, name?: string | number, version?: string): string
}

/** The pt-BR 403 of a tampered or expired media URL; nothing for a good one. */
export function refuseUnlessSigned(verdict: SignatureVerdict): void {
  if (verdict === 'ok') return
  throw new AppError(403, MEDIA_ERRORS[verdict], {
    code: verdict === 'expired' ? 'media_url_expired' : 'media_url_invalid',
  })
}

/** `&v=…` from the artifact's storage key: a redrawn image gets a new URL (and cache entry). */
export const versionQuery = (version: string | undefined): string =>
  version ? `&v=${createHash('sha256').update(version).digest('base64url').slice(0, 10)}` : ''

/**
 * `<img>` and `<video>` cannot send a bearer token, so media URLs carry their own authority: the
 * video, the medium and an expiry signed with HMAC-SHA256 (the same idea as the upload URLs).
 */
export class MediaSigner implements MediaUrls {
  private readonly urls: UrlSigner

  constructor(
    key: Buffer,
    private readonly now: () => Date,
  ) {
    this.urls = new UrlSigner(key)
  }

  /**
   * `version` (the artifact's storage key) changes the URL when the image is redrawn; `expiresAt`
   * replaces the pages' few hours (the data export's links last a day).
   */
  url(
    videoId: number,
    kind: MediaKind,
    name: string | number = 0,
    version?: string,
    expiresAt = new Date(this.now().getTime() + MEDIA_TTL_SECONDS * 1000),
  ): string {
    const query = this.urls.sign('analysis-media', [videoId, kind, name], expiresAt)
    return `/api/v1/media/videos/${videoId}/${kind}/${name}?${query}${versionQuery(version)}`
  }

  /** Throws the pt-BR 403 of a tampered or expired URL. */
  verify(p: z.infer<typeof MediaParams>, q: z.infer<typeof MediaQuery>): void {
    refuseUnlessSigned(
      this.urls.verify(
        'analysis-media',
        [p.id, p.kind, p.name],
        q.expires,
        q.signature,
        this.now(),
      ),
    )
  }
}

export async function readObject(storage: VideoStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** One `bytes=` range (what browsers send for media); null when the header asks for none. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // Several ranges or another unit: answering the whole object is allowed (RFC 9110 §14.2).
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

/** Streams an object with Range support, so `<video>` can seek without downloading it all. */
export async function sendObject(
  storage: VideoStorage,
  key: string,
  contentType: string,
  rangeHeader: string | undefined,
  reply: FastifyReply,
  cacheControl = 'private, max-age=3600',
): Promise<FastifyReply> {
  const size = await storage.size(key)
  if (size === null) throw notFound(MEDIA_ERRORS.missing)
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
  const range = size > 0 ? parseRange(rangeHeader, size) : null
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ detail: MEDIA_ERRORS.range, code: 'range_not_satisfiable' } satisfies ErrorBody)
  }
  if (!range) {
    reply.header('content-length', String(size))
    return reply.status(200).send(size > 0 ? await storage.open(key) : Buffer.alloc(0))
  }
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(await storage.open(key, range))
}
