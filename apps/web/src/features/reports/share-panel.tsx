import type { ReportCardQuery } from '@areia/contracts/report-share'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { ApiError } from '../../lib/api-error'
import { formatLongDate } from '../../lib/format'
import { saveFile } from '../../lib/save-file'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import {
  createReportShare,
  fetchReportCard,
  fetchReportShare,
  reportKeys,
  revokeReportShare,
} from './report-api'

const SHARE_FAILED = 'Não foi possível criar o link. Tente novamente.'
const REVOKE_FAILED = 'Não foi possível desativar o link. Tente novamente.'
export const CARD_FAILED = 'Não foi possível preparar a imagem. Tente novamente.'
export const SHARE_TITLE = 'Minha análise no Areia'
export const SHARE_TEXT = 'Olha a análise do meu jogo de beach tennis no Areia.'

type CardFormat = NonNullable<ReportCardQuery['format']>
const FORMATS: Array<{ format: CardFormat; label: string; hint: string }> = [
  { format: 'story', label: 'Story', hint: '1080 × 1920, para stories do Instagram e WhatsApp' },
  { format: 'square', label: 'Quadrado', hint: '1080 × 1080, para o feed e conversas' },
]

/** Whether this browser's share sheet takes files (a phone's usually does). */
function canShareFiles(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })
}

/** The share sheet was closed without choosing: not an error to show. */
const dismissed = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * "Compartilhar": the phone's share sheet (the Web Share API) with a link anyone can open without
 * an account, or an image of the match to post; where there is no share sheet, the link is copied
 * and the image downloaded. The link shows the match, the player's first name, their own numbers
 * and the clips of their points, the partner's only when the player ticks it; the player can turn
 * it off at any time.
 */
export function SharePanel({ videoId, hasPartner }: { videoId: number; hasPartner: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Compartilhar
      </Button>
      <Modal
        open={open}
        title="Compartilhar a análise"
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Fechar
          </Button>
        }
      >
        {open ? (
          <>
            <CardShare videoId={videoId} />
            <LinkShare videoId={videoId} hasPartner={hasPartner} />
          </>
        ) : null}
      </Modal>
    </>
  )
}

function CardShare({ videoId }: { videoId: number }) {
  const [format, setFormat] = useState<CardFormat>('story')
  const [problem, setProblem] = useState<string | null>(null)
  const card = useQuery({
    queryKey: reportKeys.card(videoId, format),
    queryFn: ({ signal }) => fetchReportCard(videoId, format, signal),
    staleTime: 5 * 60_000,
  })
  const preview = useMemo(() => (card.data ? URL.createObjectURL(card.data) : null), [card.data])
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  const file = card.data
    ? new File([card.data], `areia-jogo-${videoId}-${format}.png`, { type: 'image/png' })
    : null
  const sheet = file !== null && canShareFiles(file)

  async function send() {
    if (!file) return
    setProblem(null)
    if (!sheet) return saveFile(file, file.name)
    try {
      await navigator.share({ files: [file], title: SHARE_TITLE, text: SHARE_TEXT })
    } catch (error) {
      if (!dismissed(error)) saveFile(file, file.name)
    }
  }

  return (
    <section className="share__section" aria-labelledby="share-card-title">
      <h3 id="share-card-title" className="share__title">
        Imagem do jogo
      </h3>
      <p className="share__hint">
        O resultado, três destaques e o seu mapa de calor, com o seu primeiro nome.
      </p>
      <div className="share__formats" role="radiogroup" aria-label="Formato da imagem">
        {FORMATS.map((f) => (
          <label key={f.format} className="share__format">
            <input
              type="radio"
              name="card-format"
              checked={format === f.format}
              onChange={() => setFormat(f.format)}
            />
            <span>
              <strong>{f.label}</strong> <span className="share__format-hint">{f.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <div className={`share__preview share__preview--${format}`}>
        {preview ? (
          <img
            src={preview}
            alt={`Imagem do jogo no formato ${format === 'story' ? 'story' : 'quadrado'}`}
          />
        ) : card.isError ? null : (
          <p className="share__hint" role="status">
            Preparando a imagem...
          </p>
        )}
      </div>
      {card.isError || problem ? (
        <p className="form-error" role="alert">
          {problem ?? CARD_FAILED}
        </p>
      ) : null}
      <div className="share__actions">
        <Button onClick={() => void send()} disabled={!file}>
          {sheet ? 'Compartilhar imagem' : 'Baixar imagem'}
        </Button>
      </div>
    </section>
  )
}

function LinkShare({ videoId, hasPartner }: { videoId: number; hasPartner: boolean }) {
  const [url, setUrl] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [withPartner, setWithPartner] = useState(false)
  const client = useQueryClient()
  const status = useQuery({
    queryKey: reportKeys.share(videoId),
    queryFn: ({ signal }) => fetchReportShare(videoId, signal),
  })
  const create = useMutation({
    mutationFn: () => createReportShare(videoId, hasPartner && withPartner),
    onSuccess: (share) => {
      client.setQueryData(reportKeys.share(videoId), {
        created_at: share.created_at,
        include_partner: share.include_partner,
      })
    },
  })
  const revoke = useMutation({
    mutationFn: () => revokeReportShare(videoId),
    onSuccess: () => {
      setUrl(null)
      client.setQueryData(reportKeys.share(videoId), { created_at: null, include_partner: false })
    },
  })
  const since = status.data?.created_at ?? null
  const sharesPartner = status.data?.include_partner ?? false
  const error = create.isError ? SHARE_FAILED : revoke.isError ? REVOKE_FAILED : null

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  /** The share sheet with the link (made first if there is none); without one, the link is copied. */
  async function share() {
    setCopied(false)
    let link = url
    if (!link) {
      const made = await create.mutateAsync().catch(() => null)
      if (!made) return
      link = new URL(made.url, window.location.origin).href
      setUrl(link)
    }
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: SHARE_TITLE, text: SHARE_TEXT, url: link })
        return
      } catch (e) {
        if (dismissed(e)) return
      }
    }
    await copy(link)
  }

  return (
    <section className="share__section" aria-labelledby="share-link-title">
      <h3 id="share-link-title" className="share__title">
        Link da análise
      </h3>
      <p className="share__hint">
        Quem tiver o link vê a análise deste jogo sem precisar de conta. Aparecem o seu primeiro
        nome, o placar, os seus números e os vídeos dos pontos que você terminou: nada de e-mail nem
        dos comentários do analista.
      </p>
      {url ? (
        <div className="share__link">
          <label className="field__label" htmlFor="share-url">
            Endereço do link
          </label>
          <input
            id="share-url"
            className="field__input"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : since ? (
        <p className="share__status">
          Há um link ativo desde {formatLongDate(since)}
          {sharesPartner ? ', com os números do seu parceiro' : ''}. Compartilhar de novo cria um
          novo link, e o anterior deixa de funcionar.
        </p>
      ) : null}
      {!url && hasPartner ? (
        <label className="share__check">
          <input
            type="checkbox"
            checked={withPartner}
            onChange={(e) => setWithPartner(e.target.checked)}
          />
          Mostrar também os números e os pontos do meu parceiro
        </label>
      ) : null}
      {copied ? (
        <p className="share__status" role="status">
          Link copiado: cole onde quiser.
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {status.error instanceof ApiError && status.error.code !== 'not_found' ? (
        <p className="form-error" role="alert">
          Não foi possível ver se a análise já tem um link.
        </p>
      ) : null}
      <div className="share__actions">
        <Button onClick={() => void share()} disabled={create.isPending}>
          Compartilhar link
        </Button>
        {url ? (
          <Button variant="secondary" onClick={() => void copy(url)}>
            Copiar link
          </Button>
        ) : null}
        {url || since ? (
          <Button variant="secondary" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            Desativar link
          </Button>
        ) : null}
      </div>
      {revoke.isSuccess && !url && !since ? (
        <p className="share__status" role="status">
          Link desativado: quem tentar abri-lo verá que a análise não está mais disponível.
        </p>
      ) : null}
    </section>
  )
}
