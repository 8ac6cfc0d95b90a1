import {
  parseResultLine,
  type ResultSet,
  taggedPointsText,
  tagsCoverMatch,
} from '@areia/contracts/game-result'
import { teamOf, type MatchStats, type StatFigure } from '@areia/contracts/match'
import { GAME_OUTCOME_LABEL } from '@areia/contracts/videos'
import {
  headlineInsights,
  sidesOf,
  type MatchView,
  type Voice,
} from '@areia/contracts/match-insights'
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

/**
 * The result the player confirmed; the tags' own score only when they tell the whole match. The
 * tagged points say how many they are, so "0 de 1" never reads as the match.
 */
export function ScoreBoard({ report, voice }: { report: ReportContent; voice: Voice }) {
  const { stats, game } = report
  const team = teamOf(report.player.track_id)
  const whole = stats !== null && tagsCoverMatch(stats, team, game.score)
  const sets = game.score ? parseResultLine(game.score) : null
  return (
    <section className="card scoreboard" role="region" aria-label="Placar">
      {whole ? (
        <p className="scoreboard__eyebrow">
          {teamName(voice)} <span aria-hidden="true">×</span>
          <span className="visually-hidden">contra</span> Adversários
        </p>
      ) : (
        <p className="scoreboard__eyebrow">Resultado informado</p>
      )}
      <p className="scoreboard__line">
        {whole ? scoreLineFor(stats, team) : sets ? setsLine(sets) : 'Placar não informado'}
      </p>
      {!whole && sets?.some((s) => s.superTiebreak) ? (
        <p className="scoreboard__note">O último set foi um super tie-break.</p>
      ) : null}
      {game.outcome ? (
        <p className={`scoreboard__outcome scoreboard__outcome--${game.outcome.toLowerCase()}`}>
          {GAME_OUTCOME_LABEL[game.outcome]}
        </p>
      ) : null}
      {stats ? <TaggedPoints stats={stats} trackId={report.player.track_id} /> : null}
    </section>
  )
}

/** "4/6 6/3 4/10": the sets as a scoreboard shows them, a set's tie-break in parentheses. */
function setsLine(sets: ResultSet[]): string {
  return sets
    .map((s) => `${s.us}/${s.them}${s.tiebreak ? ` (${s.tiebreak[0]}/${s.tiebreak[1]})` : ''}`)
    .join(' ')
}

/** Points won of the tagged ones, saying how many were tagged. */
function TaggedPoints({ stats, trackId }: { stats: MatchStats; trackId: number }) {
  const { mine, theirs } = sidesOf(stats, trackId)
  const won = mine.points_won.value
  const lost = theirs.points_won.value
  return (
    <div className="scoreboard__points">
      <p className="scoreboard__tagged">{taggedPointsText(stats.points_tagged)}</p>
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
      <p className="report__lead">{taggedPointsText(stats.points_tagged)}</p>
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
