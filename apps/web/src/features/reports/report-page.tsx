import { useEffect, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'react-router'
import { ApiError, errorCode } from '../../lib/api-error'
import { keepReportPage } from '../../lib/saved-reports'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { fetchVideoReport, reportKeys } from './report-api'
import { useAuth } from '../../lib/auth/auth-context'
import { PrintButton } from './print-button'
import { ReportView } from './report-view'
import { SharePanel } from './share-panel'

export const REPORT_NOT_READY = 'Relatório ainda não disponível'
export const REPORT_NOT_READY_LEAD =
  'A análise deste vídeo ainda não foi publicada. Avisaremos você assim que ela estiver pronta.'
export const REPORT_FAILED = 'Não foi possível carregar a análise. Tente novamente.'

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/**
 * `/videos/:id`: the published analysis of one of the player's games; `comparison` draws what
 * changed since the match before (composed in by the app: features do not import each other).
 */
export function VideoReportPage({
  comparison,
}: { comparison?: (videoId: number) => ReactNode } = {}) {
  const id = parseId(useParams().id)
  const { user } = useAuth()
  const report = useQuery({
    queryKey: reportKeys.video(id ?? 0),
    queryFn: ({ signal }) => fetchVideoReport(id ?? 0, signal),
    enabled: id !== null,
    // "Not published yet" and other refusals will not change by asking again at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    // Clip and heatmap links are signed for a short while: a later visit asks for fresh ones.
    staleTime: 60_000,
  })

  const loaded = report.isSuccess
  useEffect(() => {
    if (loaded && id !== null) keepReportPage(`/videos/${id}`)
  }, [loaded, id])

  // A coach's link to one figure ("/videos/12#report-zones") lands on that section once the
  // report is on the screen: the browser's own jump happens before the page has it.
  const { hash } = useLocation()
  useEffect(() => {
    if (!loaded || !/^#report-[a-z-]+$/.test(hash)) return
    document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' })
  }, [loaded, hash])

  let content
  const notReady = id === null || errorCode(report.error) === 'not_found'
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
  else
    content = (
      <ReportView
        report={report.data}
        markdown={report.data.markdown}
        voice={{ kind: 'own', gender: user?.profile.gender ?? null }}
        comparison={comparison?.(report.data.video_id)}
        actions={
          <>
            <SharePanel videoId={report.data.video_id} hasPartner={report.data.partner !== null} />
            <PrintButton />
          </>
        }
      />
    )

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
