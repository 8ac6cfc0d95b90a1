// Play vs dead time. During a rally players move and the ball flies, so the share of changed
// pixels on the court rises; between rallies people stand, walk slowly or fetch balls. We smooth
// the per-frame motion energy over one second, threshold it between its quiet and busy levels,
// then drop blips shorter than a real rally and bridge short pauses inside one.

export interface Rally {
  index: number
  startSec: number
  endSec: number
  durationSec: number
  startFrame: number
  endFrame: number
}

/** Shorter bursts of motion are not rallies. */
export const MIN_RALLY_SEC = 3

export interface RallyOptions {
  minRallySec?: number
  minGapSec?: number
  /**
   * The energy starts (ends) at a chunk boundary inside the video: a burst touching that edge may
   * be the part of a rally that continues in the neighbouring chunk, so it is kept even when
   * short; mergeAnalyses joins it and drops what is still short once joined.
   */
  openStart?: boolean
  openEnd?: boolean
}

export interface RallyResult {
  rallies: Rally[]
  threshold: number
  /** false when the energy shows no contrast between play and rest (nothing to segment) */
  contrast: boolean
}

function percentile(v: number[], p: number): number {
  const s = [...v].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.round((s.length - 1) * p)))] ?? 0
}

export function segmentRallies(
  energy: Array<{ t: number; frame: number; e: number }>,
  fps: number,
  opts: RallyOptions = {},
): RallyResult {
  const minRally = opts.minRallySec ?? MIN_RALLY_SEC
  const minGap = opts.minGapSec ?? 1.5
  const half = Math.max(1, Math.round(fps / 2))
  const smooth = energy.map((_, i) => {
    let s = 0
    let n = 0
    for (let k = Math.max(0, i - half); k <= Math.min(energy.length - 1, i + half); k++) {
      s += energy[k]!.e
      n++
    }
    return s / n
  })
  const low = percentile(smooth, 0.1)
  const high = percentile(smooth, 0.9)
  const contrast = high > 2 * low + 0.002
  const threshold = low + 0.4 * (high - low)
  if (!contrast || energy.length === 0) return { rallies: [], threshold, contrast }
  const runs: Array<[number, number]> = []
  let start = -1
  smooth.forEach((v, i) => {
    if (v >= threshold && start < 0) start = i
    if ((v < threshold || i === smooth.length - 1) && start >= 0) {
      runs.push([start, v >= threshold ? i : i - 1])
      start = -1
    }
  })
  const merged: Array<[number, number]> = []
  for (const r of runs) {
    const last = merged[merged.length - 1]
    if (last && energy[r[0]]!.t - energy[last[1]]!.t <= minGap) last[1] = r[1]
    else merged.push([...r])
  }
  const dt = 1 / fps
  const rallies = merged
    .map(([a, b]) => ({ a: energy[a]!, b: energy[b]! }))
    // A boundary sits between the last quiet and the first busy sample.
    .map(({ a, b }) => ({ a, b, s: Math.max(0, a.t - dt / 2), e: b.t + dt / 2 }))
    .filter(
      (r) =>
        r.e - r.s >= minRally ||
        (opts.openStart && r.a === energy[0]) ||
        (opts.openEnd && r.b === energy[energy.length - 1]),
    )
    .map((r, index) => ({
      index: index + 1,
      startSec: Math.round(r.s * 100) / 100,
      endSec: Math.round(r.e * 100) / 100,
      durationSec: Math.round((r.e - r.s) * 100) / 100,
      startFrame: r.a.frame,
      endFrame: r.b.frame,
    }))
  return { rallies, threshold, contrast }
}
