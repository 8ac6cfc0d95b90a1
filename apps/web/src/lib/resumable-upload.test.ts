import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  nextOffset,
  UploadAbortedError,
  UploadRejectedError,
  uploadResumable,
  type UploadProgress,
} from './resumable-upload'

/**
 * A fake GCS-style resumable endpoint on a real socket, driven through jsdom's real
 * XMLHttpRequest: it keeps every byte that reached it (as the local storage does), can cut a
 * connection in the middle of a chunk, and answers with status codes on demand.
 */
type Fake = {
  url: string
  stored: Buffer
  log: string[]
  /** Destroy the socket once this many bytes of the next chunk arrived. */
  dropNextChunkAfter: number | null
  /** Statuses (with our error code) to answer the next PUTs with, instead of handling them. */
  forced: (number | { status: number; code: string })[]
  close: () => Promise<void>
}

let fakes: Fake[] = []

afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()))
  fakes = []
})

async function fakeServer(): Promise<Fake> {
  const fake: Fake = {
    url: '',
    stored: Buffer.alloc(0),
    log: [],
    dropNextChunkAfter: null,
    forced: [],
    close: async () => undefined,
  }
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'PUT',
    'Access-Control-Allow-Headers': 'Content-Type, Content-Range',
    'Access-Control-Expose-Headers': 'Range',
  }
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end()
      return
    }
    const range = req.headers['content-range'] ?? ''
    fake.log.push(range)
    const forced = fake.forced.shift()
    const answer = (status: number, headers: Record<string, string> = {}, body = '') =>
      res.writeHead(status, { ...cors, ...headers }).end(body)
    const incomplete = () =>
      answer(308, fake.stored.length > 0 ? { Range: `bytes=0-${fake.stored.length - 1}` } : {})
    const query = /^bytes \*\/(\d+)$/.exec(range)
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range)
    const drop = chunk ? fake.dropNextChunkAfter : null
    if (drop !== null) fake.dropNextChunkAfter = null
    let seen = 0
    const parts: Buffer[] = []
    req.on('data', (data: Buffer) => {
      if (drop !== null && seen + data.length >= drop) {
        // Keep what arrived before the cut, then drop the connection as a bad network would.
        parts.push(data.subarray(0, drop - seen))
        fake.stored = Buffer.concat([fake.stored, ...parts])
        seen = drop
        req.socket.destroy()
        return
      }
      seen += data.length
      parts.push(data)
    })
    req.on('end', () => {
      if (typeof forced === 'number')
        return answer(forced, {}, JSON.stringify({ detail: 'forçado' }))
      if (forced !== undefined) {
        return answer(forced.status, {}, JSON.stringify({ detail: 'forçado', code: forced.code }))
      }
      if (query) {
        const total = Number(query[1])
        return fake.stored.length === total ? answer(200, {}, '{"done":true}') : incomplete()
      }
      if (!chunk) return answer(400)
      const [start, end, total] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])]
      if (start !== fake.stored.length) return incomplete()
      const body = Buffer.concat(parts)
      expect(body.length).toBe(end - start + 1)
      fake.stored = Buffer.concat([fake.stored, body])
      return fake.stored.length === total ? answer(200, {}, '{"done":true}') : incomplete()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload?signature=x`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  fakes.push(fake)
  return fake
}

function randomFile(size: number): { blob: Blob; bytes: Buffer } {
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251
  return { blob: new Blob([bytes], { type: 'video/mp4' }), bytes }
}

const KIB = 1024

/** An upload of `file` as an MP4 that nobody cancels, unless `options` brings its own signal. */
const send = (
  url: string,
  file: Blob,
  options: Partial<Parameters<typeof uploadResumable>[0]> = {},
) =>
  uploadResumable({
    url,
    file,
    contentType: 'video/mp4',
    signal: new AbortController().signal,
    ...options,
  })

describe('uploadResumable', () => {
  it('sends the file in chunks with Content-Range and ends byte-identical', async () => {
    const fake = await fakeServer()
    const { blob, bytes } = randomFile(100 * KIB + 123)
    const progress: UploadProgress[] = []
    const body = await send(fake.url, blob, {
      chunkBytes: 32 * KIB,
      maxChunkBytes: 32 * KIB,
      onProgress: (p) => progress.push(p),
    })
    expect(body).toBe('{"done":true}')
    expect(fake.stored.equals(bytes)).toBe(true)
    expect(fake.log).toEqual([
      `bytes 0-32767/${bytes.length}`,
      `bytes 32768-65535/${bytes.length}`,
      `bytes 65536-98303/${bytes.length}`,
      `bytes 98304-${bytes.length - 1}/${bytes.length}`,
    ])
    const sent = progress.map((p) => p.sent)
    expect(sent.at(-1)).toBe(bytes.length)
    expect(progress.every((p) => p.total === bytes.length)).toBe(true)
    expect([...sent].sort((a, b) => a - b)).toEqual(sent)
  })

  it('doubles the chunk on a fast link, up to the maximum', async () => {
    const fake = await fakeServer()
    const { blob, bytes } = randomFile(200 * KIB)
    await send(fake.url, blob, {
      chunkBytes: 16 * KIB,
      maxChunkBytes: 64 * KIB,
    })
    expect(fake.stored.equals(bytes)).toBe(true)
    const sizes = fake.log.map((range) => {
      const [, a, b] = /^bytes (\d+)-(\d+)\//.exec(range) ?? []
      return (Number(b) - Number(a) + 1) / KIB
    })
    expect(sizes).toEqual([16, 32, 64, 64, 24])
  })

  it('after a dropped connection asks where to resume and sends only the missing bytes', async () => {
    const fake = await fakeServer()
    const { blob, bytes } = randomFile(96 * KIB)
    fake.dropNextChunkAfter = 10 * KIB
    const body = await send(fake.url, blob, {
      chunkBytes: 64 * KIB,
      backoffMs: () => 5,
    })
    expect(body).toBe('{"done":true}')
    expect(fake.stored.equals(bytes)).toBe(true)
    const total = bytes.length
    // The cut chunk, the status query, then the rest from the first byte the server lacked.
    expect(fake.log[0]).toBe(`bytes 0-65535/${total}`)
    expect(fake.log[1]).toBe(`bytes */${total}`)
    const resumedAt = Number(/^bytes (\d+)-/.exec(fake.log[2] ?? '')?.[1])
    expect(resumedAt).toBeGreaterThan(0)
    expect(resumedAt).toBeLessThan(64 * KIB)
  })

  it('retries a 5xx answer after asking for the status', async () => {
    const fake = await fakeServer()
    const { blob, bytes } = randomFile(40 * KIB)
    fake.forced = [503]
    await send(fake.url, blob, {
      chunkBytes: 16 * KIB,
      backoffMs: () => 1,
    })
    expect(fake.stored.equals(bytes)).toBe(true)
    expect(fake.log[1]).toBe(`bytes */${bytes.length}`)
  })

  it('gives up at once on a 4xx, with the body for its detail', async () => {
    const fake = await fakeServer()
    fake.forced = [{ status: 413, code: 'video_too_large' }]
    const error = await send(fake.url, randomFile(1000).blob).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UploadRejectedError)
    expect((error as UploadRejectedError).status).toBe(413)
    expect((error as UploadRejectedError).code).toBe('video_too_large')
    expect((error as UploadRejectedError).detail).toBe('forçado')
    expect(fake.log).toHaveLength(1)
  })

  it('a chunk refused for running past its range (by code, whatever the words) asks where to resume', async () => {
    const fake = await fakeServer()
    const { blob, bytes } = randomFile(40 * KIB)
    fake.forced = [{ status: 400, code: 'beyond_content_range' }]
    await send(fake.url, blob, {
      chunkBytes: 16 * KIB,
      backoffMs: () => 1,
    })
    expect(fake.stored.equals(bytes)).toBe(true)
    expect(fake.log[1]).toBe(`bytes */${bytes.length}`)
  })

  it('another 400 (not a range to resume from) still gives up at once', async () => {
    const fake = await fakeServer()
    fake.forced = [{ status: 400, code: 'content_range_invalid' }]
    const error = await send(fake.url, randomFile(1000).blob).catch((e: unknown) => e)
    expect((error as UploadRejectedError).code).toBe('content_range_invalid')
    expect(fake.log).toHaveLength(1)
  })

  it('stops after the allowed retries when the server keeps failing', async () => {
    const fake = await fakeServer()
    fake.forced = [500, 500, 500, 500]
    const error = await send(fake.url, randomFile(1000).blob, {
      maxRetries: 2,
      backoffMs: () => 1,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(UploadRejectedError)
    expect(fake.log).toHaveLength(3)
  })

  it('gives up when status queries get through but every chunk is lost', async () => {
    const sent: string[] = []
    const error = await send('http://upload.test/x', randomFile(1000).blob, {
      maxRetries: 3,
      backoffMs: () => 1,
      transport: ({ headers, body }) => {
        sent.push(headers['Content-Range'] ?? '')
        // The status answer says nothing arrived; every chunk dies on the way.
        return body === null
          ? Promise.resolve({ status: 308, range: null, body: '' })
          : Promise.reject(new TypeError('network'))
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(UploadRejectedError)
    expect(sent.filter((r) => r.startsWith('bytes 0-'))).toHaveLength(4)
  })

  it('cancelling aborts the chunk in flight and sends nothing more', async () => {
    const fake = await fakeServer()
    const controller = new AbortController()
    const pending = uploadResumable({
      url: fake.url,
      file: randomFile(64 * KIB).blob,
      contentType: 'video/mp4',
      signal: controller.signal,
      chunkBytes: 16 * KIB,
      onProgress: (p) => {
        if (p.sent >= 16 * KIB) controller.abort()
      },
    })
    await expect(pending).rejects.toBeInstanceOf(UploadAbortedError)
    const requests = fake.log.length
    await new Promise((r) => setTimeout(r, 50))
    expect(fake.log.length).toBe(requests)
    expect(fake.stored.length).toBeLessThan(64 * KIB)
  })
})

describe('nextOffset', () => {
  it('reads the Range header of a 308', () => {
    expect(nextOffset('bytes=0-99')).toBe(100)
    expect(nextOffset(null)).toBe(0)
    expect(nextOffset('garbage')).toBe(0)
  })
})
