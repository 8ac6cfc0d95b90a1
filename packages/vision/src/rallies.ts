// Play vs dead time, from two cues. Motion: during a rally players move and the ball flies, so
// the share of changed pixels on the court rises (but players also walk between points). Sound:
// the ball is struck every second or so during a rally, a sharp broadband crack; between points
// there are fewer. Each cue is smoothed, thresholded between its own quiet and busy levels (a
// cue with no contrast between them is left out, never forced), and play is where every cue with
// contrast says so; blips shorter than a real rally are dropped and short pauses bridged.

import type { Onset } from './audio.js'

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
  /** spans (s) of ball strikes heard on the audio track (audio.ts); null without sound */
  strikes?: Array<[number, number]> | null
}

export interface RallyResult {
  rallies: Rally[]
  threshold: number
  /** false when neither cue shows contrast between play and rest (nothing to segment) */
  contrast: boolean
  /** which cues had contrast and were used */
  cues: Array<'motion' | 'sound'>
}

/**
 * The cues play is told from, as a chunk of a longer video heard and saw them: the chunks of one
 * video are segmented together, with the quiet and busy levels of the whole video, so where the
 * chunk boundaries fall changes nothing.
 */
export interface PlayCues {
  /** energy samples per second */
  fps: number
  /** time (s) of the first energy sample; the others follow every 1/fps */
  t0: number
  /** share of the court's pixels that changed, per sample */
  energy: number[]
  /** sharp sounds heard (audio.ts); null without sound */
  onsets: Onset[] | null
}

/** A chunk's energy series and onsets, kept for segmenting the whole video (see PlayCues). */
export function playCues(
  energy: Array<{ t: number; e: number }>,
  fps: number,
  onsets: Onset[] | null,
): PlayCues {
  return {
    fps,
    t0: energy[0]?.t ?? 0,
    energy: energy.map((s) => Math.round(s.e * 1e5) / 1e5),
    onsets,
  }
}

/**
 * The energy samples of PlayCues with their times and source frames (a sample sits half a frame
 * before the analysis frame it ends on, whose source frame it is given).
 */
export function cueSamples(
  cues: PlayCues,
  videoFps: number,
): Array<{ t: number; frame: number; e: number }> {
  return cues.energy.map((e, k) => {
    const t = cues.t0 + k / cues.fps
    return { t, frame: Math.round((t + 0.5 / cues.fps) * (videoFps || cues.fps)), e }
  })
}

/** a rally starts a little before its first strike (the toss) and ends after its last */
const STRIKE_LEAD_S = 0.5
const STRIKE_TAIL_S = 0.5

/** Smoothed series → busy flags, or null when it has no contrast between quiet and busy. */
function busyFlags(
  smooth: number[],
  minHigh: number,
): { busy: boolean[]; threshold: number } | null {
  const low = percentile(smooth, 0.1)
  const high = percentile(smooth, 0.9)
  const threshold = low + 0.4 * (high - low)
  if (!(high > 2 * low + minHigh)) return null
  return { busy: smooth.map((v) => v >= threshold), threshold }
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
  const motion = busyFlags(smooth, 0.002)
  // The sound cue has contrast when strike chains cover some of the clip but not all of it.
  const spans = opts.strikes ?? null
  const heard = spans
    ? energy.map(({ t }) =>
        spans.some(([a, b]) => t >= a - STRIKE_LEAD_S && t <= b + STRIKE_TAIL_S),
      )
    : null
  const sound = heard && heard.some(Boolean) && !heard.every(Boolean) ? { busy: heard } : null
  const cues = [...(motion ? (['motion'] as const) : []), ...(sound ? (['sound'] as const) : [])]
  const threshold = motion?.threshold ?? 0
  if (!cues.length || energy.length === 0)
    return { rallies: [], threshold, contrast: false, cues: [] }
  const busy = energy.map((_, i) => (motion?.busy[i] ?? true) && (sound?.busy[i] ?? true))
  const runs: Array<[number, number]> = []
  let start = -1
  busy.forEach((v, i) => {
    if (v && start < 0) start = i
    if ((!v || i === busy.length - 1) && start >= 0) {
      runs.push([start, v ? i : i - 1])
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
  return { rallies, threshold, contrast: true, cues }
}
