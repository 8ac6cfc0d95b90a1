import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'

export type ContentRange =
  | { kind: 'whole' }
  | { kind: 'query'; total: number | null }
  | { kind: 'chunk'; start: number; end: number; total: number | null }

const CHUNK = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15}|\*)$/
const QUERY = /^bytes \*\/(\d{1,15}|\*)$/

/**
 * `Content-Range` as GCS's resumable uploads use it: absent (the whole file in one PUT), a star
 * for the range with a total N or a star (how much arrived?), `bytes a-b/N` or with a star
 * for an unknown total (a chunk).
 */
export function parseContentRange(header: string | undefined): ContentRange | 'invalid' {
  if (header === undefined) return { kind: 'whole' }
  const value = header.trim()
  const query = QUERY.exec(value)
  if (query) return { kind: 'query', total: query[1] === '*' ? null : Number(query[1]) }
  const chunk = CHUNK.exec(value)
  if (!chunk) return 'invalid'
  const start = Number(chunk[1])
  const end = Number(chunk[2])
  const total = chunk[3] === '*' ? null : Number(chunk[3])
  if (end < start || (total !== null && end >= total)) return 'invalid'
  return { kind: 'chunk', start, end, total }
}

/** Buffer of each stream stage an upload passes through: bounded, and a few socket reads deep. */
export const STREAM_BUFFER_BYTES = 1024 * 1024

export class UploadCapError extends Error {
  constructor() {
    super('upload exceeds the size cap')
  }
}

/**
 * The request body, failing once more than `max` bytes flow. The request itself is paused,
 * not destroyed, so a 413 can still be answered on its connection; a client that goes away
 * fails the stream, so storage stops and keeps what arrived.
 */
export function uploadCapped(request: IncomingMessage, max: number): Transform {
  let seen = 0
  const out = new Transform({
    // Room for several socket reads: with the 16 KB default every 64 KB read paused the socket.
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max) {
        request.unpipe(out)
        request.pause()
        return done(new UploadCapError())
      }
      done(null, chunk)
    },
  })
  const gone = () => {
    if (!request.readableEnded) out.destroy(new Error('client went away mid-upload'))
  }
  request.once('aborted', gone)
  request.once('close', gone)
  request.once('error', (err) => out.destroy(err))
  // Bytes flow before storage starts reading: an error with no listener yet would be thrown
  // inside the HTTP parser. Storage still sees it, from the stream's errored state.
  out.on('error', () => undefined)
  request.pipe(out)
  return out
}
