/**
 * Google Cloud Storage's resumable-upload protocol, client side (decision 008): the file goes in
 * chunks with `Content-Range: bytes a-b/N`; `308` with `Range: bytes=0-x` means "send from x+1";
 * after a dropped connection an empty PUT whose `Content-Range` has a star for the range and the
 * total N asks how much arrived, and the upload resumes from the last acknowledged byte.
 */

import { type ErrorCode, parseErrorBody } from './api-error'

/** 8 MiB: a multiple of GCS's 256 KiB and above S3's 5 MiB minimum part size. */
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024
/** Chunks double up to this on a fast link, where each request's fixed cost would dominate. */
export const DEFAULT_MAX_CHUNK_BYTES = 64 * 1024 * 1024
/** A chunk sent faster than this makes the next one twice as large. */
const FAST_CHUNK_MS = 2000

export type UploadProgress = { sent: number; total: number }

export type ChunkResponse = { status: number; range: string | null; body: string }

/** One PUT; rejects with a TypeError-like error when the connection fails (never for a status). */
export type ChunkTransport = (request: {
  url: string
  body: Blob | null
  headers: Record<string, string>
  signal: AbortSignal
  onProgress: (loaded: number) => void
}) => Promise<ChunkResponse>

export type ResumableUploadOptions = {
  url: string
  file: Blob
  contentType: string
  signal: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  /** The first (and smallest) chunk; a multiple of 256 KiB. */
  chunkBytes?: number
  /** The largest chunk the size may double up to; a multiple of `chunkBytes`. */
  maxChunkBytes?: number
  /** Consecutive failed attempts (network errors, 5xx) before giving up. */
  maxRetries?: number
  /** Wait before the n-th retry (1-based). */
  backoffMs?: (attempt: number) => number
  transport?: ChunkTransport
  /**
   * Continues an upload that an earlier page started: the first request asks the server how
   * much arrived instead of sending from byte 0.
   */
  resume?: boolean
}

/** The server refused the upload for good (4xx): its body, with our pt-BR `detail` and `code`. */
export class UploadRejectedError extends Error {
  readonly detail: string | null
  readonly code: ErrorCode | null

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upload refused with ${status}`)
    this.name = 'UploadRejectedError'
    // Storage providers answer XML, not our JSON: no detail nor code then.
    let fields: ReturnType<typeof parseErrorBody> = { detail: null, code: null }
    try {
      fields = parseErrorBody(JSON.parse(body))
    } catch {
      // not JSON
    }
    this.detail = fields.detail
    this.code = fields.code
  }
}

/** Refusals that only mean "ask where the bytes end and go on from there". */
const ASK_AND_RESUME: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['beyond_content_range'])

export class UploadAbortedError extends Error {
  constructor() {
    super('upload cancelled')
    this.name = 'UploadAbortedError'
  }
}

class NetworkError extends Error {
  constructor(message = 'network error') {
    super(message)
    this.name = 'NetworkError'
  }
}

/** Exponential back-off with a little jitter, capped at 20 s. */
export const defaultBackoff = (attempt: number) =>
  Math.min(20_000, 500 * 2 ** (attempt - 1)) + Math.floor(Math.random() * 250)

/** The next byte the server wants, from `Range: bytes=0-x` (absent: nothing arrived yet). */
export function nextOffset(range: string | null): number {
  const match = range ? /bytes=0-(\d+)/.exec(range) : null
  return match ? Number(match[1]) + 1 : 0
}

/** XMLHttpRequest, because fetch reports no upload progress; the only network code here. */
export const xhrTransport: ChunkTransport = ({ url, body, headers, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        range: xhr.getResponseHeader('Range'),
        body: xhr.responseText,
      })
    xhr.onerror = () => reject(new NetworkError())
    xhr.ontimeout = () => reject(new NetworkError('timeout'))
    xhr.onabort = () => reject(new UploadAbortedError())
    if (signal.aborted) return reject(new UploadAbortedError())
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UploadAbortedError())
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new UploadAbortedError())
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

const retryable = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500

/**
 * Sends the file and resolves with the body of the final answer (the stored video). Network
 * failures and 5xx are retried with back-off, each time asking the server where to resume, so
 * bytes already acknowledged are never sent twice and none are skipped.
 */
export async function uploadResumable(options: ResumableUploadOptions): Promise<string> {
  const {
    url,
    file,
    contentType,
    signal,
    onProgress,
    chunkBytes = DEFAULT_CHUNK_BYTES,
    maxChunkBytes = Math.max(chunkBytes, DEFAULT_MAX_CHUNK_BYTES),
    maxRetries = 8,
    backoffMs = defaultBackoff,
    transport = xhrTransport,
    resume = false,
  } = options
  const total = file.size
  let offset = 0
  let failures = 0
  // Small chunks on slow or flaky links (a cut chunk costs little), large ones on fast links.
  let size = chunkBytes
  let sentAt = 0
  // After a failure the server, not the client, knows where the bytes end.
  let mustAsk = resume || total === 0
  const report = (sent: number) => onProgress?.({ sent: Math.min(sent, total), total })
  report(0)

  const attempt = async (): Promise<ChunkResponse> => {
    if (mustAsk) {
      return transport({
        url,
        body: null,
        headers: { 'Content-Range': `bytes */${total}` },
        signal,
        onProgress: () => undefined,
      })
    }
    const end = Math.min(offset + size, total) - 1
    sentAt = Date.now()
    return transport({
      url,
      body: file.slice(offset, end + 1),
      headers: { 'Content-Type': contentType, 'Content-Range': `bytes ${offset}-${end}/${total}` },
      signal,
      onProgress: (loaded) => report(offset + loaded),
    })
  }

  for (;;) {
    if (signal.aborted) throw new UploadAbortedError()
    let response: ChunkResponse
    try {
      response = await attempt()
    } catch (error) {
      if (error instanceof UploadAbortedError || signal.aborted) throw new UploadAbortedError()
      response = { status: 0, range: null, body: '' }
    }
    if (response.status === 200 || response.status === 201) {
      report(total)
      return response.body
    }
    if (response.status === 308) {
      const before = offset
      const asked = mustAsk
      offset = nextOffset(response.range)
      mustAsk = false
      report(offset)
      if (!asked && offset - before === size && Date.now() - sentAt < FAST_CHUNK_MS)
        size = Math.min(size * 2, maxChunkBytes)
      // Only bytes moving forward end a run of failures: a status answer alone does not (a link
      // that lets status queries through but drops every chunk must still give up), and a chunk
      // that moved nothing forward counts as a failure, so a confused server cannot loop us.
      if (offset > before) failures = 0
      else if (!asked && ++failures > maxRetries) throw new NetworkError('upload made no progress')
      continue
    }
    if (!retryable(response.status)) {
      const refused = new UploadRejectedError(response.status, response.body)
      if (!(refused.code && ASK_AND_RESUME.has(refused.code))) throw refused
    }
    failures += 1
    if (failures > maxRetries) throw new NetworkError('too many failed attempts')
    size = chunkBytes
    report(offset)
    mustAsk = true
    await sleep(backoffMs(failures), signal)
  }
}
