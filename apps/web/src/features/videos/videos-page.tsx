import type { Video, VideoStatus } from '@areia/contracts/videos'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useAlert } from '../../ui/alert-dialog'
import { Icon } from '../../ui/icons'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { FormError } from '../../ui/text-field'
import { useAnalysisProgress } from '../../lib/analysis-progress'
import { videoDeleted, type VideoUpload } from '../../lib/video-uploads'
import { useRestoredVideoUploads } from '../../lib/video-uploads-resume'
import { deleteVideo, fetchMyVideos, videoKeys } from '../../lib/videos-api'
import { DELETE_CONFIRM, DELETE_FAILED, EXAMPLE_REPORT, LIST_FAILED, NO_VIDEOS } from './video-text'
import { OPEN_VIDEO_UPLOAD } from './upload-request'
import { useAnalysisFollow } from './use-analysis-follow'
import { VideoCard } from './video-card'

/** Statuses after which nothing changes by itself: no reason to keep asking. */
const FINAL: readonly VideoStatus[] = ['READY', 'FAILED', 'CANCELLED']
/** Gentle: analysis takes minutes, and a hidden page does not poll at all. */
export const VIDEOS_POLL_MS = 15_000

export function videosPollInterval(videos: readonly Video[] | undefined): number | false {
  return videos?.some((v) => !FINAL.includes(v.status)) ? VIDEOS_POLL_MS : false
}

/** `/videos`, "Meus Vídeos": each video with its date, status and `Excluir`. */
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
  else if (videos.isError) content = <FormError message={LIST_FAILED} />
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
        <Link className="videos__example" to="/relatorio/exemplo">
          {EXAMPLE_REPORT}
        </Link>
      </div>
    )
  else content = <VideoList videos={videos.data} uploads={uploads} />

  return (
    <section className="page videos" aria-labelledby="videos-title">
      <div className="card">
        <div className="videos__head">
          <h1 id="videos-title" className="page__title">
            Meus Vídeos
          </h1>
          <Link className="videos__progress" to="/evolucao">
            Minha evolução <span aria-hidden="true">→</span>
          </Link>
        </div>
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
          <VideoCard
            key={video.id}
            video={video}
            title={`Jogo ${videos.length - index}`}
            upload={uploads.find((u) => u.videoId === video.id)}
            progress={progress.get(video.id)}
            onDelete={() => setConfirming(video)}
          />
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
