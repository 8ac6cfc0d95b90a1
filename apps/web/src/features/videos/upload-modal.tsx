import type { LinkSource } from '@areia/contracts/videos'
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import {
  cancelVideoUpload,
  CANCEL_FAILED,
  progressPercent,
  progressText,
  startVideoUpload,
  UPLOAD_FAILED,
  useVideoUploads,
} from '../../lib/video-uploads'
import { sendVideoLink } from '../../lib/videos-api'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { FormError, TextField } from '../../ui/text-field'
import { DeviceMark, LinkMark, SourceMark } from './source-marks'
import {
  FILMING_GUIDE,
  INVALID_URL,
  LINK_FAILED,
  LINK_HELP,
  LINK_SOURCES,
  NOT_A_VIDEO,
  SOURCE_LABEL,
} from './video-text'

type Step =
  | { kind: 'source' }
  | { kind: 'link'; source: LinkSource }
  | { kind: 'upload'; key: string }
  | { kind: 'link-sent'; source: LinkSource }

type UploadModalProps = { open: boolean; onClose: () => void }

/** A share link the server can fetch: http(s) with a host. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/**
 * The video upload modal: source, then a file or a link, then success. The host remounts
 * it about 200 ms after closing, so it always opens on the source step.
 */
export function UploadModal({ open, onClose }: UploadModalProps) {
  const [step, setStep] = useState<Step>({ kind: 'source' })
  const title =
    step.kind === 'link' ? `Enviar link do ${SOURCE_LABEL[step.source]}` : 'Enviar vídeo do jogo'
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <div className="upload">
        {step.kind === 'source' ? <SourceStep onStep={setStep} onClose={onClose} /> : null}
        {step.kind === 'link' ? (
          <LinkStep
            source={step.source}
            onBack={() => setStep({ kind: 'source' })}
            onSent={() => setStep({ kind: 'link-sent', source: step.source })}
          />
        ) : null}
        {step.kind === 'upload' ? (
          <UploadStep
            uploadKey={step.key}
            onClose={onClose}
            onRestart={() => setStep({ kind: 'source' })}
          />
        ) : null}
        {step.kind === 'link-sent' ? (
          <div className="upload__done" role="status">
            <p className="upload__done-title">Link recebido!</p>
            <p>
              Vamos baixar o vídeo do {SOURCE_LABEL[step.source]} e verificar a qualidade. O
              resultado aparece no chat em instantes.
            </p>
            <Button block onClick={onClose} data-autofocus>
              Fechar
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  )
}

function FilmingGuide() {
  return (
    <section className="filming-guide" aria-labelledby="filming-guide-title">
      <h3 id="filming-guide-title" className="filming-guide__title">
        Como filmar para a análise
      </h3>
      <ul className="filming-guide__list">
        {FILMING_GUIDE.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  )
}

function SourceStep(props: { onStep: (step: Step) => void; onClose: () => void }) {
  const { onStep, onClose } = props
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The upload session is remembered under this user, for a resume after a reload.
  const userId = useAuth().user?.id ?? null

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!file.type.startsWith('video/')) {
      setError(NOT_A_VIDEO)
      return
    }
    setError(null)
    setBusy(true)
    try {
      const upload = await startVideoUpload(file, userId)
      onStep({ kind: 'upload', key: upload.key })
    } catch (failure) {
      // The plan's refusal or its monthly limit comes as the server's own words.
      setError(errorMessage(failure, UPLOAD_FAILED))
      setBusy(false)
    }
  }

  return (
    <>
      <p className="upload__lead">
        Envie <strong>um jogo por vídeo</strong>. Escolha de onde vem o arquivo:
      </p>
      <div className="upload__sources" role="group" aria-label="De onde vem o vídeo">
        <Button
          className="upload__device"
          block
          onClick={() => input.current?.click()}
          busy={busy}
          icon={<DeviceMark size={22} />}
          data-autofocus
        >
          Do dispositivo
        </Button>
        <input
          ref={input}
          type="file"
          accept="video/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Arquivo de vídeo"
          onChange={(event) => void onFile(event)}
        />
        <p className="upload__links-caption">
          <LinkMark size={18} /> Ou envie um link de:
        </p>
        {LINK_SOURCES.map((source) => (
          <button
            key={source}
            type="button"
            className="upload-source"
            disabled={busy}
            onClick={() => onStep({ kind: 'link', source })}
          >
            <span className="upload-source__badge">
              <SourceMark source={source} size={22} />
            </span>
            {SOURCE_LABEL[source]}
          </button>
        ))}
      </div>
      <FormError message={error} />
      <FilmingGuide />
      <div className="upload__actions">
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </>
  )
}

function LinkStep(props: { source: LinkSource; onBack: () => void; onSent: () => void }) {
  const { source, onBack, onSent } = props
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = url.trim()
    if (!value || !isHttpUrl(value)) {
      setError(INVALID_URL)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await sendVideoLink(value, source)
      onSent()
    } catch (failure) {
      setError(errorMessage(failure, LINK_FAILED))
      setBusy(false)
    }
  }

  return (
    <form className="upload__link" onSubmit={(event) => void submit(event)} noValidate>
      <p className="upload__lead upload__lead--source">
        <span className="upload-source__badge">
          <SourceMark source={source} size={22} />
        </span>
        <span>{LINK_HELP[source]}</span>
      </p>
      <TextField
        label="Link do vídeo"
        type="url"
        inputMode="url"
        name="video-url"
        placeholder="https://"
        autoComplete="off"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        aria-invalid={error ? true : undefined}
        data-autofocus
      />
      <FormError message={error} />
      <div className="upload__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Voltar
        </Button>
        <Button type="submit" busy={busy}>
          Enviar link
        </Button>
      </div>
    </form>
  )
}

function UploadStep(props: { uploadKey: string; onClose: () => void; onRestart: () => void }) {
  const { uploadKey, onClose, onRestart } = props
  const upload = useVideoUploads().find((u) => u.key === uploadKey)
  const [cancelling, setCancelling] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (!upload) {
    return (
      <div className="upload__done" role="status">
        <p className="upload__done-title">Envio cancelado.</p>
        <Button block onClick={onRestart}>
          Enviar outro vídeo
        </Button>
      </div>
    )
  }

  const cancel = async () => {
    setCancelling(true)
    try {
      await cancelVideoUpload(uploadKey)
    } catch {
      setError(CANCEL_FAILED)
      setCancelling(false)
    }
  }

  if (upload.phase === 'done') {
    const refused = upload.video?.status === 'FAILED'
    return (
      <div className="upload__done" role="status">
        <p className="upload__done-title">
          {refused ? 'Não conseguimos aceitar o vídeo.' : 'Vídeo enviado!'}
        </p>
        <p>
          {refused
            ? (upload.video?.failure_reason ?? 'Veja o motivo no chat.')
            : 'Agora responda no chat qual jogador é você, para começarmos a análise.'}
        </p>
        <Button block onClick={onClose} data-autofocus>
          {refused ? 'Fechar' : 'Ir para o chat'}
        </Button>
      </div>
    )
  }

  if (upload.phase === 'interrupted') {
    // The network stayed down: what arrived is kept, and the chat offers "Retomar envio".
    return (
      <div className="upload__done" role="status">
        <FormError message={upload.error ?? UPLOAD_FAILED} />
        <p>O que já foi enviado está guardado. Retome o envio pelo chat com o mesmo arquivo.</p>
        <Button block onClick={onClose} data-autofocus>
          Ir para o chat
        </Button>
      </div>
    )
  }

  if (upload.phase === 'failed') {
    return (
      <div className="upload__done">
        <FormError message={upload.error ?? UPLOAD_FAILED} />
        <Button block onClick={onRestart}>
          Tentar novamente
        </Button>
      </div>
    )
  }

  const checking = upload.sent >= upload.total
  return (
    <div className="upload__progress">
      <p className="upload__file">{upload.fileName}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Progresso do envio"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progressPercent(upload)}
      >
        <span className="progress__bar" style={{ width: `${progressPercent(upload)}%` }} />
      </div>
      <p className="upload__numbers" aria-live="polite">
        {checking ? 'Verificando o vídeo...' : `Enviando ${progressText(upload)}`}
      </p>
      <p className="upload__hint">
        Pode fechar esta janela: o envio continua e o progresso aparece no chat.
      </p>
      <FormError message={error} />
      <div className="upload__actions">
        {/* Every byte has arrived: there is nothing left to cancel. */}
        {checking ? null : (
          <Button variant="secondary" onClick={() => void cancel()} busy={cancelling}>
            Cancelar Envio
          </Button>
        )}
        <Button onClick={onClose}>Continuar no chat</Button>
      </div>
    </div>
  )
}
