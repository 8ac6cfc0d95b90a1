import { PROGRESS_FIGURES, type ProgressMatch } from '@areia/contracts/progress'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { EXAMPLE_MATCHES } from './example-progress'
import { FigureChart } from './figure-chart'
import { GoalCard } from './goal-card'
import { progressQueryOptions } from './progress-api'

export const PROGRESS_TITLE = 'Minha evolução'
export const PROGRESS_FAILED = 'Não foi possível carregar sua evolução. Tente novamente.'
export const NO_MATCHES_LEAD =
  'Aqui você acompanha seus números jogo a jogo. Quando o seu primeiro jogo for analisado, ele aparece aqui; veja como fica com três jogos de exemplo:'
export const ONE_MATCH_NOTE =
  'Este é o seu primeiro jogo analisado. A partir do segundo, cada número mostra quanto mudou desde o último jogo e qual é o seu melhor.'
export const MANY_MATCHES_LEAD =
  'Cada ponto é um jogo seu: toque nele para abrir o relatório. Jogos sem marcação ponto a ponto ficam em branco nos números que dependem dela.'
export const NEVER_MEASURED = 'Ainda sem medição nos seus jogos:'

const ownReport = (m: ProgressMatch) => `/videos/${m.video_id}`
const exampleReport = () => '/relatorio/exemplo'

/** The charts of every figure some match measured; the others named once, below. */
function Figures({
  matches,
  reportPath,
}: {
  matches: readonly ProgressMatch[]
  reportPath: (m: ProgressMatch) => string
}) {
  const measured = PROGRESS_FIGURES.filter((f) => matches.some((m) => m.figures[f.key] !== null))
  const never = PROGRESS_FIGURES.filter((f) => !measured.includes(f))
  return (
    <>
      <div className="evolution__grid">
        {measured.map((info) => (
          <FigureChart key={info.key} info={info} matches={matches} reportPath={reportPath} />
        ))}
      </div>
      {never.length > 0 ? (
        <p className="card evolution__never" role="note">
          {NEVER_MEASURED} {never.map((f) => f.label).join(', ')}. Eles aparecem quando um jogo
          tiver a marcação ponto a ponto do analista.
        </p>
      ) : null}
    </>
  )
}

/** `/evolucao`: the player's figures over their analysed matches. */
export function ProgressPage() {
  const progress = useQuery(progressQueryOptions())
  let content
  if (progress.isPending) content = <Spinner label="Carregando sua evolução..." />
  else if (progress.isError)
    content = (
      <div className="card report-state">
        <p className="form-error" role="alert">
          {PROGRESS_FAILED}
        </p>
        <Button variant="secondary" onClick={() => void progress.refetch()}>
          Tentar novamente
        </Button>
      </div>
    )
  else {
    const { matches } = progress.data
    if (matches.length === 0)
      content = (
        <>
          <div className="card evolution__intro">
            <p className="page__lead">{NO_MATCHES_LEAD}</p>
            <Link className="btn btn--primary" to="/chat">
              <span>Enviar um vídeo pelo chat</span>
            </Link>
          </div>
          <p className="evolution__example-title">
            <span className="example-badge">Exemplo</span> Três jogos de um jogador fictício
          </p>
          <Figures matches={EXAMPLE_MATCHES} reportPath={exampleReport} />
        </>
      )
    else
      content = (
        <>
          <p className="card evolution__intro page__lead">
            {matches.length === 1 ? ONE_MATCH_NOTE : MANY_MATCHES_LEAD}
          </p>
          {progress.data.goal ? <GoalCard goal={progress.data.goal} matches={matches} /> : null}
          <Figures matches={matches} reportPath={ownReport} />
        </>
      )
  }
  return (
    <section className="page evolution" aria-labelledby="progress-title">
      <h1 id="progress-title" className="page__title">
        {PROGRESS_TITLE}
      </h1>
      {content}
    </section>
  )
}
