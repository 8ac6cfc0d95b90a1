import { changesAt, type ProgressFigureInfo, type ProgressMatch } from '@areia/contracts/progress'
import { useNavigate } from 'react-router'
import {
  deltaTone,
  formatDelta,
  formatFull,
  formatValue,
  matchName,
  shortDate,
} from './progress-format'

const W = 320
const H = 120
const PAD_X = 22
const TOP = 24
const BOTTOM = 26

/** Where a match sits on the chart: matches evenly spaced, the newest on the right. */
function xOf(index: number, count: number) {
  return count === 1 ? W / 2 : PAD_X + (index * (W - 2 * PAD_X)) / (count - 1)
}

/** Axis labels for every match while they fit; past that the first and the newest. */
const LABELS_THAT_FIT = 7

/**
 * One figure over the player's matches: a point per match that measured it (a tap opens that
 * match's report), nothing where a match did not (a gap breaks the line, never a zero), with the
 * newest value, the change since the previous match and the best so far.
 */
export function FigureChart({
  info,
  matches,
  reportPath,
}: {
  info: ProgressFigureInfo
  matches: readonly ProgressMatch[]
  /** Where a point leads: the match's own report, or the example's. */
  reportPath: (match: ProgressMatch) => string
}) {
  const navigate = useNavigate()
  const measured = matches
    .map((m, i) => ({ match: m, i, value: m.figures[info.key] }))
    .filter((p): p is typeof p & { value: NonNullable<typeof p.value> } => p.value !== null)
  const last = measured.at(-1)
  if (!last) return null
  const change = changesAt(matches, last.i).find((c) => c.key === info.key)
  const values = measured.map((p) => p.value.value)
  let lo = Math.min(...values)
  let hi = Math.max(...values)
  if (info.unit === 'percent') {
    lo = Math.min(lo, 0)
    hi = Math.max(hi, 100)
  } else if (hi === lo) {
    lo = lo === 0 ? 0 : lo * 0.8
    hi = hi === 0 ? 1 : hi * 1.2
  } else {
    const pad = (hi - lo) * 0.15
    lo = Math.max(0, lo - pad)
    hi += pad
  }
  const yOf = (v: number) => TOP + ((hi - v) * (H - TOP - BOTTOM)) / (hi - lo)
  // A line joins neighbouring matches only: a match that did not measure the figure breaks it.
  const segments: string[] = []
  for (let k = 1; k < measured.length; k++) {
    const a = measured[k - 1]!
    const b = measured[k]!
    if (b.i !== a.i + 1) continue
    segments.push(
      `M${xOf(a.i, matches.length)},${yOf(a.value.value)}L${xOf(b.i, matches.length)},${yOf(b.value.value)}`,
    )
  }
  const labelled = (i: number) =>
    matches.length <= LABELS_THAT_FIT || i === 0 || i === matches.length - 1
  const titleId = `figure-${info.key}`
  const tone = change ? deltaTone(change) : 'flat'
  return (
    <section className="card progress-figure" aria-labelledby={titleId}>
      <div className="progress-figure__head">
        <h2 id={titleId} className="progress-figure__title">
          {info.label}
        </h2>
        <strong className="progress-figure__value">{formatFull(info.key, last.value)}</strong>
      </div>
      {change?.delta !== null && change?.delta !== undefined ? (
        <p className="progress-figure__facts">
          <span className={`progress-delta progress-delta--${tone}`}>
            {change.previous_video_id === matches[last.i - 1]?.video_id
              ? 'Desde o último jogo'
              : `Desde o jogo de ${shortDate(matches.find((m) => m.video_id === change.previous_video_id)?.date ?? '')}`}
            : {formatDelta(info.key, change.delta)}
          </span>
          <span className="progress-figure__best">
            {info.better === null ? 'Maior' : 'Melhor'}:{' '}
            {change.is_best ? 'este jogo' : formatValue(info.key, change.best)}
          </span>
        </p>
      ) : null}
      <svg
        className="progress-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="group"
        aria-label={`${info.label} jogo a jogo`}
      >
        <line
          className="progress-chart__axis"
          x1={PAD_X / 2}
          x2={W - PAD_X / 2}
          y1={H - BOTTOM}
          y2={H - BOTTOM}
        />
        {segments.map((d) => (
          <path key={d} className="progress-chart__line" d={d} />
        ))}
        {matches.map((m, i) => {
          const v = m.figures[info.key]
          const x = xOf(i, matches.length)
          return (
            <g key={m.video_id}>
              {labelled(i) ? (
                <text
                  className="progress-chart__date"
                  x={x}
                  y={H - 8}
                  textAnchor="middle"
                  aria-hidden="true"
                >
                  {shortDate(m.date)}
                </text>
              ) : null}
              {v === null ? (
                <line
                  className="progress-chart__gap"
                  x1={x}
                  x2={x}
                  y1={TOP}
                  y2={H - BOTTOM}
                  aria-hidden="true"
                />
              ) : (
                <a
                  href={reportPath(m)}
                  className="progress-chart__point"
                  aria-label={`${matchName(m)}: ${formatFull(info.key, v)}. Abrir o relatório`}
                  onClick={(event) => {
                    event.preventDefault()
                    void navigate(reportPath(m))
                  }}
                >
                  <circle className="progress-chart__hit" cx={x} cy={yOf(v.value)} r={16} />
                  {labelled(i) ? (
                    <text
                      className="progress-chart__value"
                      x={x}
                      y={yOf(v.value) - 10}
                      textAnchor={
                        i === 0 && matches.length > 1
                          ? 'start'
                          : i === matches.length - 1 && matches.length > 1
                            ? 'end'
                            : 'middle'
                      }
                      aria-hidden="true"
                    >
                      {formatValue(info.key, v.value)}
                    </text>
                  ) : null}
                  <circle
                    className={
                      m === last.match
                        ? 'progress-chart__dot progress-chart__dot--last'
                        : 'progress-chart__dot'
                    }
                    cx={x}
                    cy={yOf(v.value)}
                    r={5}
                  />
                </a>
              )}
            </g>
          )
        })}
      </svg>
      {measured.length < matches.length ? (
        <p className="progress-figure__gaps">
          Tracejado: jogo sem este número (sem marcação ponto a ponto).
        </p>
      ) : null}
    </section>
  )
}
