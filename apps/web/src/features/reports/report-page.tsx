import type { VideoReport } from '@areia/contracts/analysis'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../lib/api-error'
import { formatLongDate } from '../../lib/format'
import { MarkdownView } from '../../lib/markdown-view'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { fetchVideoReport, reportKeys } from './report-api'
import { gameLine } from './report-format'
import { FigureCards, Heatmap, PartnerComparison, Rallies, ZoneTimes } from './report-sections'

export const REPORT_NOT_READY = 'Relatório ainda não disponível'
export const REPORT_NOT_READY_LEAD =
  'A análise deste vídeo ainda não foi publicada. Avisaremos você assim que ela estiver pronta.'
export const REPORT_FAILED = 'Não foi possível carregar a análise. Tente novamente.'

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/** `/videos/:id`: the published analysis of one of the player's games. */
export function VideoReportPage() {
  const id = parseId(useParams().id)
  const report = useQuery({
    queryKey: reportKeys.video(id ?? 0),
    queryFn: ({ signal }) => fetchVideoReport(id ?? 0, signal),
    enabled: id !== null,
    // "Not published yet" and other refusals will not change by asking again at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    // Clip and heatmap links are signed for a short while: a later visit asks for fresh ones.
    staleTime: 60_000,
  })

  let content
  const notReady = id === null || (report.error instanceof ApiError && report.error.status === 404)
  if (notReady) content = <NotReady />
  else if (report.isPending) content = <Spinner label="Carregando a análise..." />
  else if (report.isError)
    content = (
      <div className="report-state">
        <p className="form-error" role="alert">
          {REPORT_FAILED}
        </p>
        <Button variant="secondary" onClick={() => void report.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  else content = <Report report={report.data} />

  return (
    <section className="page report" aria-labelledby="report-title">
      <Link className="report__back" to="/videos">
        <span aria-hidden="true">←</span> Meus Vídeos
      </Link>
      {content}
    </section>
  )
}

function NotReady() {
  return (
    <div className="card report-state">
      <h1 id="report-title" className="page__title">
        {REPORT_NOT_READY}
      </h1>
      <p className="page__lead">{REPORT_NOT_READY_LEAD}</p>
      <Link className="btn btn--primary" to="/videos">
        <span>Ver meus vídeos</span>
      </Link>
    </div>
  )
}

function Report({ report }: { report: VideoReport }) {
  const { player, partner, rallies } = report
  return (
    <>
      <header className="card report__head">
        <p className="eyebrow">Análise do jogo</p>
        <h1 id="report-title" className="page__title">
          {gameLine(report.game)}
        </h1>
        <p className="report__published">
          Publicada em{' '}
          <time dateTime={report.published_at}>{formatLongDate(report.published_at)}</time>
        </p>
      </header>

      <section className="card report__section" aria-labelledby="report-figures">
        <h2 id="report-figures" className="report__title">
          Seus números
        </h2>
        <FigureCards player={player} />
      </section>

      <div className="report__pair">
        <section className="card report__section" aria-labelledby="report-zones">
          <h2 id="report-zones" className="report__title">
            Onde você jogou
          </h2>
          <ZoneTimes player={player} partner={partner} />
          {partner ? (
            <>
              <h3 className="report__subtitle">Você e seu parceiro</h3>
              <PartnerComparison player={player} partner={partner} />
            </>
          ) : null}
        </section>
        <section className="card report__section" aria-labelledby="report-heatmap">
          <h2 id="report-heatmap" className="report__title">
            Mapa de calor
          </h2>
          <Heatmap player={player} />
        </section>
      </div>

      {report.markdown.trim() ? (
        <section className="card report__section" aria-labelledby="report-text">
          <h2 id="report-text" className="report__title">
            Comentários do analista
          </h2>
          <MarkdownView className="report__text" text={report.markdown} />
        </section>
      ) : null}

      <section className="card report__section" aria-labelledby="report-rallies">
        <h2 id="report-rallies" className="report__title">
          Lances
        </h2>
        <Rallies rallies={rallies} />
      </section>
    </>
  )
}
