// The labelled real clips in ../shared/footage (see its README): where their ground truth is and
// the court corners a person gave for them, in the video's own pixels.
import fs from 'node:fs'
import path from 'node:path'
import type { AnalysisResult, AnalyzeOptions } from '../src/analyze.js'
import { courtToImage, mapCourt, type Corners, type Point } from '../src/homography.js'

export interface ClipSpec {
  name: string
  file: string
  corners: Corners
  options?: Partial<AnalyzeOptions>
  /** labelled feet by source frame, label → foot point in source pixels */
  feet(footage: string, fps: number): Map<number, Map<string, Point>>
  /** what the rallies found say against the labelled play */
  rallyCheck(rallies: Array<[number, number]>, result: AnalysisResult): string
  /** the same corners as the README gives them for the 1280-px decode */
  decodeCorners?: Corners
  /** last source frame a person reviewed: coverage is also judged on the rounds up to it */
  reviewedTo?: number
  /** the clip, so marked, cannot be analysed: judged on how fast and why it is refused */
  refusal?: RegExp
}

const corners = (v: number[]): Corners =>
  [0, 1, 2, 3].map((i) => ({ x: v[2 * i]!, y: v[2 * i + 1]! })) as Corners

/**
 * One labelled rally [start, end] and dead time after it: exactly one rally with both ends within
 * ±tol, none in the dead time.
 */
function oneRally(rally: [number, number], dead: [number, number], tol = 1.5) {
  return (found: Array<[number, number]>): string => {
    const matching = found.filter(([a, b]) => a < rally[1] && b > rally[0])
    const inDead = found.filter(([a, b]) => a < dead[1] && b > dead[0])
    const ok =
      matching.length === 1 &&
      Math.abs(matching[0]![0] - rally[0]) <= tol &&
      Math.abs(matching[0]![1] - rally[1]) <= tol &&
      inDead.length === 0
    return `${ok ? 'OK' : 'WRONG'} (labelled ${rally[0]}–${rally[1]} s; ${matching.length} overlapping, ${inDead.length} in the dead time ${dead[0]}–${dead[1]} s)`
  }
}

const OUTDOOR = corners([211.1, 788.9, 1710.6, 788.1, 1312.7, 303.5, 604.1, 306.0])

/** The far half marked as if it were the whole court (a person's mistake): two players on it. */
function farHalf(c: Corners): Corners {
  const m = mapCourt(c)!
  return [
    courtToImage(m, { x: 0, y: 8 }),
    courtToImage(m, { x: 8, y: 8 }),
    courtToImage(m, { x: 8, y: 16 }),
    courtToImage(m, { x: 0, y: 16 }),
  ]
}

export const CLIPS: ClipSpec[] = [
  {
    name: 'pickleball_ppa_doubles_17s',
    file: 'pickleball_ppa_doubles_17s.mp4',
    corners: corners([-94.5, 818.5, 1364.4, 809.4, 912.7, 205.5, 333.5, 205.4]),
    feet(footage) {
      const raw = JSON.parse(
        fs.readFileSync(path.join(footage, 'labels', 'ppa_hand_feet.json'), 'utf8'),
      ) as Record<string, Record<string, [number, number]> | string>
      const out = new Map<number, Map<string, Point>>()
      for (const [frame, v] of Object.entries(raw)) {
        if (typeof v === 'string' || !/^\d+$/.test(frame)) continue
        out.set(
          Number(frame),
          new Map(Object.entries(v).map(([k, [x, y]]) => [k, { x, y }] as const)),
        )
      }
      return out
    },
    // One continuous rally over the whole clip: one rally covering nearly all of it.
    rallyCheck(found, result) {
      const dur = result.video.toSec - result.video.fromSec
      const cover = found.reduce((s, [a, b]) => s + (b - a), 0)
      const ok = found.length === 1 && cover >= 0.9 * dur
      return `${ok ? 'OK' : found.length === 0 ? 'none' : 'WRONG'} (labelled: one rally through the clip; ${found.length} found covering ${Math.round(cover)} of ${Math.round(dur)} s)`
    },
  },
  {
    name: 'pickleball_outdoor_doubles_30s',
    file: 'pickleball_outdoor_doubles_30s.mp4',
    corners: OUTDOOR,
    feet(footage) {
      const raw = JSON.parse(
        fs.readFileSync(
          path.join(footage, 'labels', '03_outdoor_webcam_iynbd_1500_long_high_baseline.json'),
          'utf8',
        ),
      ) as Record<string, Record<string, number[]>>
      const out = new Map<number, Map<string, Point>>()
      // Only frames 0–1150 were reviewed by a person.
      for (const [frame, tracks] of Object.entries(raw)) {
        if (Number(frame) > 1150) continue
        out.set(
          Number(frame),
          new Map(
            Object.entries(tracks).map(
              ([k, b]) => [k, { x: (b[0]! + b[2]!) / 2, y: b[3]! }] as const,
            ),
          ),
        )
      }
      return out
    },
    // The ball rolls out at ≈ 12 s; nothing in 18–28 s is play.
    rallyCheck: oneRally([3, 12], [18, 28], 1),
    reviewedTo: 1150,
    decodeCorners: corners([140.7, 525.9, 1140.4, 525.4, 875.1, 202.3, 402.7, 204.0]),
  },
  {
    name: 'pickleball_outdoor_doubles_30s, far half marked as the court',
    file: 'pickleball_outdoor_doubles_30s.mp4',
    corners: farHalf(OUTDOOR),
    feet: () => new Map(),
    rallyCheck: () => 'not judged (refusal case)',
    refusal: /Menos de quatro jogadores|dois jogadores de cada lado/,
  },
]
