import {
  AnalystRejectBody,
  AnalystReportBody,
  type AnalystVideo,
  COMMENTARY_HEADING,
  commentaryOf,
  PUBLISH_REFUSALS,
} from '@areia/contracts/analysis'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { errorCode, errorMessage } from '../../lib/api-error'
import { renderMarkdown } from '../../lib/markdown'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { analystKeys, publish, reject, saveReport } from './analyst-api'
import { settleTagging } from './tagging-save'
import { isRunning, PLAYER_FIELD_ID } from './analyst-rules'
import { formatDateTime } from './analyst-ui'

/** The text with the commentary heading, and where the analyst's words go under it. */
export function withCommentaryHeading(text: string): { text: string; caret: number } {
  const next = text.includes(COMMENTARY_HEADING)
    ? text
    : `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${COMMENTARY_HEADING}\n\n`
  const heading = next.indexOf(COMMENTARY_HEADING) + COMMENTARY_HEADING.length
  const lineEnd = next.indexOf('\n', heading)
  return { text: next, caret: lineEnd < 0 ? next.length : Math.min(next.length, lineEnd + 1) }
}

/**
 * The report as the player will read it: markdown with a live preview, saved as a draft,
 * published, or the video refused with a reason the player sees.
 */
export function ReportEditor({
  video,
  onPlayerMissing,
}: {
  video: AnalystVideo
  /** Publishing was refused for want of the customer (null: cleared). */
  onPlayerMissing?: (message: string | null) => void
}) {
  const id = video.video_id
  // The server regenerates an untouched draft (another player confirmed, identities swapped):
  // follow it while the analyst has not typed, keep their text once they have.
  const [draft, setDraft] = useState({ text: video.report_markdown, base: video.report_markdown })
  if (draft.base !== video.report_markdown && draft.text === draft.base) {
    setDraft({ text: video.report_markdown, base: video.report_markdown })
  }
  const text = draft.text
  const dirty = text !== video.report_markdown
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const { showToast } = useToast()
  const navigate = useNavigate()
  const refresh = () => queryClient.invalidateQueries({ queryKey: analystKeys.all })
  const textArea = useRef<HTMLTextAreaElement>(null)
  /** A refusal names a field on the console: the analyst lands on it. */
  const pointAt = (field: 'player' | 'commentary') => {
    if (field === 'player') {
      const select = document.getElementById(PLAYER_FIELD_ID)
      select?.scrollIntoView?.({ block: 'center' })
      select?.focus()
      setError(PUBLISH_REFUSALS.noPlayer)
      onPlayerMissing?.(PUBLISH_REFUSALS.noPlayer)
      return
    }
    const { text: next, caret } = withCommentaryHeading(text)
    setDraft({ ...draft, text: next })
    setError(PUBLISH_REFUSALS.noCommentary)
    // After React has put the heading in the field.
    requestAnimationFrame(() => {
      const element = textArea.current
      if (!element) return
      element.scrollIntoView?.({ block: 'center' })
      element.focus()
      element.setSelectionRange(caret, caret)
    })
  }
  const validMarkdown = () => {
    const parsed = AnalystReportBody.safeParse({ markdown: text })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revise o relatório.')
      return null
    }
    return parsed.data.markdown
  }

  const save = useMutation({
    mutationFn: (markdown: string) => saveReport(id, markdown),
    onSuccess: async () => {
      setSaved('Rascunho salvo.')
      await refresh()
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível salvar o rascunho.')),
  })
  const release = useMutation({
    mutationFn: async (markdown: string | null) => {
      // The report's figures come from the tags: the last ones typed must be stored first.
      await settleTagging()
      if (markdown !== null) await saveReport(id, markdown)
      await publish(id)
    },
    onSuccess: async () => {
      showToast('Relatório publicado: o jogador foi avisado.', 'success')
      await refresh()
    },
    onError: (e) => {
      const code = errorCode(e)
      if (code === 'no_player') return pointAt('player')
      if (code === 'no_commentary') return pointAt('commentary')
      setError(errorMessage(e, 'Não foi possível publicar o relatório.'))
    },
  })

  const preview = useMemo(() => renderMarkdown(text), [text])
  const published = video.published_at !== null
  const closed = published || video.status === 'FAILED'
  const busy = save.isPending || release.isPending
  return (
    <section className="card analyst-card analyst-report" aria-labelledby="report-title">
      <h2 id="report-title" className="analyst-card__title">
        Relatório
      </h2>
      {video.human_commentary ? (
        <p className="analyst-report__ultra">
          Plano com comentário do analista: escreva a sua análise no relatório antes de publicar (é
          obrigatório).
        </p>
      ) : (
        <p className="analyst-card__text">
          O relatório foi escrito a partir dos números: confira, ajuste se precisar e publique.
        </p>
      )}
      {published ? (
        <p className="analyst-card__ok" role="status">
          Publicado em {formatDateTime(video.published_at!)}.
        </p>
      ) : null}
      <div className="analyst-report__panes">
        <div className="field">
          <label className="field__label" htmlFor="report-markdown">
            Texto do relatório (markdown)
          </label>
          <textarea
            ref={textArea}
            id="report-markdown"
            className="field__input analyst-report__text"
            value={text}
            readOnly={closed}
            onChange={(e) => {
              setSaved(null)
              setDraft({ ...draft, text: e.target.value })
            }}
          />
        </div>
        <div className="analyst-report__preview-wrap">
          <p className="field__label" id="report-preview-label">
            Como o jogador vai ler
          </p>
          <div
            className="analyst-report__preview markdown"
            aria-labelledby="report-preview-label"
            role="region"
            // It scrolls once the text is long: keyboard users must be able to reach it.
            tabIndex={0}
            // renderMarkdown sanitises with DOMPurify and keeps formatting tags only.
            dangerouslySetInnerHTML={{ __html: preview }}
          />
          {text.trim() ? null : (
            <p className="analyst-card__hint">A prévia aparece aqui enquanto você escreve.</p>
          )}
        </div>
      </div>
      <FormError message={error} />
      {saved ? (
        <p className="analyst-card__ok" role="status">
          {saved}
        </p>
      ) : null}
      {closed ? null : (
        <div className="analyst-actions">
          <Button
            variant="secondary"
            busy={save.isPending}
            disabled={busy}
            onClick={() => {
              setError(null)
              const markdown = validMarkdown()
              if (markdown !== null) save.mutate(markdown)
            }}
          >
            Salvar rascunho
          </Button>
          <Button
            busy={release.isPending}
            disabled={busy || isRunning(video.stage)}
            onClick={() => {
              setError(null)
              setSaved(null)
              if (video.human_commentary && !commentaryOf(text)) return pointAt('commentary')
              if (!dirty) return release.mutate(null)
              const markdown = validMarkdown()
              if (markdown !== null) release.mutate(markdown)
            }}
          >
            Publicar
          </Button>
        </div>
      )}
      {closed ? null : <RejectForm videoId={id} onDone={() => void navigate('/analista')} />}
    </section>
  )
}

function RejectForm({ videoId, onDone }: { videoId: number; onDone: () => void }) {
  const [reason, setReason] = useState('')
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const { showToast } = useToast()
  const mutation = useMutation({
    mutationFn: (text: string) => reject(videoId, text),
    onSuccess: async () => {
      setAsking(false)
      showToast('Vídeo recusado: o jogador verá o motivo.', 'success')
      await queryClient.invalidateQueries({ queryKey: analystKeys.all })
      onDone()
    },
    onError: (e) => {
      setAsking(false)
      setError(errorMessage(e, 'Não foi possível recusar o vídeo.'))
    },
  })
  const parsed = AnalystRejectBody.safeParse({ reason })
  return (
    <div className="analyst-reject">
      <h3 className="analyst-form__title">Recusar vídeo</h3>
      <div className="field">
        <label className="field__label" htmlFor="reject-reason">
          Motivo (o jogador vai ler)
        </label>
        <textarea
          id="reject-reason"
          className="field__input analyst-reject__text"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <FormError message={error} />
      <Button
        variant="danger"
        onClick={() => {
          if (!parsed.success)
            return setError(parsed.error.issues[0]?.message ?? 'Explique o motivo.')
          setError(null)
          setAsking(true)
        }}
      >
        Recusar vídeo
      </Button>
      <ConfirmDialog
        open={asking}
        title="Recusar este vídeo?"
        message="O jogador verá o motivo e a análise do mês volta para a cota dele. Não dá para desfazer."
        confirmLabel="Recusar vídeo"
        busy={mutation.isPending}
        onConfirm={() => parsed.success && mutation.mutate(parsed.data.reason)}
        onCancel={() => setAsking(false)}
      />
    </div>
  )
}
