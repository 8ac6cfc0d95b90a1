import type { Readable } from 'node:stream'
import { createLocalStorage } from './local'
import { createS3Storage, type S3Settings } from './s3'

/**
 * Where video files live. Uploads are sessions that grow by appending at the end, so a dropped
 * connection resumes from `received()` instead of starting over; `finish` makes the object
 * readable. Keys are `users/<userId>/<name>`, so one prefix holds everything of a player.
 */
export interface VideoStorage {
  readonly kind: 'local' | 's3'
  /** Starts an upload; the returned handle is passed back on every call about it. */
  begin(key: string): Promise<string>
  /** Bytes durably stored so far for an unfinished upload (0 when none arrived). */
  received(key: string, session: string): Promise<number>
  /**
   * Appends `body` at `offset`, which must equal `received()`. Bytes that arrived before a
   * failure of the stream stay stored where the backend can keep them; the promise rejects
   * with the stream's error.
   */
  append(
    key: string,
    session: string,
    offset: number,
    body: Readable,
    length?: number,
  ): Promise<number>
  finish(key: string, session: string): Promise<void>
  /** Size of a finished object, or null when there is none. */
  size(key: string): Promise<number | null>
  open(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** A path or URL that ffprobe can read (seeking included). */
  probeTarget(key: string): Promise<string>
  /** Removes the object and any unfinished upload of it; absent is not an error. */
  delete(key: string, session?: string | null): Promise<void>
  /** Removes everything under a prefix (account deletion). */
  deletePrefix(prefix: string): Promise<void>
}

export class OffsetMismatchError extends Error {
  constructor(readonly expected: number) {
    super(`upload offset mismatch: expected ${expected}`)
  }
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings)

export function createVideoStorage(config: StorageConfig): VideoStorage {
  return config.kind === 'local' ? createLocalStorage(config.dir) : createS3Storage(config)
}

export const userPrefix = (userId: string) => `users/${userId}/`
/** What the analysis pipeline makes of one video (keyframe, heatmaps, clips). */
export const analysisPrefix = (videoId: number) => `analyses/${videoId}/`
