// What every video storage promises the upload, the analysis and erasure, checked on the local
// disk and on a real S3 server (Ceph's object gateway from scripts/s3-server.sh). Chunks follow
// S3's rule, as the web client does: every part but the last is at least 5 MiB.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OffsetMismatchError, type VideoStorage } from '../src/adapters/storage'
import { createLocalStorage } from '../src/adapters/storage/local'
import { createS3Storage } from '../src/adapters/storage/s3'
import { type S3Server, s3Bucket, s3Unavailable } from './helpers/s3'

const MiB = 1024 * 1024
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A body that sends `sent` bytes of `bytes`, then fails as a cut connection does. */
function cutAfter(bytes: Buffer, sent: number): Readable {
  let done = false
  return new Readable({
    read() {
      if (done) return
      done = true
      this.push(bytes.subarray(0, sent))
      setTimeout(() => this.destroy(new Error('connection reset')), 20)
    },
  })
}

interface Backend {
  name: string
  skip: string | null
  open: () => Promise<{ storage: VideoStorage; close: () => Promise<void> }>
}

const s3Skip = s3Unavailable()
const backends: Backend[] = [
  {
    name: 'local disk',
    skip: null,
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-contract-'))
      return {
        storage: createLocalStorage(dir),
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'S3 (Ceph object gateway)',
    skip: s3Skip,
    open: async () => {
      // Two entries a page: every listing the adapter makes walks past its first page.
      const server = await s3Bucket({ pageSize: 2 })
      return { storage: createS3Storage(server.settings), close: () => server.drop() }
    },
  },
]

describe.each(backends)('video storage contract: $name', (backend) => {
  const { skip } = backend
  let storage: VideoStorage
  let close: () => Promise<void>
  beforeAll(async () => {
    if (skip) return
    ;({ storage, close } = await backend.open())
  }, 300_000)
  afterAll(() => close?.())

  const key = (player = 'p1') => `users/${player}/${randomUUID()}`

  it.skipIf(skip)(
    'begins empty, appends at the stored offset, refuses any other, completes to the exact bytes',
    async () => {
      // Three parts, the last one smaller than 5 MiB.
      const video = randomBytes(5 * MiB + 5 * MiB + 123_457)
      const k = key()
      const session = await storage.begin(k)
      expect(await storage.received(k, session)).toBe(0)
      expect(await storage.size(k)).toBeNull()

      const first = video.subarray(0, 5 * MiB)
      expect(await storage.append(k, session, 0, Readable.from([first]), first.length)).toBe(
        5 * MiB,
      )
      expect(await storage.received(k, session)).toBe(5 * MiB)

      // A chunk sent for an offset other than what is stored changes nothing.
      const wrong = storage.append(k, session, 4 * MiB, Readable.from([first]), first.length)
      await expect(wrong).rejects.toBeInstanceOf(OffsetMismatchError)
      await expect(wrong).rejects.toMatchObject({ expected: 5 * MiB })
      expect(await storage.received(k, session)).toBe(5 * MiB)

      const second = video.subarray(5 * MiB, 10 * MiB)
      await storage.append(k, session, 5 * MiB, Readable.from([second]), second.length)
      const last = video.subarray(10 * MiB)
      expect(await storage.append(k, session, 10 * MiB, Readable.from([last]), last.length)).toBe(
        video.length,
      )
      await storage.finish(k, session)

      expect(await storage.size(k)).toBe(video.length)
      expect(sha(await read(await storage.open(k)))).toBe(sha(video))
      // Finishing again (a crash before the database heard of it) and asking what was received
      // both answer from the finished object.
      await storage.finish(k, session)
      expect(await storage.received(k, session)).toBe(video.length)
    },
    120_000,
  )

  it.skipIf(skip)('reads a byte range, across a part boundary and at the very end', async () => {
    const video = randomBytes(5 * MiB + 1000)
    const k = key()
    const session = await storage.begin(k)
    await storage.append(k, session, 0, Readable.from([video.subarray(0, 5 * MiB)]), 5 * MiB)
    await storage.append(k, session, 5 * MiB, Readable.from([video.subarray(5 * MiB)]), 1000)
    await storage.finish(k, session)
    const across = { start: 5 * MiB - 10, end: 5 * MiB + 9 }
    expect(await read(await storage.open(k, across))).toEqual(
      video.subarray(across.start, across.end + 1),
    )
    const tail = { start: video.length - 1, end: video.length - 1 }
    expect(await read(await storage.open(k, tail))).toEqual(video.subarray(video.length - 1))
  })

  it.skipIf(skip)(
    'after a cut connection resumes from what it kept, and ends with the same bytes',
    async () => {
      const video = randomBytes(5 * MiB + 5 * MiB + 4096)
      const k = key()
      const session = await storage.begin(k)
      await storage.append(k, session, 0, Readable.from([video.subarray(0, 5 * MiB)]), 5 * MiB)
      // Half of the second chunk arrives, then the connection drops.
      const chunk = video.subarray(5 * MiB, 10 * MiB)
      await expect(
        storage.append(k, session, 5 * MiB, cutAfter(chunk, 2 * MiB), chunk.length),
      ).rejects.toThrow()
      // Disk keeps what reached it; S3 keeps only whole parts. Either way no byte past what was
      // sent, none before the last acknowledged offset.
      const kept = await storage.received(k, session)
      expect(kept).toBeGreaterThanOrEqual(5 * MiB)
      expect(kept).toBeLessThanOrEqual(7 * MiB)
      const rest = video.subarray(kept, 10 * MiB)
      await storage.append(k, session, kept, Readable.from([rest]), rest.length)
      const last = video.subarray(10 * MiB)
      await storage.append(k, session, 10 * MiB, Readable.from([last]), last.length)
      await storage.finish(k, session)
      expect(sha(await read(await storage.open(k)))).toBe(sha(video))
    },
    120_000,
  )

  it.skipIf(skip)('abort: deleting an unfinished upload leaves nothing to read', async () => {
    const k = key()
    const session = await storage.begin(k)
    await storage.append(k, session, 0, Readable.from([randomBytes(MiB)]), MiB)
    await storage.delete(k, session)
    expect(await storage.size(k)).toBeNull()
    // Deleting what is gone already is not an error.
    await storage.delete(k, session)
    await expect(storage.open(k)).rejects.toThrow()
  })

  it.skipIf(skip)('delete removes a finished object', async () => {
    const k = key()
    const session = await storage.begin(k)
    await storage.append(k, session, 0, Readable.from([Buffer.from('x')]), 1)
    await storage.finish(k, session)
    expect(await storage.size(k)).toBe(1)
    await storage.delete(k)
    expect(await storage.size(k)).toBeNull()
  })

  it.skipIf(skip)(
    'deletes everything of one player, finished or not, past one listing page, and only theirs',
    async () => {
      const mine = Array.from({ length: 5 }, () => key('gone'))
      for (const k of mine) {
        const s = await storage.begin(k)
        await storage.append(k, s, 0, Readable.from([Buffer.from(k)]), k.length)
        await storage.finish(k, s)
      }
      const unfinished = Array.from({ length: 3 }, () => key('gone'))
      const sessions = await Promise.all(unfinished.map((k) => storage.begin(k)))
      await storage.append(unfinished[0]!, sessions[0]!, 0, Readable.from([randomBytes(10)]), 10)
      const other = key('gone-not')
      const otherSession = await storage.begin(other)
      await storage.append(other, otherSession, 0, Readable.from([Buffer.from('kept')]), 4)
      await storage.finish(other, otherSession)

      await storage.deletePrefix('users/gone/')
      for (const k of mine) expect(await storage.size(k)).toBeNull()
      for (const k of unfinished) expect(await storage.size(k)).toBeNull()
      expect(await storage.size(other)).toBe(4)
    },
    120_000,
  )
})

describe.skipIf(s3Skip)('S3 rules the real server enforces', () => {
  let server: S3Server
  beforeAll(async () => {
    server = await s3Bucket({ pageSize: 2 })
  }, 300_000)
  afterAll(() => server?.drop())

  it('an upload whose middle part is under 5 MiB cannot complete', async () => {
    const storage = createS3Storage(server.settings)
    const k = `users/p/${randomUUID()}`
    const session = await storage.begin(k)
    await storage.append(k, session, 0, Readable.from([randomBytes(MiB)]), MiB)
    await storage.append(k, session, MiB, Readable.from([randomBytes(10)]), 10)
    await expect(storage.finish(k, session)).rejects.toMatchObject({ name: 'EntityTooSmall' })
  })

  it('account erasure leaves no object and no unfinished upload under the prefix', async () => {
    const storage = createS3Storage(server.settings)
    for (let i = 0; i < 3; i++) {
      const k = `users/erase/${i}`
      const s = await storage.begin(k)
      await storage.append(k, s, 0, Readable.from([Buffer.from('v')]), 1)
      await storage.finish(k, s)
    }
    for (let i = 0; i < 5; i++) {
      const k = `users/erase/open-${i}`
      const s = await storage.begin(k)
      await storage.append(k, s, 0, Readable.from([randomBytes(100)]), 100)
    }
    expect(await server.keys('users/erase/')).toHaveLength(3)
    expect(await server.uploads('users/erase/')).toHaveLength(5)
    await storage.deletePrefix('users/erase/')
    expect(await server.keys('users/erase/')).toEqual([])
    expect(await server.uploads('users/erase/')).toEqual([])
  })
})
