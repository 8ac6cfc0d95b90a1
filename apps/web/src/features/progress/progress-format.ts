import {
  progressFigure,
  type FigureChange,
  type ProgressFigureKey,
  type ProgressMatch,
  type ProgressValue,
} from '@areia/contracts/progress'

const oneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})
const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** A plotted value as the player reads it: "62%", "5", "812 m", "4,3 km/h". */
export function formatValue(key: ProgressFigureKey, value: number): string {
  switch (progressFigure(key).unit) {
    case 'percent':
      return `${whole.format(value)}%`
    case 'count':
      return whole.format(value)
    case 'meters':
      return `${whole.format(value)} m`
    case 'kmh':
      return `${oneDecimal.format(value)} km/h`
  }
}

/** The value with the counts behind a share: "62% (31 de 50)". */
export function formatFull(key: ProgressFigureKey, v: ProgressValue): string {
  const base = formatValue(key, v.value)
  return v.won !== null && v.of !== null ? `${base} (${v.won} de ${v.of})` : base
}

/** A change: "+5 p.p." for shares, "−2", "+120 m", "+0,3 km/h"; "igual" when nothing moved. */
export function formatDelta(key: ProgressFigureKey, delta: number): string {
  if (delta === 0) return 'igual'
  const sign = delta > 0 ? '+' : '−'
  const size = Math.abs(delta)
  switch (progressFigure(key).unit) {
    case 'percent':
      return `${sign}${whole.format(size)} p.p.`
    case 'count':
      return `${sign}${whole.format(size)}`
    case 'meters':
      return `${sign}${whole.format(size)} m`
    case 'kmh':
      return `${sign}${oneDecimal.format(size)} km/h`
  }
}

/** Whether a change is good news, bad news or neither, for its colour. */
export function deltaTone(change: FigureChange): 'up' | 'down' | 'flat' {
  const better = progressFigure(change.key).better
  if (!change.delta || better === null) return 'flat'
  return change.delta > 0 === (better === 'up') ? 'up' : 'down'
}

/** "14/11": the day a match was played, on the chart's axis. */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-')
  return `${day}/${month}`
}

/** "Jogo de 14/11, vitória": a match named in a point's label. */
export function matchName(match: ProgressMatch): string {
  const result = match.outcome === 'WON' ? ', vitória' : match.outcome === 'LOST' ? ', derrota' : ''
  return `Jogo de ${shortDate(match.date)}${result}`
}
