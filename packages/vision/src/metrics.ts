// Per-player figures from the tracked court positions. Each figure lists the source video frames
// it was computed from, so an analyst can open those frames and check it.
import { COURT_LENGTH_M, COURT_WIDTH_M, NET_Y_M } from './homography.js'
import type { TrackSample } from './tracker.js'

/** A position must move this far (m) from the last counted one before distance accrues: this
 * keeps detector jitter of a standing player (~0.1 m) out of the distance covered. */
const JITTER_M = 0.25
/** Zones by distance to the net (m) on a 8 m half: net 0–3, mid 3–5.5, back beyond. */
export const NET_ZONE_M = 3
export const MID_ZONE_M = 5.5
/** Samples further apart than this are a gap in tracking (for distance and speed). */
const MAX_GAP_S = 2.5
/** Time a position stands for at most (s): beyond about two detection rounds unseen, where the
 * player was is unknown, so that time is credited to no zone and no cell. */
export const MAX_DWELL_S = 1
export const HEAT_CELL_M = 0.5

export interface Figure {
  value: number
  /** source video frames this figure was computed from */
  frames: number[]
}

export interface PlayerMetrics {
  id: number
  side: 'near' | 'far'
  partnerId: number
  samples: number
  distanceM: Figure
  avgSpeedMps: Figure
  peakSpeedMps: Figure
  timeNearNetSec: Figure
  timeMidSec: Figure
  timeBackSec: Figure
  avgPartnerDistanceM: Figure
  /** seconds spent per 0.5 m cell, rows along the court length (y), columns across (x) */
  heatmap: { cellM: number; cols: number; rows: number; seconds: number[] }
  positions: Array<{ t: number; frame: number; x: number; y: number }>
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d

const median3 = (a: number, b: number, c: number) =>
  Math.max(Math.min(a, b), Math.min(Math.max(a, b), c))

/**
 * Running median over three samples: a one-round jump that comes straight back is a detector
 * glitch (a partner passing in front, a box cut by a tile edge), not two sprints. Monotone
 * stretches of real movement pass through unchanged.
 */
export function despike(s: TrackSample[]): TrackSample[] {
  return s.map((p, i) => {
    const a = s[i - 1]
    const c = s[i + 1]
    if (!a || !c || c.t - a.t > 2 * MAX_GAP_S) return p
    return { ...p, x: median3(a.x, p.x, c.x), y: median3(a.y, p.y, c.y) }
  })
}

export function distanceCovered(raw: TrackSample[]): Figure {
  const s = despike(raw)
  let d = 0
  const frames: number[] = []
  let anchor = s[0]
  if (anchor) frames.push(anchor.frame)
  for (const p of s.slice(1)) {
    if (!anchor) break
    const step = Math.hypot(p.x - anchor.x, p.y - anchor.y)
    if (step >= JITTER_M) {
      d += step
      anchor = p
      frames.push(p.frame)
    }
  }
  return { value: round(d), frames }
}

/** Duration each sample stands for: until the next sample, at most MAX_DWELL_S. */
function dwell(s: TrackSample[], i: number): number {
  const next = s[i + 1]
  const cur = s[i]!
  if (!next) return 0
  return Math.min(MAX_DWELL_S, next.t - cur.t)
}

export function playerMetrics(
  id: number,
  samples: TrackSample[],
  partner: TrackSample[],
  partnerId: number,
): PlayerMetrics {
  const dist = distanceCovered(samples)
  const all = samples.map((p) => p.frame)
  let tracked = 0
  const zones = { net: 0, mid: 0, back: 0 }
  const zoneFrames = { net: [] as number[], mid: [] as number[], back: [] as number[] }
  const cols = Math.round(COURT_WIDTH_M / HEAT_CELL_M)
  const rows = Math.round(COURT_LENGTH_M / HEAT_CELL_M)
  const heat = new Array<number>(cols * rows).fill(0)
  let nearCount = 0
  samples.forEach((p, i) => {
    const dt = dwell(samples, i)
    tracked += dt
    const toNet = Math.abs(p.y - NET_Y_M)
    const zone = toNet < NET_ZONE_M ? 'net' : toNet < MID_ZONE_M ? 'mid' : 'back'
    zones[zone] += dt
    zoneFrames[zone].push(p.frame)
    if (p.y < NET_Y_M) nearCount++
    // Off the court (serving from behind the line) is time in a zone, not in an edge cell.
    const cx = Math.floor(p.x / HEAT_CELL_M)
    const cy = Math.floor(p.y / HEAT_CELL_M)
    if (cx >= 0 && cx < cols && cy >= 0 && cy < rows) heat[cy * cols + cx]! += dt
  })
  // Peak speed over ≥2 s spans: single-step speeds are dominated by detector jitter.
  let peak = 0
  const peakFrames: number[] = []
  for (let i = 0, j = 0; i < samples.length; i++) {
    while (j < samples.length && samples[j]!.t - samples[i]!.t < 2) j++
    const b = samples[j]
    const a = samples[i]!
    if (!b || b.t - a.t > 2 + MAX_GAP_S) continue
    const v = Math.hypot(b.x - a.x, b.y - a.y) / (b.t - a.t)
    if (v > peak) {
      peak = v
      peakFrames.splice(0, peakFrames.length, a.frame, b.frame)
    }
  }
  // Partner distance on the rounds where both were seen.
  const byFrame = new Map(partner.map((p) => [p.frame, p]))
  let pd = 0
  const pdFrames: number[] = []
  for (const p of samples) {
    const q = byFrame.get(p.frame)
    if (!q) continue
    pd += Math.hypot(p.x - q.x, p.y - q.y)
    pdFrames.push(p.frame)
  }
  return {
    id,
    side: nearCount * 2 >= samples.length ? 'near' : 'far',
    partnerId,
    samples: samples.length,
    distanceM: dist,
    avgSpeedMps: { value: tracked > 0 ? round(dist.value / tracked) : 0, frames: all },
    peakSpeedMps: { value: round(peak), frames: peakFrames },
    timeNearNetSec: { value: round(zones.net, 1), frames: zoneFrames.net },
    timeMidSec: { value: round(zones.mid, 1), frames: zoneFrames.mid },
    timeBackSec: { value: round(zones.back, 1), frames: zoneFrames.back },
    avgPartnerDistanceM: {
      value: pdFrames.length ? round(pd / pdFrames.length) : 0,
      frames: pdFrames,
    },
    heatmap: { cellM: HEAT_CELL_M, cols, rows, seconds: heat.map((v) => round(v, 1)) },
    positions: samples.map((p) => ({
      t: round(p.t),
      frame: p.frame,
      x: round(p.x),
      y: round(p.y),
    })),
  }
}
