import { Stroke, STROKE_LABEL, type MatchStats, type StatFigure } from '@areia/contracts/match'
import { longestRun, sidesOf, type MatchView } from '@areia/contracts/match-insights'
import { teamName } from './match-sections'
import { StatButton } from './stat-button'
import { ReportSection } from './report-section'

const share = (f: StatFigure) => (f.of ? f.value / f.of : 0)

/** A ring filled to the figure's share; the words beside it say the count. */
function Donut({ figure }: { figure: StatFigure }) {
  const r = 40
  const length = 2 * Math.PI * r
  return (
    <svg className="donut" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <circle className="donut__track" cx="50" cy="50" r={r} />
      <circle
        className="donut__fill"
        cx="50"
        cy="50"
        r={r}
        strokeDasharray={`${share(figure) * length} ${length}`}
        transform="rotate(-90 50 50)"
      />
    </svg>
  )
}

function DonutButton({ label, figure }: { label: string; figure: StatFigure }) {
  return (
    <StatButton
      label={label}
      figure={figure}
      className="stat stat--donut"
      visual={<Donut figure={figure} />}
    />
  )
}

/** Serves in, and the points won serving and returning, as rings. */
export function ServeChart({ stats, trackId }: { stats: MatchStats; trackId: number }) {
  const { me, mine } = sidesOf(stats, trackId)
  return (
    <ReportSection id="report-serve" title="Saque e devolução">
      <ul className="donuts">
        {me ? (
          <li>
            <DonutButton label="Saques em jogo" figure={me.serves_in} />
          </li>
        ) : null}
        <li>
          <DonutButton label="Pontos ganhos no saque" figure={mine.points_won_on_serve} />
        </li>
        <li>
          <DonutButton label="Pontos ganhos na devolução" figure={mine.points_won_on_return} />
        </li>
      </ul>
    </ReportSection>
  )
}

/** Winners and errors by stroke, side by side, for the player. */
export function StrokeChart({ stats, trackId, voice }: MatchView) {
  const { me } = sidesOf(stats, trackId)
  if (!me) return null
  const strokes = Stroke.options.filter(
    (s) => (me.winners_by_stroke[s]?.value ?? 0) + (me.errors_by_stroke[s]?.value ?? 0) > 0,
  )
  if (strokes.length === 0) return null
  const max = Math.max(
    1,
    ...strokes.map((s) =>
      Math.max(me.winners_by_stroke[s]?.value ?? 0, me.errors_by_stroke[s]?.value ?? 0),
    ),
  )
  const none: StatFigure = { value: 0, of: null, points: [] }
  return (
    <ReportSection id="report-strokes" title="Pontos por golpe">
      <p className="report__hint">
        {voice.kind === 'own' ? 'Seus winners' : `Winners de ${voice.name}`} à direita, erros à
        esquerda. Toque numa barra para ver os pontos.
      </p>
      <ul className="strokes">
        {strokes.map((s) => {
          const winners = me.winners_by_stroke[s] ?? none
          const errors = me.errors_by_stroke[s] ?? none
          const name = STROKE_LABEL[s]
          return (
            <li key={s} className="strokes__row">
              <span className="strokes__name">{name}</span>
              <StrokeBar
                kind="errors"
                label={`Erros de ${name.toLowerCase()}`}
                figure={errors}
                max={max}
              />
              <StrokeBar
                kind="winners"
                label={`Winners de ${name.toLowerCase()}`}
                figure={winners}
                max={max}
              />
            </li>
          )
        })}
      </ul>
    </ReportSection>
  )
}

/**
 * The lead through the match, from the player's side: above the line the team was ahead in points
 * won, below it behind. Set boundaries are marked.
 */
export function MomentumChart({ stats, trackId, voice }: MatchView) {
  const { team } = sidesOf(stats, trackId)
  const sign = team === 0 ? 1 : -1
  const diffs = [0, ...stats.momentum.map((m) => m.diff * sign)]
  if (stats.momentum.length < 2) return null
  const width = 320
  const height = 140
  const top = Math.max(2, ...diffs.map(Math.abs))
  const x = (i: number) => (i / (diffs.length - 1)) * width
  const y = (d: number) => height / 2 - (d / top) * (height / 2 - 8)
  const line = diffs.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d).toFixed(1)}`)
  const area = `${line.join(' ')} L${width},${height / 2} L0,${height / 2} Z`
  const setEnds = stats.momentum
    .map((m, i) => ({ i: i + 1, sets: m.score.sets.length }))
    // A set that ends on the last point is the end of the chart, not a boundary inside it.
    .filter((m, k, all) => k > 0 && k < all.length - 1 && m.sets > all[k - 1]!.sets)
  const best = Math.max(...diffs)
  const worst = Math.min(...diffs)
  const run = longestRun(stats, team)
  const name = teamName(voice)
  const summary =
    `Momento do jogo: a maior vantagem ${voice.kind === 'own' ? 'de vocês' : `da dupla de ${voice.name}`} foi de ` +
    `${best} ${best === 1 ? 'ponto' : 'pontos'}` +
    (worst < 0
      ? `, e a maior desvantagem, de ${-worst} ${worst === -1 ? 'ponto' : 'pontos'}.`
      : '.')
  return (
    <ReportSection id="report-momentum" title="Momento do jogo">
      <svg
        className="momentum"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <defs>
          <clipPath id="momentum-up">
            <rect x="0" y="0" width={width} height={height / 2} />
          </clipPath>
          <clipPath id="momentum-down">
            <rect x="0" y={height / 2} width={width} height={height / 2} />
          </clipPath>
        </defs>
        <path className="momentum__area momentum__area--up" d={area} clipPath="url(#momentum-up)" />
        <path
          className="momentum__area momentum__area--down"
          d={area}
          clipPath="url(#momentum-down)"
        />
        <line className="momentum__zero" x1="0" x2={width} y1={height / 2} y2={height / 2} />
        {setEnds.map((s) => (
          <line key={s.i} className="momentum__set" x1={x(s.i)} x2={x(s.i)} y1="0" y2={height} />
        ))}
        <path className="momentum__line" d={line.join(' ')} />
      </svg>
      <p className="momentum__legend" aria-hidden="true">
        <span className="momentum__key momentum__key--up">{name} à frente</span>
        <span className="momentum__key momentum__key--down">Adversários à frente</span>
      </p>
      {run.value > 1 ? (
        <StatButton label="Maior sequência de pontos" figure={run} className="stat stat--wide" />
      ) : null}
    </ReportSection>
  )
}

/** Points by rally length, won by each side. */
export function LengthChart({ stats, trackId, voice }: MatchView) {
  const { team } = sidesOf(stats, trackId)
  const rows = stats.by_length.filter((b) => b.won[0].value + b.won[1].value > 0)
  if (rows.length === 0) return null
  const max = Math.max(1, ...rows.map((b) => Math.max(b.won[0].value, b.won[1].value)))
  const them = team === 0 ? 1 : 0
  return (
    <ReportSection id="report-length" title="Pontos por duração do rali">
      <ul className="lengths">
        {rows.map((b) => (
          <li key={b.label} className="lengths__row">
            <span className="lengths__name">{b.label}</span>
            {[
              { side: 'us', figure: b.won[team], who: teamName(voice) },
              { side: 'them', figure: b.won[them], who: 'Adversários' },
            ].map(({ side, figure, who }) => (
              <StatButton
                key={side}
                label={`${b.label}, ${who}`}
                figure={figure}
                className={`lengths__bar lengths__bar--${side}`}
                bar={
                  <>
                    <span
                      className="lengths__fill"
                      style={{ width: `${(figure.value / max) * 100}%` }}
                    />
                    <span className="lengths__count">{figure.value}</span>
                  </>
                }
              />
            ))}
          </li>
        ))}
      </ul>
      <p className="lengths__legend" aria-hidden="true">
        <span className="lengths__key lengths__key--us">{teamName(voice)}</span>
        <span className="lengths__key lengths__key--them">Adversários</span>
      </p>
    </ReportSection>
  )
}

/** One side of a stroke's row: a bar as long as its count, opening the points behind it. */
function StrokeBar({
  kind,
  label,
  figure,
  max,
}: {
  kind: 'errors' | 'winners'
  label: string
  figure: StatFigure
  max: number
}) {
  return (
    <span className={kind === 'errors' ? 'strokes__side strokes__side--errors' : 'strokes__side'}>
      <StatButton
        label={label}
        figure={figure}
        className={`strokes__bar strokes__bar--${kind}`}
        bar={
          <>
            <span className="strokes__fill" style={{ width: `${(figure.value / max) * 100}%` }} />
            <span className="strokes__count">{figure.value}</span>
          </>
        }
      />
    </span>
  )
}
