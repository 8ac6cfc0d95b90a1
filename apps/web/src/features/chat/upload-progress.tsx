import {
  dismissVideoUpload,
  progressPercent,
  progressText,
  type VideoUpload,
} from '../../lib/video-uploads'
import {
  CancelUploadButton,
  InterruptedUploadActions,
  useCancelVideoUpload,
  useRestoredVideoUploads,
} from '../../lib/video-uploads-resume'

/**
 * Uploads still going (or that failed) shown in the chat, so the player may close the upload
 * modal and keep talking. A finished one disappears: the server's receipt replaces it.
 */
export function UploadProgressList() {
  // Includes those a reload interrupted, which the player may resume with the same file.
  const uploads = useRestoredVideoUploads().filter((u) => u.phase !== 'done')
  if (uploads.length === 0) return null
  return (
    <ul className="chat-uploads" aria-label="Envios de vídeo">
      {uploads.map((upload) => (
        <UploadCard key={upload.key} upload={upload} />
      ))}
    </ul>
  )
}

function UploadCard({ upload }: { upload: VideoUpload }) {
  const { cancelling, cancel } = useCancelVideoUpload(upload.key)
  const percent = progressPercent(upload)
  const checking = upload.phase === 'uploading' && upload.sent >= upload.total

  if (upload.phase === 'interrupted')
    return (
      <li className="chat-upload chat-upload--interrupted">
        <p className="chat-upload__title">
          Envio interrompido
          <span className="chat-upload__file"> · {upload.fileName}</span>
        </p>
        <InterruptedUploadActions upload={upload} />
      </li>
    )

  return (
    <li className={`chat-upload ${upload.phase === 'failed' ? 'chat-upload--failed' : ''}`}>
      <p className="chat-upload__title">
        {upload.phase === 'failed' ? 'Envio interrompido' : 'Enviando vídeo'}
        <span className="chat-upload__file"> · {upload.fileName}</span>
      </p>
      {upload.phase === 'failed' ? (
        <p className="chat-upload__error" role="alert">
          {upload.error}
        </p>
      ) : (
        <>
          <div
            className="progress"
            role="progressbar"
            aria-label={`Progresso do envio de ${upload.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <p className="chat-upload__numbers">
            {checking ? 'Verificando o vídeo...' : progressText(upload)}
          </p>
        </>
      )}
      {/* Once every byte has arrived there is nothing to cancel: the check is the server's. */}
      {checking ? null : (
        <div className="chat-upload__actions">
          {upload.phase === 'failed' ? (
            <button type="button" className="chip" onClick={() => dismissVideoUpload(upload.key)}>
              Fechar
            </button>
          ) : (
            <CancelUploadButton cancelling={cancelling} onCancel={cancel} />
          )}
        </div>
      )}
    </li>
  )
}
