import { Video } from '@areia/contracts/videos'
import { useSyncExternalStore } from 'react'
import { createUploadUrl, deleteVideo } from './videos-api'
import {
  UploadAbortedError,
  UploadRejectedError,
  uploadResumable,
  type ChunkTransport,
} from './resumable-upload'
import {
  clearAllStoredUploads,
  loadStoredUploads,
  removeStoredUpload,
  resumeDecision,
  saveStoredUpload,
  type StoredUpload,
} from './video-uploads-storage'

export const UPLOAD_FAILED = 'Ocorreu um erro ao enviar o vídeo. Tente novamente.'
export const CANCEL_FAILED = 'Erro ao cancelar o vídeo.'
export const UPLOAD_EXPIRED =
  'O prazo para retomar este envio acabou. Cancele o envio e envie o vídeo novamente.'
export const differentFileMessage = (fileName: string) =>
  `Este não é o mesmo arquivo do envio interrompido. Escolha o arquivo "${fileName}".`

const KB = 1024
const MB = 1024 * KB

/** "12,3 MB" (pt-BR decimal comma). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
}

/**
 * "42% · 12,3 MB de 30,0 MB": real progress, acknowledged and in-flight bytes. Files under
 * 1 MB count in KB, where tenths of a MB would barely move.
 */
export function progressText(upload: Pick<VideoUpload, 'sent' | 'total'>): string {
  const size =
    upload.total < MB ? (bytes: number) => `${Math.round(bytes / KB)} KB` : formatMegabytes
  return `${progressPercent(upload)}% · ${size(upload.sent)} de ${size(upload.total)}`
}

export function progressPercent(upload: Pick<VideoUpload, 'sent' | 'total'>): number {
  return upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0
}

export type VideoUpload = {
  key: string
  videoId: number
  fileName: string
  sent: number
  total: number
  /**
   * `uploading` until the server answers the last byte (after its quality check);
   * `interrupted` when the bytes stopped (a reload, a network that stayed down) and the player
   * can resume by picking the same file again.
   */
  phase: 'uploading' | 'interrupted' | 'done' | 'failed'
  /** The stored video once done (its status says whether the quality check accepted it). */
  video: Video | null
  error: string | null
  /** Interrupted and its signed upload URL no longer works: only cancelling is left. */
  expired: boolean
}

/**
 * Uploads in progress, outside React: the player may close the modal or change screens and the
 * upload goes on, its progress shown in the chat (closing during upload is allowed).
 */
let uploads: VideoUpload[] = []
const listeners = new Set<() => void>()
const controllers = new Map<string, AbortController>()
/** What a resume needs, per upload key, also when localStorage is unavailable. */
const sessions = new Map<string, StoredUpload>()
/** The user whose uploads these are (their stored sessions are keyed by it). */
let owner: string | null = null
let transportForTests: ChunkTransport | undefined

function set(next: VideoUpload[]) {
  uploads = next
  for (const listener of listeners) listener()
}

function patch(key: string, change: Partial<VideoUpload>) {
  set(uploads.map((u) => (u.key === key ? { ...u, ...change } : u)))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getVideoUploads(): VideoUpload[] {
  return uploads
}

export function useVideoUploads(): VideoUpload[] {
  return useSyncExternalStore(subscribe, getVideoUploads)
}

/** Closing the tab would lose the bytes in flight: the browser asks first. */
function warnBeforeUnload(event: BeforeUnloadEvent) {
  if (uploads.some((u) => u.phase === 'uploading')) event.preventDefault()
}

const keyOf = (videoId: number) => `u${videoId}`

/** The upload is over (finished, refused, cancelled): nothing to resume any more. */
function forgetSession(key: string) {
  const session = sessions.get(key)
  sessions.delete(key)
  if (session && owner) removeStoredUpload(owner, session.videoId)
}

/** Sends (or, with `resume`, continues) the bytes of `file` in the background. */
function send(key: string, file: File, session: StoredUpload, resume: boolean) {
  const controller = new AbortController()
  controllers.set(key, controller)
  window.addEventListener('beforeunload', warnBeforeUnload)
  uploadResumable({
    url: session.uploadUrl,
    file,
    contentType: session.contentType,
    signal: controller.signal,
    transport: transportForTests,
    resume,
    onProgress: ({ sent }) => patch(key, { sent }),
  })
    .then((body) => {
      forgetSession(key)
      const parsed = Video.safeParse(JSON.parse(body))
      patch(key, { phase: 'done', sent: file.size, video: parsed.success ? parsed.data : null })
    })
    .catch((error: unknown) => {
      if (error instanceof UploadAbortedError) return
      console.warn('video upload failed', error)
      if (!(error instanceof UploadRejectedError)) {
        // The network stayed down: the bytes that arrived are kept, the player may resume.
        patch(key, { phase: 'interrupted', error: UPLOAD_FAILED })
        return
      }
      // A signed URL past its expiry answers 403 (ours and S3's alike).
      const expired =
        error.code === 'upload_url_expired' ||
        (error.status === 403 && resumeDecision(session, null) === 'expired')
      if (expired) {
        patch(key, { phase: 'interrupted', expired: true, error: UPLOAD_EXPIRED })
        return
      }
      forgetSession(key)
      patch(key, { phase: 'failed', error: error.detail ?? UPLOAD_FAILED })
    })
    .finally(() => {
      if (controllers.get(key) === controller) controllers.delete(key)
      if (!uploads.some((u) => u.phase === 'uploading'))
        window.removeEventListener('beforeunload', warnBeforeUnload)
    })
}

/**
 * Opens an upload session (this is where a plan's refusal or monthly limit answers, as an
 * ApiError with the server's detail), remembers it for a resume after a reload, and then sends
 * the file in the background.
 */
export async function startVideoUpload(
  file: File,
  userId: string | null = owner,
): Promise<VideoUpload> {
  const created = await createUploadUrl(file.type)
  if (userId && userId !== owner) adoptOwner(userId)
  const key = keyOf(created.video_id)
  const session: StoredUpload = {
    videoId: created.video_id,
    uploadUrl: created.upload_url,
    fileName: file.name,
    size: file.size,
    lastModified: file.lastModified,
    contentType: file.type,
  }
  sessions.set(key, session)
  if (userId) saveStoredUpload(userId, session)
  const upload: VideoUpload = {
    key,
    videoId: created.video_id,
    fileName: file.name,
    sent: 0,
    total: file.size,
    phase: 'uploading',
    video: null,
    error: null,
    expired: false,
  }
  set([...uploads.filter((u) => u.videoId !== upload.videoId), upload])
  send(key, file, session, false)
  return upload
}

/**
 * `Retomar envio`: continues an interrupted upload with the file the player picked again.
 * Answers the pt-BR reason when it cannot (another file, an expired URL), else null.
 */
export function resumeVideoUpload(key: string, file: File): string | null {
  const upload = uploads.find((u) => u.key === key)
  const session = sessions.get(key)
  if (!upload || upload.phase !== 'interrupted' || !session) return null
  const decision = resumeDecision(session, file)
  if (decision === 'expired') {
    patch(key, { expired: true, error: UPLOAD_EXPIRED })
    return UPLOAD_EXPIRED
  }
  if (decision === 'different-file') return differentFileMessage(session.fileName)
  patch(key, { phase: 'uploading', error: null, sent: 0 })
  send(key, file, session, true)
  return null
}

/**
 * After a reload: the stored sessions of this user come back as interrupted uploads. With the
 * server's list, sessions whose video is no longer uploading (finished or deleted elsewhere)
 * are forgotten instead.
 */
export function restoreVideoUploads(userId: string, videos?: readonly Video[]): void {
  if (userId !== owner) adoptOwner(userId)
  const restored: VideoUpload[] = []
  for (const session of loadStoredUploads(userId)) {
    const key = keyOf(session.videoId)
    const onServer = videos?.find((v) => v.id === session.videoId)
    if (videos && onServer?.status !== 'UPLOADING') {
      removeStoredUpload(userId, session.videoId)
      sessions.delete(key)
      if (uploads.some((u) => u.key === key && u.phase === 'interrupted'))
        set(uploads.filter((u) => u.key !== key))
      continue
    }
    if (uploads.some((u) => u.key === key)) continue
    sessions.set(key, session)
    const expired = resumeDecision(session, null) === 'expired'
    restored.push({
      key,
      videoId: session.videoId,
      fileName: session.fileName,
      sent: 0,
      total: session.size,
      phase: 'interrupted',
      video: null,
      error: expired ? UPLOAD_EXPIRED : null,
      expired,
    })
  }
  if (restored.length > 0) set([...uploads, ...restored])
}

/** Another account on this tab: the previous one's uploads are not shown to it. */
function adoptOwner(userId: string) {
  if (owner !== null) dropAll()
  owner = userId
}

function dropAll() {
  for (const c of controllers.values()) c.abort()
  controllers.clear()
  sessions.clear()
  set([])
}

/** Logout: stops the uploads of this tab and forgets every stored session on the device. */
export function forgetVideoUploads(): void {
  dropAll()
  owner = null
  clearAllStoredUploads()
}

/** `Cancelar Envio` while sending: stops the bytes and deletes the video (and its file). */
export async function cancelVideoUpload(key: string): Promise<void> {
  const upload = uploads.find((u) => u.key === key)
  if (!upload) return
  controllers.get(key)?.abort()
  try {
    await deleteVideo(upload.videoId)
  } catch (error) {
    // The bytes stopped but the video is still there: say so instead of showing it as sending.
    patch(key, { phase: 'failed', error: CANCEL_FAILED })
    throw error
  }
  forgetSession(key)
  set(uploads.filter((u) => u.key !== key))
}

/** The video was deleted elsewhere ("Meus Vídeos"): its upload stops and is forgotten. */
export function videoDeleted(videoId: number): void {
  const key = keyOf(videoId)
  controllers.get(key)?.abort()
  forgetSession(key)
  if (owner) removeStoredUpload(owner, videoId)
  set(uploads.filter((u) => u.key !== key))
}

/** Hides a finished or failed upload. */
export function dismissVideoUpload(key: string) {
  set(uploads.filter((u) => u.key !== key || u.phase === 'uploading'))
}

/** Tests drive the store with an in-memory transport and start from an empty list. */
export const videoUploadsForTests = {
  setTransport(transport: ChunkTransport | undefined) {
    transportForTests = transport
  },
  reset() {
    dropAll()
    owner = null
  },
}
