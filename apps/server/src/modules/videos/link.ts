import http from 'node:http'
import https from 'node:https'
import { pipeline, Transform, type Readable } from 'node:stream'
import type { LinkSource } from '@areia/contracts'
import { BlockedAddressError, checkLiteralHost, guardedLookup } from './ssrf'

/**
 * A share link as a direct download where the provider allows it: Drive file links become
 * `uc?export=download&id=…`, Dropbox links get `dl=1`. Google Photos and iCloud share pages
 * have no stable direct form; they are fetched as given, and a page instead of a video is
 * refused with a message saying so.
 */
export function directDownloadUrl(source: LinkSource, raw: string): string {
  const url = new URL(raw)
  const host = url.hostname.toLowerCase()
  if (source === 'GOOGLE_DRIVE' && (host === 'drive.google.com' || host === 'docs.google.com')) {
    const id = /\/file\/d\/([\w-]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('id')
    if (id) return `https://drive.google.com/uc?export=download&id=${encodeURIComponent(id)}`
  }
  if (source === 'DROPBOX' && (host === 'dropbox.com' || host.endsWith('.dropbox.com'))) {
    url.searchParams.delete('raw')
    url.searchParams.set('dl', '1')
    return url.toString()
  }
  return url.toString()
}

export type LinkFailure =
  | { kind: 'blocked' }
  | { kind: 'status'; status: number }
  | { kind: 'too_large' }
  | { kind: 'timeout' }
  | { kind: 'redirects' }
  | { kind: 'page' }
  | { kind: 'unreachable' }

export class LinkError extends Error {
  constructor(readonly failure: LinkFailure) {
    super(`link import failed: ${failure.kind}`)
  }
}

export interface FetchOptions {
  allowedHosts: string[]
  timeoutMs: number
  maxRedirects: number
  maxBytes: number
}

export interface FetchedVideo {
  body: Readable
  /** From Content-Length, when the server sent one. */
  length: number | null
}

/**
 * Fetches a link server-side, hop by hop: every redirect target is parsed and checked again
 * (scheme, SSRF guard), the body is capped at `maxBytes` while it streams, and a server silent
 * for `timeoutMs` ends the import.
 */
export async function fetchLink(raw: string, opts: FetchOptions): Promise<FetchedVideo> {
  let url = new URL(raw)
  for (let hop = 0; ; hop++) {
    const res = await request(url, opts)
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if (status >= 300 && status < 400 && location) {
      res.resume()
      if (hop >= opts.maxRedirects) throw new LinkError({ kind: 'redirects' })
      url = new URL(location, url)
      continue
    }
    if (status !== 200) {
      res.resume()
      throw new LinkError({ kind: 'status', status })
    }
    if ((res.headers['content-type'] ?? '').toLowerCase().startsWith('text/html')) {
      res.resume()
      throw new LinkError({ kind: 'page' })
    }
    const declared = Number(res.headers['content-length'])
    const length = Number.isFinite(declared) && declared >= 0 ? declared : null
    if (length !== null && length > opts.maxBytes) {
      res.destroy()
      throw new LinkError({ kind: 'too_large' })
    }
    const body = capped(opts.maxBytes, () => res.destroy())
    // pipeline, not pipe: a failure of the response (reset, timeout) fails the body too.
    pipeline(res, body, () => undefined)
    return { body, length }
  }
}

function request(url: URL, opts: FetchOptions): Promise<http.IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new LinkError({ kind: 'unreachable' }))
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  const allowed = opts.allowedHosts.includes(host)
  try {
    if (!allowed) checkLiteralHost(host)
  } catch {
    return Promise.reject(new LinkError({ kind: 'blocked' }))
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.get(url, {
      ...(allowed ? {} : { lookup: guardedLookup }),
      headers: { 'user-agent': 'Areia/1.0 (+video import)', accept: 'video/*,*/*;q=0.5' },
      timeout: opts.timeoutMs,
    })
    req.once('response', (res) => {
      // The same silence limit holds while the body streams.
      res.socket.setTimeout(opts.timeoutMs, () => res.destroy(new LinkError({ kind: 'timeout' })))
      resolve(res)
    })
    req.once('timeout', () => req.destroy(new LinkError({ kind: 'timeout' })))
    req.once('error', (err) => {
      if (err instanceof LinkError) return reject(err)
      if (err instanceof BlockedAddressError) return reject(new LinkError({ kind: 'blocked' }))
      reject(new LinkError({ kind: 'unreachable' }))
    })
  })
}

/** Passes bytes through until `max`, then fails the stream (and drops the source). */
function capped(max: number, abort: () => void): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max) {
        abort()
        return done(new LinkError({ kind: 'too_large' }))
      }
      done(null, chunk)
    },
  })
}
