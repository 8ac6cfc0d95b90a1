import type { Video, VideoStatus } from '@areia/contracts/videos'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { useAnalysisProgress, type AnalysisProgressEntry } from '../../lib/analysis-progress'
import { progressText, videoDeleted, type VideoUpload } from '../../lib/video-uploads'
import { InterruptedUploadActions, useRestoredVideoUploads } from '../../lib/video-uploads-resume'
import { deleteVideo, fetchMyVideos, videoKeys } from '../../lib/videos-api'
import {
  DELETE_CONFIRM,
  DELETE_FAILED,
  LIST_FAILED,
  NO_VIDEOS,
  SOURCE_LABEL,
  STAGE_LABEL,
  STATUS_LABEL,
} from './video-text'
import { OPEN_VIDEO_UPLOAD } from './upload-request'
import { useAnalysisFollow } from './use-analysis-follow'

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

/** Statuses after which nothing changes by itself: no reason to keep asking. */
const FINAL: readonly VideoStatus[] = ['READY', 'FAILED', 'CANCELLED']
/** Gentle: analysis takes minutes, and a hidden page does not poll at all. */
export const VIDEOS_POLL_MS = 15_000

export function videosPollInterval(videos: readonly Video[] | undefined): number | false {
  return videos?.some((v) => !FINAL.includes(v.status)) ? VIDEOS_POLL_MS : false
}

/** `/videos` (SPEC §2 "My videos"): each video with its date, status and `Excluir`. */
export function VideosPage() {
  const queryClient = useQueryClient()
  // One retry: a dropped request gets a second chance, a real outage shows its message soon.
  // Polls while some video may still change (refetchIntervalInBackground stays off).
  const videos = useQuery({
    queryKey: videoKeys.mine,
    queryFn: ({ signal }) => fetchMyVideos(signal),
    retry: 1,
    refetchInterval: (query) => videosPollInterval(query.state.data),
  })
  useAnalysisFollow(videos.data)
  const uploads = useRestoredVideoUploads()
  // An upload of this tab finished: its video left UPLOADING, show it now rather than later.
  const finished = uploads
    .filter((u) => u.phase === 'done')
    .map((u) => u.key)
    .join()
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: videoKeys.mine })
  }, [finished, queryClient])
  let content
  if (videos.isPending) content = <Spinner label="Carregando seus vídeos..." />
  else if (videos.isError)
    content = (
      <p className="form-error" role="alert">
        {LIST_FAILED}
      </p>
    )
  else if (videos.data.length === 0)
    content = (
      <div className="videos__empty">
        <span className="videos__empty-icon" aria-hidden="true">
          <Icon name="video" size={32} />
        </span>
        <p className="page__lead">{NO_VIDEOS}</p>
        <Link className="btn btn--primary" to="/chat" state={OPEN_VIDEO_UPLOAD}>
          <span>Enviar um vídeo pelo chat</span>
        </Link>
      </div>
    )
  else content = <VideoList videos={videos.data} uploads={uploads} />

  return (
    <section className="page videos" aria-labelledby="videos-title">
      <div className="card">
        <h1 id="videos-title" className="page__title">
          Meus Vídeos
        </h1>
        {content}
      </div>
    </section>
  )
}

function VideoList({ videos, uploads }: { videos: Video[]; uploads: VideoUpload[] }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlert()
  const progress = useAnalysisProgress()
  const [confirming, setConfirming] = useState<Video | null>(null)
  const [busy, setBusy] = useState(false)

  const remove = async () => {
    if (!confirming) return
    setBusy(true)
    try {
      await deleteVideo(confirming.id)
      videoDeleted(confirming.id)
      queryClient.setQueryData<Video[]>(videoKeys.mine, (list) =>
        list?.filter((v) => v.id !== confirming.id),
      )
      setConfirming(null)
    } catch {
      setConfirming(null)
      await showAlert(DELETE_FAILED, 'Não foi possível excluir')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <ul className="videos__list">
        {videos.map((video, index) => (
          <li key={video.id} className="video-row">
            <div className="video-row__main">
              <p className="video-row__title">Jogo {videos.length - index}</p>
              <p className="video-row__meta">
                Enviado em{' '}
                <time dateTime={video.upload_timestamp}>
                  {formatUploadDate(video.upload_timestamp)}
                </time>{' '}
                · {SOURCE_LABEL[video.source]}
              </p>
              <p className={`status-pill status-pill--${video.status.toLowerCase()}`}>
                {STATUS_LABEL[video.status]}
              </p>
              {video.status === 'FAILED' && video.failure_reason ? (
                <p className="video-row__reason">{video.failure_reason}</p>
              ) : null}
              {video.status === 'UPLOADING' ? (
                <RowUpload upload={uploads.find((u) => u.videoId === video.id)} />
              ) : null}
              {video.status === 'ANALYZING' || video.status === 'QUEUED' ? (
                <RowAnalysis progress={progress.get(video.id)} />
              ) : null}
            </div>
            {video.status === 'READY' ? (
              <Link className="btn btn--primary video-row__open" to={`/videos/${video.id}`}>
                <span>Ver análise</span>
              </Link>
            ) : null}
            <Button
              variant="ghost"
              className="video-row__delete"
              icon={<Icon name="trash" size={18} />}
              onClick={() => setConfirming(video)}
              aria-label={`Excluir vídeo enviado em ${formatUploadDate(video.upload_timestamp)}`}
            >
              Excluir
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Excluir vídeo"
        message={DELETE_CONFIRM}
        confirmLabel="Excluir"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}

/** A video being analysed: its stage and percent, as the last `analysis_progress` said. */
function RowAnalysis({ progress }: { progress: AnalysisProgressEntry | undefined }) {
  if (!progress || progress.stage === 'QUEUED') return null
  const label = STAGE_LABEL[progress.stage]
  return (
    <div className="video-row__analysis">
      <div
        className="progress"
        role="progressbar"
        aria-label="Progresso da análise"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${label}: ${progress.percent}%`}
      >
        <span className="progress__bar" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="video-row__meta" aria-live="polite">
        {label} · {progress.percent}%
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
