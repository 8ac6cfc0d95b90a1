// Play vs dead time. The players say it first (play.ts): in play all four stand in ready stances,
// between points they walk upright. Motion: during a rally players move and the ball flies, so
// the share of changed pixels on the court rises (but players also walk between points). Sound:
// the ball is struck every second or so during a rally, a sharp broadband crack; between points
// there are fewer, but a neighbouring court is heard too. Motion and sound are thresholded
// between their own quiet and busy levels (a cue with no contrast between them is left out, never
// forced). Where the players' stance tells play from rest, each moment is play when the weighted
// cues say so: the stance first, motion less, sound by how far it agrees with this court's
// stances (never alone). Where it does not (nobody ever crouched in the boxes), play is where
// motion and sound both say so. Blips shorter than a real rally are dropped, short pauses
// bridged, and a rally starts at its serve when the serve formation is seen before it.

import type { Onset } from './audio.js'
import { findServe, stanceTells, type BallFlight, type Serve, type StanceRound } from './play.js'

export interface Rally {
  index: number
  startSec: number
  endSec: number
  durationSec: number
  startFrame: number
  endFrame: number
  /** the serve that started it, when the serve formation was seen (see play.ts) */
  serve?: Serve
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
  /** the players' stance and stillness per detection round, and the ball's flights */
  players?: { stances: StanceRound[]; balls: BallFlight[] } | null
}

export interface RallyResult {
  rallies: Rally[]
  threshold: number
  /** false when neither cue shows contrast between play and rest (nothing to segment) */
  contrast: boolean
  /** which cues had contrast and were used */
  cues: PlayCue[]
}

export type PlayCue = 'players' | 'motion' | 'sound'

/** Weights of the cues against the players' stance (1): motion, and sound at full agreement. */
const MOTION_WEIGHT = 0.3
const SOUND_WEIGHT = 0.3
/** a stance round stands for the samples this close to it (s): rounds come every half second */
const STANCE_REACH_S = 0.75

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
  const threshold = motion?.threshold ?? 0
  const stances = opts.players && stanceTells(opts.players.stances) ? opts.players.stances : null
  const ready = stances ? readyAt(energy, stances) : null
  let cues: PlayCue[]
  let busy: boolean[]
  if (ready) {
    // Sound counts as far as it agrees with this court's play (F1 of the two): strikes from a
    // neighbouring court, or the noise after a point, agree little.
    const soundWeight = sound ? SOUND_WEIGHT * agreement(sound.busy, ready) : 0
    cues = [
      'players',
      ...(motion ? (['motion'] as const) : []),
      ...(soundWeight > 0 ? (['sound'] as const) : []),
    ]
    busy = energy.map((_, i) => {
      const r = ready[i]
      if (r === null || r === undefined)
        return (motion?.busy[i] ?? true) && (sound?.busy[i] ?? true)
      const m = motion ? MOTION_WEIGHT : 0
      const score = r + m * (motion?.busy[i] ? 1 : 0) + soundWeight * (sound?.busy[i] ? 1 : 0)
      return score >= 0.5 * (1 + m + soundWeight)
    })
  } else {
    cues = [...(motion ? (['motion'] as const) : []), ...(sound ? (['sound'] as const) : [])]
    busy = energy.map((_, i) => (motion?.busy[i] ?? true) && (sound?.busy[i] ?? true))
  }
  if (!cues.length || energy.length === 0)
    return { rallies: [], threshold, contrast: false, cues: [] }
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
  let notBefore = -Infinity
  const rallies = merged
    .map(([a, b]) => ({ a: energy[a]!, b: energy[b]! }))
    // A boundary sits between the last quiet and the first busy sample.
    .map(({ a, b }) => ({ a, b, s: Math.max(0, a.t - dt / 2), e: b.t + dt / 2 }))
    // Short blips go first: the serve is looked for after the last real rally, not after a blip.
    .filter(
      (r) =>
        r.e - r.s >= minRally ||
        (opts.openStart && r.a === energy[0]) ||
        (opts.openEnd && r.b === energy[energy.length - 1]),
    )
    .map((r) => {
      // The rally starts with its serve: the moment the serve formation broke before its play.
      const playFrom =
        stances?.find((x) => x.t >= r.s && x.t <= r.e && (x.ready ?? 0) >= 1)?.t ?? r.s
      const serve =
        stances && opts.players
          ? findServe(stances, r.s, playFrom, notBefore, opts.players.balls)
          : null
      notBefore = r.e
      if (!serve || serve.t >= r.e) return { ...r, serve: null }
      const a = energy.find((x) => x.t >= serve.t) ?? r.a
      return { ...r, a, s: Math.max(0, serve.t), serve }
    })
    .map((r, index) => ({
      index: index + 1,
      startSec: Math.round(r.s * 100) / 100,
      endSec: Math.round(r.e * 100) / 100,
      durationSec: Math.round((r.e - r.s) * 100) / 100,
      startFrame: r.a.frame,
      endFrame: r.b.frame,
      ...(r.serve ? { serve: { ...r.serve, t: Math.round(r.serve.t * 100) / 100 } } : {}),
    }))
  return { rallies, threshold, contrast: true, cues }
}

/**
 * The players' readiness (0–1) at each energy sample, from the nearest stance round within reach
 * (null where no round tells it).
 */
function readyAt(energy: Array<{ t: number }>, stances: StanceRound[]): Array<number | null> {
  let k = 0
  return energy.map(({ t }) => {
    while (k + 1 < stances.length && Math.abs(stances[k + 1]!.t - t) <= Math.abs(stances[k]!.t - t))
      k++
    const s = stances[k]
    return s && Math.abs(s.t - t) <= STANCE_REACH_S ? s.ready : null
  })
}

/** F1 of the moments heard as play against the moments the players show play. */
function agreement(heard: boolean[], ready: Array<number | null>): number {
  let both = 0
  let h = 0
  let r = 0
  heard.forEach((v, i) => {
    const p = ready[i]
    if (p === null || p === undefined) return
    const shown = p >= 0.5
    if (v) h++
    if (shown) r++
    if (v && shown) both++
  })
  return h + r ? (2 * both) / (h + r) : 0
}
