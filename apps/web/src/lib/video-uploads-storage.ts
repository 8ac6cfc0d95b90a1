import { z } from 'zod'

/**
 * Uploads in progress, remembered in localStorage per user: a reload or a closed tab loses the
 * File (browsers cannot keep it) but not the upload session, so the player can pick the same
 * file again and the upload goes on from the last byte the server acknowledged.
 */
export const StoredUpload = z.object({
  videoId: z.number().int(),
  uploadUrl: z.string().min(1),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  lastModified: z.number(),
  contentType: z.string(),
})
export type StoredUpload = z.infer<typeof StoredUpload>

const PREFIX = 'areia.video_uploads.'

const keyOf = (userId: string) => `${PREFIX}${userId}`

/** The stored sessions of a user; anything unreadable (old format, tampering) is skipped. */
export function loadStoredUploads(userId: string): StoredUpload[] {
  let raw: string | null
  try {
    raw = window.localStorage.getItem(keyOf(userId))
  } catch {
    return []
  }
  if (!raw) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return parsed.flatMap((item) => {
    const one = StoredUpload.safeParse(item)
    return one.success ? [one.data] : []
  })
}

function write(userId: string, uploads: StoredUpload[]) {
  try {
    if (uploads.length === 0) window.localStorage.removeItem(keyOf(userId))
    else window.localStorage.setItem(keyOf(userId), JSON.stringify(uploads))
  } catch {
    // Storage disabled or full: the upload still runs, it just cannot be resumed after a reload.
  }
}

export function saveStoredUpload(userId: string, upload: StoredUpload): void {
  const others = loadStoredUploads(userId).filter((u) => u.videoId !== upload.videoId)
  write(userId, [...others, upload])
}

export function removeStoredUpload(userId: string, videoId: number): void {
  const all = loadStoredUploads(userId)
  const kept = all.filter((u) => u.videoId !== videoId)
  if (kept.length !== all.length) write(userId, kept)
}

/** On logout: no upload session of any account stays on the device. */
export function clearAllStoredUploads(): void {
  try {
    const keys: string[] = []
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i)
      if (key?.startsWith(PREFIX)) keys.push(key)
    }
    for (const key of keys) window.localStorage.removeItem(key)
  } catch {
    // Nothing stored can be removed when storage is unavailable.
  }
}

/**
 * When the signed upload URL stops working, in ms since the epoch, or null when the URL does not
 * say. Our server signs `expires` (seconds); S3 presigned URLs carry `X-Amz-Date` and
 * `X-Amz-Expires`.
 */
export function uploadUrlExpiry(uploadUrl: string): number | null {
  let url: URL
  try {
    url = new URL(uploadUrl, 'http://localhost')
  } catch {
    return null
  }
  const expires = url.searchParams.get('expires')
  if (expires && /^\d+$/.test(expires)) return Number(expires) * 1000
  const amzDate = url.searchParams.get('X-Amz-Date')
  const amzExpires = url.searchParams.get('X-Amz-Expires')
  const parts = amzDate ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate) : null
  if (parts && amzExpires && /^\d+$/.test(amzExpires)) {
    const n = (i: number) => Number(parts[i])
    return Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)) + Number(amzExpires) * 1000
  }
  return null
}

/** A margin so a URL about to expire is not used for a resume that would die half-way. */
const EXPIRY_MARGIN_MS = 60_000

export type ResumeDecision = 'resume' | 'expired' | 'different-file'

/**
 * Whether a picked file may continue a stored upload: the URL must still be valid and the file
 * must be the same one (name, size and modification time: its bytes cannot be compared cheaply,
 * and appending another file's bytes would make a corrupt video).
 */
export function resumeDecision(
  stored: StoredUpload,
  file: Pick<File, 'name' | 'size' | 'lastModified'> | null,
  now: number = Date.now(),
): ResumeDecision {
  const expiry = uploadUrlExpiry(stored.uploadUrl)
  if (expiry !== null && expiry - EXPIRY_MARGIN_MS <= now) return 'expired'
  if (!file) return 'resume'
  const same =
    file.name === stored.fileName &&
    file.size === stored.size &&
    file.lastModified === stored.lastModified
  return same ? 'resume' : 'different-file'
}
