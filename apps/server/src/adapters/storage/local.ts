import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { OffsetMismatchError, type VideoStorage } from './index'

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*\/?$/

/**
 * Files under one folder (DATA_DIR/videos). An upload grows in `<key>.part`, whose length on
 * disk is the resumable offset, and is renamed to `<key>` when complete. One node only: the
 * per-key lock that keeps two appends from interleaving lives in this process.
 */
export function createLocalStorage(dir: string): VideoStorage {
  const locks = new Map<string, Promise<unknown>>()
  const file = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`)
    return path.join(dir, key)
  }
  const part = (key: string) => `${file(key)}.part`
  const statSize = async (p: string) => {
    try {
      return (await fsp.stat(p)).size
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }
  const exclusive = async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = locks.get(key) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(task)
    locks.set(key, next)
    try {
      return await next
    } finally {
      if (locks.get(key) === next) locks.delete(key)
    }
  }

  return {
    kind: 'local',
    async begin(key) {
      await fsp.mkdir(path.dirname(file(key)), { recursive: true })
      await fsp.writeFile(part(key), '')
      return ''
    },
    async received(key) {
      return (await statSize(part(key))) ?? (await statSize(file(key))) ?? 0
    },
    append(key, _session, offset, body: Readable) {
      return exclusive(key, async () => {
        const current = await statSize(part(key))
        if (current === null || current !== offset) throw new OffsetMismatchError(current ?? 0)
        // Appending: whatever reached the disk before a dropped connection stays, and is the
        // offset the client resumes from.
        // A 1 MiB buffer lets the stream batch socket reads into fewer, larger writes.
        await pipeline(
          body,
          fs.createWriteStream(part(key), { flags: 'a', highWaterMark: 1024 * 1024 }),
        )
        return (await statSize(part(key))) ?? 0
      })
    },
    async finish(key) {
      await exclusive(key, async () => {
        try {
          await fsp.rename(part(key), file(key))
        } catch (err) {
          // Renamed already: the process died before the database heard of it.
          const gone = (err as NodeJS.ErrnoException).code === 'ENOENT'
          if (!gone || (await statSize(file(key))) === null) throw err
        }
      })
    },
    size: (key) => statSize(file(key)),
    async open(key, range) {
      const stream = fs.createReadStream(file(key), range ?? {})
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve())
        stream.once('error', reject)
      })
      return stream
    },
    probeTarget: async (key) => file(key),
    async delete(key) {
      await fsp.rm(file(key), { force: true })
      await fsp.rm(part(key), { force: true })
    },
    async deletePrefix(prefix) {
      await fsp.rm(file(prefix.replace(/\/$/, '')), { recursive: true, force: true })
    },
  }
}
