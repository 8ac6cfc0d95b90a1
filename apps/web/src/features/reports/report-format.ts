import type { VideoReport } from '@areia/contracts/analysis'
import { capitalize, resultInWords } from '@areia/contracts/game-result'
import { formatLongDate } from '../../lib/format'

const decimal = new Intl.NumberFormat('pt-BR', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
})
const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** Speeds are measured in m/s; players think in km/h ("5,4 km/h"). */
export function formatKmh(mps: number): string {
  return `${decimal.format(mps * 3.6)} km/h`
}

/** "1.234 m" for distances covered; one decimal below 10 m ("3,2 m" between partners). */
export function formatMeters(m: number): string {
  return `${m < 10 ? decimal.format(m) : whole.format(m)} m`
}

/** "8 s", "1 min 05 s". */
export function formatSeconds(sec: number): string {
  const total = Math.round(sec)
  if (total < 60) return `${total} s`
  const min = Math.floor(total / 60)
  return `${min} min ${String(total % 60).padStart(2, '0')} s`
}

/** "0:12" — where a lance starts in the video. */
export function formatClock(sec: number): string {
  const total = Math.max(0, Math.floor(sec))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** A YYYY-MM-DD game date in words; read at noon UTC so no time zone moves it a day. */
export function formatGameDate(date: string): string {
  return formatLongDate(`${date}T12:00:00Z`)
}

/** "Derrota por 4/6 6/3 e 4/10 no super tie-break": the result the player confirmed. */
export function gameHeadline(game: VideoReport['game']): string {
  const result = resultInWords(game.outcome, game.score)
  return result ? capitalize(result) : 'Resultado não informado'
}

/** "Jogo de 5 de dezembro de 2026", the week's when the player only named the week. */
export function gameDateLine(game: VideoReport['game']): string {
  if (game.date) return `Jogo de ${formatGameDate(game.date)}`
  if (game.week) return `Jogo da semana de ${formatGameDate(game.week)}`
  return 'Data do jogo não informada'
}
