import type { TrackedPlayer, VideoReport } from '@areia/contracts/analysis'
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

export type ZoneShares = { net: number; mid: number; back: number }

/** Share (0–100, rounded) of the tracked time near the net, in the middle and at the back. */
export function zoneShares(p: TrackedPlayer): ZoneShares {
  const net = p.time_near_net_sec.value
  const mid = p.time_mid_sec.value
  const back = p.time_back_sec.value
  const total = net + mid + back
  if (total <= 0) return { net: 0, mid: 0, back: 0 }
  return {
    net: Math.round((net / total) * 100),
    mid: Math.round((mid / total) * 100),
    back: Math.round((back / total) * 100),
  }
}

/** A YYYY-MM-DD game date in words; read at noon UTC so no time zone moves it a day. */
export function formatGameDate(date: string): string {
  return formatLongDate(`${date}T12:00:00Z`)
}

export const OUTCOME_LABEL = { WON: 'Vitória', LOST: 'Derrota' } as const

/** "Jogo de 12 de outubro de 2025 · Vitória · 6x4", with only what the player told us. */
export function gameLine(game: VideoReport['game']): string {
  const parts = [game.date ? `Jogo de ${formatGameDate(game.date)}` : 'Jogo sem data informada']
  if (game.outcome) parts.push(OUTCOME_LABEL[game.outcome])
  if (game.score) parts.push(game.score)
  return parts.join(' · ')
}
