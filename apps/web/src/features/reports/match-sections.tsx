import type { MatchStats, StatFigure } from '@areia/contracts/match'
import { GAME_OUTCOME_LABEL } from '@areia/contracts/videos'
import { headlineInsights, sidesOf, type MatchView, type Voice } from './match-insights'
import { usePointsDialog } from './points-dialog'
import { StatButton } from './stat-button'
import { formatSeconds } from './report-format'
import type { ReportContent } from './report-view'
import { ReportSection } from './report-section'

/** The score as players write it, with the player's team first ("4/6 2/6" for the side that lost). */
export function scoreLineFor(stats: MatchStats, team: 0 | 1): string {
  return team === 0 ? stats.score_line : stats.score_line.replace(/(\d+)\/(\d+)/g, '$2/$1')
}

export function teamName(voice: Voice): string {
  return voice.kind === 'own' ? 'Vocês' : `Dupla de ${voice.name}`
}

/** The score line; from the tags when there are any, else the result the player gave. */
export function ScoreBoard({ report, voice }: { report: ReportContent; voice: Voice }) {
  const { stats, game } = report
  if (!stats) {
    return (
      <section className="card scoreboard" role="region" aria-label="Placar">
        <p className="scoreboard__eyebrow">Placar informado</p>
        <p className="scoreboard__line">{game.score ?? 'Placar não informado'}</p>
        {game.outcome ? (
          <p className={`scoreboard__outcome scoreboard__outcome--${game.outcome.toLowerCase()}`}>
            {GAME_OUTCOME_LABEL[game.outcome]}
          </p>
        ) : null}
      </section>
    )
  }
  const { team, mine, theirs } = sidesOf(stats, report.player.track_id)
  const won = mine.points_won.value
  const lost = theirs.points_won.value
  return (
    <section className="card scoreboard" role="region" aria-label="Placar">
      <p className="scoreboard__eyebrow">
        {teamName(voice)} <span aria-hidden="true">×</span>
        <span className="visually-hidden">contra</span> Adversários
      </p>
      <p className="scoreboard__line">{scoreLineFor(stats, team)}</p>
      {game.outcome ? (
        <p className={`scoreboard__outcome scoreboard__outcome--${game.outcome.toLowerCase()}`}>
          {GAME_OUTCOME_LABEL[game.outcome]}
        </p>
      ) : null}
      <div className="scoreboard__points">
        <StatButton label="Pontos ganhos" figure={mine.points_won} className="stat stat--wide" />
        <p className="scoreboard__split" aria-hidden="true">
          <span className="scoreboard__us" style={{ flexGrow: Math.max(won, 1) }}>
            {won}
          </span>
          <span className="scoreboard__them" style={{ flexGrow: Math.max(lost, 1) }}>
            {lost}
          </span>
        </p>
      </div>
    </section>
  )
}

/** Three sentences from the figures, each opening the points it speaks of. */
export function Insights({ stats, trackId, voice }: MatchView) {
  const dialog = usePointsDialog()
  const insights = headlineInsights(stats, trackId, voice)
  if (insights.length === 0) return null
  return (
    <ReportSection id="report-insights" title="Destaques do jogo">
      <ol className="insights">
        {insights.map((insight) => (
          <li key={insight.text}>
            <button
              type="button"
              className="insight"
              onClick={() => dialog.open({ title: insight.text, points: insight.figure.points })}
            >
              <span className="insight__text">{insight.text}</span>
              <span className="insight__more" aria-hidden="true">
                Ver os pontos ›
              </span>
            </button>
          </li>
        ))}
      </ol>
    </ReportSection>
  )
}

type Row = { label: string; figure: StatFigure | null; valueText?: string }

function FigureGroup({ title, rows }: { title: string; rows: Row[] }) {
  const shown = rows.filter((r): r is Row & { figure: StatFigure } => r.figure !== null)
  return (
    <div className="stat-group" role="group" aria-label={title}>
      <h3 className="report__subtitle">{title}</h3>
      <ul className="stat-grid">
        {shown.map((row) => (
          <li key={row.label}>
            <StatButton
              label={row.label}
              figure={row.figure}
              {...(row.valueText ? { valueText: row.valueText } : {})}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The player's figures and the team's, each a button to the points behind it. */
export function MatchFigures({ stats, trackId, voice }: MatchView) {
  const { me, mine } = sidesOf(stats, trackId)
  const longest = stats.longest_rally
  return (
    <ReportSection id="report-match-figures" title="O jogo em números">
      {me ? (
        <FigureGroup
          title={voice.kind === 'own' ? 'Você' : voice.name}
          rows={[
            { label: 'Winners', figure: me.winners },
            { label: 'Erros não forçados', figure: me.unforced_errors },
            { label: 'Erros forçados', figure: me.forced_errors },
            { label: 'Smashes convertidos', figure: me.smashes_converted },
            { label: 'Pontos na rede', figure: me.net_points_won },
          ]}
        />
      ) : null}
      <FigureGroup
        title="A dupla"
        rows={[
          { label: 'Winners da dupla', figure: mine.winners },
          { label: 'Erros não forçados da dupla', figure: mine.unforced_errors },
          { label: 'Pontos de ouro', figure: mine.golden_points },
          {
            label: 'Rali mais longo',
            figure: longest ? { value: 1, of: null, points: [longest.point] } : null,
            ...(longest ? { valueText: formatSeconds(longest.sec) } : {}),
          },
        ]}
      />
    </ReportSection>
  )
}
