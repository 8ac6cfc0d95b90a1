import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ApiError, errorCode } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { PrintButton } from './print-button'
import { PublicReportLayout } from './public-report-layout'
import { fetchSharedReport, reportKeys } from './report-api'
import { ReportView } from './report-view'

export const SHARED_GONE = 'Esta análise não está mais disponível'
export const SHARED_GONE_LEAD =
  'O link pode ter sido desativado por quem o compartilhou, ou o endereço está incompleto.'

/** `/r/:token`: a report someone shared, read without an account. */
export function SharedReportPage() {
  const token = useParams().token ?? ''
  const valid = /^[A-Za-z0-9_-]{43}$/.test(token)
  const report = useQuery({
    queryKey: reportKeys.shared(token),
    queryFn: ({ signal }) => fetchSharedReport(token, signal),
    enabled: valid,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 60_000,
  })

  let content
  if (!valid || errorCode(report.error) === 'not_found') {
    content = (
      <div className="card report-state">
        <h1 id="report-title" className="page__title">
          {SHARED_GONE}
        </h1>
        <p className="page__lead">{SHARED_GONE_LEAD}</p>
      </div>
    )
  } else if (report.isPending) content = <Spinner label="Carregando a análise..." />
  else if (report.isError)
    content = (
      <div className="report-state">
        <p className="form-error" role="alert">
          Não foi possível carregar a análise. Tente novamente.
        </p>
        <Button variant="secondary" onClick={() => void report.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  else {
    const name = report.data.first_name ?? 'Jogador(a)'
    content = (
      <ReportView
        report={report.data}
        voice={{ kind: 'third', name }}
        eyebrow={`Análise do jogo de ${name}`}
        actions={<PrintButton />}
      />
    )
  }
  return <PublicReportLayout>{content}</PublicReportLayout>
}
