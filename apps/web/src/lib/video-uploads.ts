import { ErrorBody, Video } from '@areia/contracts'
import { useSyncExternalStore } from 'react'
import { createUploadUrl, deleteVideo } from './videos-api'
import {
  UploadAbortedError,
  UploadRejectedError,
  uploadResumable,
  type ChunkTransport,
} from './resumable-upload'

export const UPLOAD_FAILED = 'Ocorreu um erro ao enviar o vídeo. Tente novamente.'
export const CANCEL_FAILED = 'Erro ao cancelar o vídeo.'

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
  /** `uploading` until the server answers the last byte (after its quality check). */
  phase: 'uploading' | 'done' | 'failed'
  /** The stored video once done (its status says whether the quality check accepted it). */
  video: Video | null
  error: string | null
}

/**
 * Uploads in progress, outside React: the player may close the modal or change screens and the
 * upload goes on, its progress shown in the chat (SPEC §2: closing during upload is allowed).
 */
let uploads: VideoUpload[] = []
const listeners = new Set<() => void>()
const controllers = new Map<string, AbortController>()
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

function detailOf(body: string): string | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data.detail : null
  } catch {
    return null
  }
}

/**
 * Opens an upload session (this is where a plan's refusal or monthly limit answers, as an
 * ApiError with the server's detail) and then sends the file in the background.
 */
export async function startVideoUpload(file: File): Promise<VideoUpload> {
  const session = await createUploadUrl(file.type)
  const key = `u${session.video_id}`
  const controller = new AbortController()
  controllers.set(key, controller)
  const upload: VideoUpload = {
    key,
    videoId: session.video_id,
    fileName: file.name,
    sent: 0,
    total: file.size,
    phase: 'uploading',
    video: null,
    error: null,
  }
  set([...uploads.filter((u) => u.videoId !== upload.videoId), upload])
  window.addEventListener('beforeunload', warnBeforeUnload)
  uploadResumable({
    url: session.upload_url,
    file,
    contentType: file.type,
    signal: controller.signal,
    transport: transportForTests,
    onProgress: ({ sent }) => patch(key, { sent }),
  })
    .then((body) => {
      const parsed = Video.safeParse(JSON.parse(body))
      patch(key, { phase: 'done', sent: file.size, video: parsed.success ? parsed.data : null })
    })
    .catch((error: unknown) => {
      if (error instanceof UploadAbortedError) return
      const detail = error instanceof UploadRejectedError ? detailOf(error.body) : null
      console.warn('video upload failed', error)
      patch(key, { phase: 'failed', error: detail ?? UPLOAD_FAILED })
    })
    .finally(() => {
      controllers.delete(key)
      if (!uploads.some((u) => u.phase === 'uploading'))
        window.removeEventListener('beforeunload', warnBeforeUnload)
    })
  return upload
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
    for (const c of controllers.values()) c.abort()
    controllers.clear()
    set([])
  },
}
