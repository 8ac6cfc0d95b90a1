import { SharedReport } from '@areia/contracts/report-share'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { PublicReportLayout } from './public-report-layout'
import { ReportView } from './report-view'

/** Shipped with the app: made from a generated match the vision pipeline analysed, tagged by hand. */
export const EXAMPLE_REPORT_URL = '/exemplo/relatorio.json'

export const EXAMPLE_NOTE =
  'Este é um relatório de exemplo, feito a partir de uma partida gerada por computador. Os números mostram como fica a análise do seu jogo.'

function fetchExample(signal: AbortSignal) {
  return apiRequest(EXAMPLE_REPORT_URL, { schema: SharedReport, signal, auth: false })
}

/** `/relatorio/exemplo`: what a report looks like, for a visitor or a player without a plan. */
export function ExampleReportPage() {
  const example = useQuery({
    queryKey: ['example-report'],
    queryFn: ({ signal }) => fetchExample(signal),
    staleTime: Infinity,
  })
  let content
  if (example.isPending) content = <Spinner label="Carregando o exemplo..." />
  else if (example.isError)
    content = (
      <div className="report-state">
        <p className="form-error" role="alert">
          Não foi possível carregar o exemplo. Tente novamente.
        </p>
        <Button variant="secondary" onClick={() => void example.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  else
    content = (
      <>
        <p className="card report__note example-note" role="note">
          <span className="example-badge">Exemplo</span> {EXAMPLE_NOTE}
        </p>
        <ReportView
          report={example.data}
          voice={{ kind: 'third', name: example.data.first_name ?? 'Jogador(a)' }}
          eyebrow="Exemplo de análise"
          noClipsNote="No exemplo os pontos não têm vídeo. Na análise do seu jogo, cada número abre os clipes dos pontos por trás dele."
        />
      </>
    )
  return <PublicReportLayout>{content}</PublicReportLayout>
}
