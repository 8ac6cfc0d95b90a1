import type {
  AnalysisStage,
  CourtCorners,
  ImagePoint,
  OverlayRound,
} from '@areia/contracts/analysis'
import type { Role } from '@areia/contracts/enums'

/**
 * How often the console asks again while the pipeline works: a fallback, since progress comes
 * live through the analysts' feed (use-analysis-live.ts).
 */
export const POLL_MS = 15_000

export const canUseConsole = (role: Role | undefined) => role === 'ANALYST' || role === 'ADMIN'

export const STAGE_LABEL: Record<AnalysisStage, string> = {
  QUEUED: 'Na fila da análise',
  PROBE: 'Preparando o vídeo',
  COURT: 'Mapeando a quadra',
  PLAYERS: 'Rastreando os jogadores',
  MERGE: 'Juntando os trechos',
  CLIPS: 'Cortando os lances',
  REVIEW: 'Aguardando revisão',
  PUBLISHED: 'Publicado',
  FAILED: 'Falhou',
}

const RUNNING: ReadonlySet<AnalysisStage> = new Set([
  'QUEUED',
  'PROBE',
  'COURT',
  'PLAYERS',
  'MERGE',
  'CLIPS',
])

export const isRunning = (stage: AnalysisStage) => RUNNING.has(stage)

/** The field where the analyst names the customer; a refused publish sends them to it. */
export const PLAYER_FIELD_ID = 'player-track'

/** Near-left, near-right, far-right, far-left: the order of `CourtCorners`. */
export const CORNER_LABELS = [
  'Perto, à esquerda',
  'Perto, à direita',
  'Longe, à direita',
  'Longe, à esquerda',
] as const

/**
 * Where the handles start when the pipeline proposed nothing: a trapezoid like a court seen from
 * behind a baseline, so the analyst only nudges it.
 */
export function defaultCorners(width: number, height: number): CourtCorners {
  const p = (x: number, y: number): ImagePoint => ({
    x: Math.round(x * width),
    y: Math.round(y * height),
  })
  return [p(0.12, 0.88), p(0.88, 0.88), p(0.7, 0.38), p(0.3, 0.38)]
}

/** A corner moved by (dx, dy) source pixels, kept inside the image. */
export function moveCorner(
  corners: CourtCorners,
  index: number,
  to: ImagePoint,
  width: number,
  height: number,
): CourtCorners {
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)))
  const next = [...corners] as CourtCorners
  next[index] = { x: clamp(to.x, width), y: clamp(to.y, height) }
  return next
}

/** The detection round shown at time `t`: the last one at or before it (rounds sorted by t). */
export function roundAt(rounds: readonly OverlayRound[], t: number): OverlayRound | null {
  let lo = 0
  let hi = rounds.length - 1
  let found: OverlayRound | null = null
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const round = rounds[mid]!
    if (round.t <= t) {
      found = round
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

const TRACK_COLOURS = ['#f4c27a', '#6ec6ca', '#ff7a9c', '#9be36b']

/** One colour per identity, the same in the overlay, the metrics table and the selectors. */
export const trackColour = (trackId: number | null) =>
  trackId === null ? '#d0d0d0' : (TRACK_COLOURS[(trackId - 1) % TRACK_COLOURS.length] ?? '#d0d0d0')

export const trackLabel = (trackId: number) => `J${trackId}`

/** "1:05" or "1:02:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

// Made on first use: the shell imports this module for its menu, and a number format built at
// load is a long task for a slow phone on every page.
let one: Intl.NumberFormat | undefined
let none: Intl.NumberFormat | undefined
const decimal = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })

export const formatMeters = (m: number) => `${(none ??= decimal(0)).format(m)} m`
export const formatMetersPrecise = (m: number) => `${(one ??= decimal(1)).format(m)} m`
export const formatKmh = (mps: number) => `${(one ??= decimal(1)).format(mps * 3.6)} km/h`
export const formatSeconds = (s: number) => `${(one ??= decimal(1)).format(s)} s`
