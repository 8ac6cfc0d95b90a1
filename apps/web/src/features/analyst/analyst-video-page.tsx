import type { AnalystVideo } from '@areia/contracts/analysis'
import { capitalize, resultInWords } from '@areia/contracts/game-result'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { formatDate } from '../../lib/format'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { FormError } from '../../ui/text-field'
import { analystKeys, rerun, videoQuery } from './analyst-api'
import { useAnalysisLive } from './use-analysis-live'
import { isRunning } from './analyst-rules'
import { AnalysisState, Badge, formatDateTime, StaffOnly } from './analyst-ui'
import { CornersEditor } from './corners-editor'
import { IdentityPanel } from './identity-panel'
import { MetricsPanel } from './metrics-panel'
import { OverlayVideo } from './overlay-video'
import { ReportEditor } from './report-editor'
import { TaggingPanel } from './tagging-panel'

// A bare date is read at noon so the São Paulo day is the one the player typed.
const formatGameDate = (date: string) =>
  formatDate(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date)

/** `/analista/:id`: one video, from court corners to the published report. */
export function AnalystVideoPage() {
  return (
    <StaffOnly>
      <VideoScreen />
    </StaffOnly>
  )
}

function VideoScreen() {
  const raw = useParams().id ?? ''
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null
  const query = useQuery({ ...videoQuery(id ?? 0), enabled: id !== null })
  useAnalysisLive()
  return (
    <section className="page analyst" aria-labelledby="analyst-title">
      <Link className="analyst__back" to="/analista">
        ← Fila de análises
      </Link>
      {id === null ? (
        <p className="form-error" role="alert">
          Vídeo não encontrado.
        </p>
      ) : query.isPending ? (
        <Spinner label="Carregando o vídeo..." />
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error, 'Não foi possível carregar o vídeo.')}
        </p>
      ) : (
        <Workspace video={query.data} />
      )}
    </section>
  )
}

function Workspace({ video }: { video: AnalystVideo }) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const [currentTime, setCurrentTime] = useState(0)
  // Publishing refused for want of the customer: the message stands by the field that fixes it.
  const [playerProblem, setPlayerProblem] = useState<string | null>(null)
  const seek = useCallback((t: number) => {
    const element = videoRef.current
    if (!element) return
    element.currentTime = t
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    element.focus()
  }, [])
  const { game } = video
  const result = resultInWords(game.outcome, game.score)
  const gameLine = [
    game.date
      ? `Jogo de ${formatGameDate(game.date)}`
      : game.week
        ? `Jogo da semana de ${formatGameDate(game.week)}`
        : null,
    result ? capitalize(result) : null,
  ].filter(Boolean)
  return (
    <>
      <header className="analyst__head">
        <p className="eyebrow">Análise do vídeo {video.video_id}</p>
        <h1 id="analyst-title" className="page__title">
          {video.player_name}
        </h1>
        <p className="analyst__meta">
          <Badge tone={video.human_commentary ? 'sun' : 'sea'}>
            {video.plan_name ?? 'Sem plano'} ·{' '}
            {video.human_commentary ? 'comentário do analista' : 'relatório calculado'}
          </Badge>
          {video.overdue ? <Badge tone="danger">Atrasado</Badge> : null}
          <AnalysisState stage={video.stage} percent={video.percent} problem={video.problem} />
        </p>
        <p className="analyst__meta analyst__meta--muted">
          Enviado {formatDateTime(video.uploaded_at)} · Prometido{' '}
          {formatDateTime(video.promised_at)}
          {gameLine.length > 0 ? ` · ${gameLine.join(' · ')}` : ''}
        </p>
      </header>
      {video.problem || video.stage === 'FAILED' ? <Problem video={video} /> : null}
      <div className="analyst-grid">
        <OverlayVideo video={video} videoRef={videoRef} onTime={setCurrentTime} />
        <CornersEditor video={video} />
        <IdentityPanel video={video} currentTime={currentTime} playerProblem={playerProblem} />
        <MetricsPanel video={video} onSeek={seek} />
        {video.rallies ? <TaggingPanel video={video} /> : null}
        <ReportEditor video={video} onPlayerMissing={setPlayerProblem} />
      </div>
    </>
  )
}

/** Why the pipeline gave up, and a way to run it again (the analyst may also refuse the video). */
function Problem({ video }: { video: AnalystVideo }) {
  const [error, setError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: () => rerun(video.video_id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analystKeys.all }),
    onError: (e) => setError(errorMessage(e, 'Não foi possível analisar de novo.')),
  })
  return (
    <div className="analyst-problem" role="note" aria-labelledby="problem-title">
      <h2 id="problem-title" className="analyst-problem__title">
        {video.stage === 'FAILED' ? 'A análise falhou' : 'Não foi possível analisar este vídeo'}
      </h2>
      <p>{video.problem ?? 'A análise parou depois de todas as tentativas.'}</p>
      <p className="analyst-card__hint">
        Corrija os cantos da quadra, rode a análise de novo ou recuse o vídeo explicando o motivo ao
        jogador.
      </p>
      <FormError message={error} />
      <Button
        variant="secondary"
        busy={mutation.isPending}
        disabled={isRunning(video.stage)}
        onClick={() => {
          setError(null)
          mutation.mutate()
        }}
      >
        Analisar de novo
      </Button>
    </div>
  )
}
