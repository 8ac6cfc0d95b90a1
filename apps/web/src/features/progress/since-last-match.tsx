import { progressFigure, sinceLastMatch } from '@areia/contracts/progress'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { progressQueryOptions } from './progress-api'
import { deltaTone, formatDelta, formatValue, matchName } from './progress-format'

/**
 * "Desde o último jogo": in a match's report, each figure beside the same figure of the match
 * just before. Nothing at all for a first match, or while
 * the history cannot be read: the report stands without it.
 */
export function SinceLastMatch({ videoId }: { videoId: number }) {
  const progress = useQuery(progressQueryOptions())
  if (!progress.data) return null
  const { previous, changes } = sinceLastMatch(progress.data.matches, videoId)
  // Only what the match just before measured too: an older match is not "o último jogo".
  const compared = changes.filter(
    (c) => c.delta !== null && c.previous_video_id === previous?.video_id,
  )
  if (!previous || compared.length === 0) return null
  return (
    <section className="card since-last" aria-labelledby="since-last-title">
      <h2 id="since-last-title" className="report__title">
        Desde o último jogo
      </h2>
      <p className="since-last__lead">
        Comparado com o {matchName(previous).replace(/^Jogo/, 'jogo')}.{' '}
        <Link to="/evolucao">Ver minha evolução</Link>
      </p>
      <table className="since-last__table">
        <thead>
          <tr>
            <th scope="col">Número</th>
            <th scope="col">Este jogo</th>
            <th scope="col">Desde o último jogo</th>
          </tr>
        </thead>
        <tbody>
          {compared.map((c) => (
            <tr key={c.key}>
              <th scope="row">{progressFigure(c.key).label}</th>
              <td>
                {formatValue(c.key, c.current.value)}
                {c.current.won !== null && c.current.of !== null ? (
                  <span className="since-last__count">
                    {c.current.won} de {c.current.of}
                  </span>
                ) : null}
              </td>
              <td>
                <span className={`progress-delta progress-delta--${deltaTone(c)}`}>
                  {formatDelta(c.key, c.delta!)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
