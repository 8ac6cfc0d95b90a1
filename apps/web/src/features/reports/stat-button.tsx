import type { StatFigure } from '@areia/contracts/match'
import type { ReactNode } from 'react'
import { usePointsDialog } from './points-dialog'

/** "5", "7 de 9": a figure as it is read aloud and written. */
export function figureText(f: StatFigure): string {
  return f.of === null
    ? f.value.toLocaleString('pt-BR')
    : `${f.value.toLocaleString('pt-BR')} de ${f.of.toLocaleString('pt-BR')}`
}

/**
 * A figure the player can tap to watch the points behind it. Its name starts with the label and
 * the value ("Winners: 5"), and holds the words it shows, in that order. `visual` sits before the
 * words (a ring, with no text of its own); `bar` replaces them with a bar and its count.
 */
export function StatButton({
  label,
  figure,
  valueText,
  className = 'stat',
  visual,
  bar,
}: {
  label: string
  figure: StatFigure
  /** Shown and announced instead of the count (e.g. "48 s" for a rally's length). */
  valueText?: string
  className?: string
  visual?: ReactNode
  bar?: ReactNode
}) {
  const dialog = usePointsDialog()
  const text = valueText ?? figureText(figure)
  const share = figure.of ? Math.round((figure.value / figure.of) * 100) : null
  return (
    <button
      type="button"
      className={className}
      aria-label={`${label}: ${text}`}
      disabled={figure.points.length === 0}
      onClick={() => dialog.open({ title: `${label}: ${text}`, points: figure.points })}
    >
      {bar ?? (
        <>
          {visual}
          <span className="stat__label">{label}</span>{' '}
          <strong className="stat__value">{text}</strong>
          {share !== null && !visual ? (
            <span className="stat__bar" aria-hidden="true">
              <span className="stat__fill" style={{ width: `${share}%` }} />
            </span>
          ) : null}
        </>
      )}
    </button>
  )
}
