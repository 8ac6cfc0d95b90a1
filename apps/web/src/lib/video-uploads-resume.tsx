import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useAlert } from '../ui/alert-dialog'
import { useAuth } from './auth/auth-context'
import {
  CANCEL_FAILED,
  cancelVideoUpload,
  restoreVideoUploads,
  resumeVideoUpload,
  useVideoUploads,
  type VideoUpload,
} from './video-uploads'
import { fetchMyVideos, videoKeys } from './videos-api'

/**
 * Brings back, after a reload, the uploads this user left unfinished on this device; the chat
 * and "Meus Vídeos" both call it (features never import each other, so it lives here). The
 * server's list is asked only when something was stored, to forget uploads finished or deleted
 * elsewhere.
 */
export function useRestoredVideoUploads(): VideoUpload[] {
  const userId = useAuth().user?.id ?? null
  const uploads = useVideoUploads()
  const interrupted = uploads.some((u) => u.phase === 'interrupted')
  useEffect(() => {
    if (userId) restoreVideoUploads(userId)
  }, [userId])
  const videos = useQuery({
    queryKey: videoKeys.mine,
    queryFn: ({ signal }) => fetchMyVideos(signal),
    enabled: userId !== null && interrupted,
  })
  useEffect(() => {
    if (userId && videos.data) restoreVideoUploads(userId, videos.data)
  }, [userId, videos.data])
  return uploads
}

export const INTERRUPTED_HINT =
  'O envio parou antes de terminar. Escolha o mesmo arquivo para continuar de onde parou.'

/** `Retomar envio` (the player picks the same file again) and `Cancelar Envio`. */
export function InterruptedUploadActions({ upload }: { upload: VideoUpload }) {
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { cancelling, cancel } = useCancelVideoUpload(upload.key)
  const message = problem ?? upload.error

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) setProblem(resumeVideoUpload(upload.key, file))
  }

  return (
    <>
      {message ? (
        <p className="chat-upload__error" role="alert">
          {message}
        </p>
      ) : (
        <p className="chat-upload__hint">{INTERRUPTED_HINT}</p>
      )}
      <div className="chat-upload__actions">
        {upload.expired ? null : (
          <>
            <button
              type="button"
              className="chip"
              disabled={cancelling}
              onClick={() => input.current?.click()}
            >
              Retomar envio
            </button>
            <input
              ref={input}
              type="file"
              accept="video/*"
              hidden
              aria-label={`Arquivo para retomar o envio de ${upload.fileName}`}
              onChange={onFile}
            />
          </>
        )}
        <CancelUploadButton cancelling={cancelling} onCancel={cancel} />
      </div>
    </>
  )
}

/** Cancels the upload `key`; a refusal is told in an alert and the player may try again. */
export function useCancelVideoUpload(key: string) {
  const { showAlert } = useAlert()
  const [cancelling, setCancelling] = useState(false)
  const cancel = async () => {
    setCancelling(true)
    try {
      await cancelVideoUpload(key)
    } catch {
      setCancelling(false)
      await showAlert(CANCEL_FAILED, 'Aviso')
    }
  }
  return { cancelling, cancel }
}

/** `Cancelar Envio`, busy while the cancellation is on its way. */
export function CancelUploadButton({
  cancelling,
  onCancel,
}: {
  cancelling: boolean
  onCancel: () => Promise<void>
}) {
  return (
    <button
      type="button"
      className="chip chip--danger"
      disabled={cancelling}
      aria-busy={cancelling || undefined}
      onClick={() => void onCancel()}
    >
      Cancelar Envio
    </button>
  )
}
