import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { VideoStorage } from '../../adapters/storage'
import type { FetchedVideo } from './link'

/**
 * S3 parts need their length before the first byte; a link served without Content-Length is
 * first written to a temporary file (on disk, never in memory). Local storage streams as is.
 */
export async function spoolIfNeeded(
  storage: VideoStorage,
  fetched: FetchedVideo,
): Promise<{ body: Readable; length: number | null; cleanup: () => Promise<void> }> {
  if (storage.kind !== 's3' || fetched.length !== null) {
    return { body: fetched.body, length: fetched.length, cleanup: async () => undefined }
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'areia-import-'))
  const file = path.join(dir, 'video')
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true })
  try {
    await pipeline(fetched.body, fs.createWriteStream(file))
    const { size } = await fsp.stat(file)
    return { body: fs.createReadStream(file), length: size, cleanup }
  } catch (err) {
    await cleanup()
    throw err
  }
}
