import type { Video } from '@areia/contracts/videos'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import type { AnalysisProgressEntry } from '../../lib/analysis-progress'
import { progressText, type VideoUpload } from '../../lib/video-uploads'
import { InterruptedUploadActions } from '../../lib/video-uploads-resume'
import { OPEN_VIDEO_UPLOAD } from './upload-request'
import {
  ALLOWANCE_RETURNED,
  dueText,
  gameText,
  NEEDS_ANALYST_HINT,
  NO_GAME_INFO,
  SEND_ANOTHER,
  SOURCE_LABEL,
  STAGE_LABEL,
  STATUS_HINT,
  STATUS_LABEL,
} from './video-text'

// Upload moments are shown in São Paulo time, whatever the device's zone.
const uploadDate = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
})

/** "23 de novembro de 2026, 14:05" (pt-BR puts "às" in some engines: kept as it comes). */
export function formatUploadDate(iso: string): string {
  return uploadDate.format(new Date(iso))
}

/** Seconds of validity a newer signed URL must add before the picture switches to it. */
const RENEW_AFTER_SECONDS = 10 * 60

function expiresOf(url: string): number {
  return Number(new URL(url, 'http://x').searchParams.get('expires') ?? 0)
}

/**
 * Signed URLs change with every refresh of the list: the picture keeps the one it has (so a
 * poll does not load it again) until a newer one lasts noticeably longer or names another file.
 */
/** The URL to show: the one held, unless the new one lasts noticeably longer or is another file. */
export function steadyUrl(held: string | null, url: string | null): string | null {
  if (url === null || held === null) return url
  const same =
    new URL(url, 'http://x').pathname === new URL(held, 'http://x').pathname &&
    expiresOf(url) - expiresOf(held) < RENEW_AFTER_SECONDS
  return same ? held : url
}

function useSteadyUrl(url: string | null): string | null {
  const [held, setHeld] = useState(url)
  const shown = steadyUrl(held, url)
  if (shown !== held) setHeld(shown)
  return shown
}

type CardProps = {
  video: Video
  title: string
  upload: VideoUpload | undefined
  progress: AnalysisProgressEntry | undefined
  onDelete: () => void
}

/** One match in Meus Vídeos: its picture and file, the game, and where its analysis stands. */
export function VideoCard({ video, title, upload, progress, onDelete }: CardProps) {
  const [playing, setPlaying] = useState<string | null>(null)
  const thumbnail = useSteadyUrl(video.thumbnail_url)
  const game = gameText(video)
  const accepted = video.status !== 'UPLOADING' && video.status !== 'FAILED'
  const hint = video.needs_analyst ? NEEDS_ANALYST_HINT : STATUS_HINT[video.status]
  const uploaded = formatUploadDate(video.upload_timestamp)
  return (
    <li className="video-row">
      <Thumbnail
        src={thumbnail}
        title={title}
        onPlay={video.video_url ? () => setPlaying(video.video_url) : null}
      />
      <div className="video-row__main">
        <p className="video-row__title">{title}</p>
        {accepted ? <p className="video-row__game">{game ?? NO_GAME_INFO}</p> : null}
        <p className="video-row__meta">
          Enviado em <time dateTime={video.upload_timestamp}>{uploaded}</time> ·{' '}
          {SOURCE_LABEL[video.source]}
        </p>
        <p className={`status-pill status-pill--${video.status.toLowerCase()}`}>
          {STATUS_LABEL[video.status]}
        </p>
        {hint ? <p className="video-row__hint">{hint}</p> : null}
        {video.status === 'ANALYZING' ? (
          <RowAnalysis progress={progress} percent={video.analysis_percent} />
        ) : null}
        {video.due_at ? (
          <p className="video-row__due">{dueText(video.due_at, new Date(), video.needs_analyst)}</p>
        ) : null}
        {video.status === 'FAILED' ? <Refusal video={video} /> : null}
        {video.status === 'UPLOADING' ? <RowUpload upload={upload} /> : null}
        <div className="video-row__actions">
          {video.status === 'READY' ? (
            <Link className="btn btn--primary video-row__open" to={`/videos/${video.id}`}>
              <span>Ver relatório</span>
            </Link>
          ) : null}
          {video.status === 'FAILED' ? (
            <Link className="btn btn--secondary" to="/chat" state={OPEN_VIDEO_UPLOAD}>
              <span>Enviar outro vídeo</span>
            </Link>
          ) : null}
          <Button
            variant="ghost"
            className="video-row__delete"
            icon={<Icon name="trash" size={18} />}
            onClick={onDelete}
            aria-label={`Excluir vídeo enviado em ${uploaded}`}
          >
            Excluir
          </Button>
        </div>
      </div>
      <Modal open={playing !== null} title={`Vídeo: ${title}`} onClose={() => setPlaying(null)}>
        {playing ? (
          <video className="video-player" src={playing} controls autoPlay playsInline />
        ) : null}
        <div className="video-player__actions">
          <Button variant="secondary" onClick={() => setPlaying(null)}>
            Fechar
          </Button>
        </div>
      </Modal>
    </li>
  )
}

function Thumbnail({
  src,
  title,
  onPlay,
}: {
  src: string | null
  title: string
  onPlay: (() => void) | null
}) {
  // Without a picture yet, the play sign alone marks a video that can be watched.
  const picture = src ? (
    <img className="video-thumb__img" src={src} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className="video-thumb__empty">{onPlay ? null : <Icon name="video" size={28} />}</span>
  )
  if (!onPlay) {
    return (
      <div className={`video-thumb${src ? '' : ' video-thumb--none'}`} aria-hidden="true">
        {picture}
      </div>
    )
  }
  return (
    <button
      type="button"
      className="video-thumb video-thumb--play"
      onClick={onPlay}
      aria-label={`Assistir ao vídeo: ${title}`}
    >
      {picture}
      <span className="video-thumb__play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
          <path d="M8 5.5v13l10.5-6.5z" />
        </svg>
      </span>
    </button>
  )
}

/** Why the video was refused and what the player can do now. */
function Refusal({ video }: { video: Video }) {
  return (
    <div className="video-row__refusal">
      {video.failure_reason ? <p className="video-row__reason">{video.failure_reason}</p> : null}
      <p className="video-row__hint">
        {SEND_ANOTHER}
        {video.allowance_returned ? ` ${ALLOWANCE_RETURNED}` : ''}
      </p>
    </div>
  )
}

/**
 * A video the computer vision is reading: the last `analysis_progress` of the socket, or the
 * percent the list brought when none came yet.
 */
function RowAnalysis({
  progress,
  percent,
}: {
  progress: AnalysisProgressEntry | undefined
  percent: number | null
}) {
  const live = progress && progress.stage !== 'QUEUED' ? progress : null
  const value = live?.percent ?? percent
  if (value === null) return null
  const text = live ? `${STAGE_LABEL[live.stage]} · ${value}%` : `${value}% concluído`
  return (
    <div className="video-row__analysis">
      <div
        className="progress"
        role="progressbar"
        aria-label="Progresso da análise"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <span className="progress__bar" style={{ width: `${value}%` }} />
      </div>
      <p className="video-row__meta" aria-live="polite">
        {text}
      </p>
    </div>
  )
}

/** A video still uploading: its progress here, or how to resume it after a reload. */
function RowUpload({ upload }: { upload: VideoUpload | undefined }) {
  if (!upload || upload.phase === 'done') return null
  if (upload.phase === 'interrupted')
    return (
      <div className="video-row__upload">
        <InterruptedUploadActions upload={upload} />
      </div>
    )
  if (upload.phase === 'failed')
    return (
      <p className="video-row__reason" role="alert">
        {upload.error}
      </p>
    )
  return <p className="video-row__meta">{progressText(upload)}</p>
}
