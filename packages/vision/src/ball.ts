// Ball candidates. No ball model ships on npm, so this is classical and only ever "estimated":
// small moving blobs (three-frame differencing) away from the players, linked frame to frame into
// short trajectories whose motion is close to constant velocity (a flight seen over a few frames).
import type { Box } from './detector.js'
import { courtToImage, type CourtMapping, type Point } from './homography.js'
import type { Blob } from './motion.js'

export interface BallPoint {
  t: number
  frame: number
  x: number
  y: number
}

export interface BallTrajectory {
  estimated: true
  frames: number[]
  points: BallPoint[]
}

export interface BallCandidateOptions {
  /** blob area limits in grey (half-resolution) pixels */
  minArea?: number
  maxArea?: number
}

/** Keeps blobs the size of a ball that are not on a player (boxes slightly enlarged). */
export function ballCandidates(
  blobs: Blob[],
  players: Box[],
  opts: BallCandidateOptions = {},
): Blob[] {
  const minArea = opts.minArea ?? 2
  const maxArea = opts.maxArea ?? 80
  return blobs.filter((b) => {
    if (b.area < minArea || b.area > maxArea) return false
    if (b.w > 4 * b.h + 8 || b.h > 4 * b.w + 8) return false
    // Boxes are from the last detection round and players have moved since: a generous margin.
    return !players.some(
      (p) =>
        b.x > p.x - 0.3 * p.w &&
        b.x < p.x + 1.3 * p.w &&
        b.y > p.y - 0.1 * p.h &&
        b.y < p.y + 1.05 * p.h,
    )
  })
}

export interface LinkOptions {
  /** largest jump between consecutive frames (px) */
  maxStepPx: number
  /** smallest mean step (px per frame): slower things are people's edges, not a ball in flight */
  minStepPx?: number
  minLength?: number
}

/**
 * Greedy linking over consecutive frames: a trajectory grows with the candidate nearest to its
 * constant-velocity prediction (within tolerance); trajectories shorter than minLength are dropped.
 */
export function linkTrajectories(
  perFrame: Array<{ t: number; frame: number; blobs: Blob[] }>,
  opts: LinkOptions,
): BallTrajectory[] {
  const minLength = opts.minLength ?? 3
  interface Open {
    pts: BallPoint[]
    lastIdx: number
  }
  let open: Open[] = []
  const done: BallPoint[][] = []
  perFrame.forEach((f, idx) => {
    const free = f.blobs.map((b) => ({ b, used: false }))
    const next: Open[] = []
    for (const o of open) {
      if (o.lastIdx !== idx - 1) {
        done.push(o.pts)
        continue
      }
      const last = o.pts[o.pts.length - 1]!
      const prev = o.pts[o.pts.length - 2]
      const pred = prev ? { x: 2 * last.x - prev.x, y: 2 * last.y - prev.y } : last
      const speed = prev ? Math.hypot(last.x - prev.x, last.y - prev.y) : opts.maxStepPx
      const tol = prev ? Math.max(10, 0.5 * speed) : opts.maxStepPx
      let best: (typeof free)[number] | null = null
      let bestD = Infinity
      for (const c of free) {
        if (c.used) continue
        const d = Math.hypot(c.b.x - pred.x, c.b.y - pred.y)
        const step = Math.hypot(c.b.x - last.x, c.b.y - last.y)
        if (d < tol && step <= opts.maxStepPx && step > 1 && d < bestD) {
          best = c
          bestD = d
        }
      }
      if (best) {
        best.used = true
        o.pts.push({ t: f.t, frame: f.frame, x: Math.round(best.b.x), y: Math.round(best.b.y) })
        o.lastIdx = idx
        next.push(o)
      } else done.push(o.pts)
    }
    for (const c of free) {
      if (!c.used) {
        next.push({
          pts: [{ t: f.t, frame: f.frame, x: Math.round(c.b.x), y: Math.round(c.b.y) }],
          lastIdx: idx,
        })
      }
    }
    open = next
  })
  for (const o of open) done.push(o.pts)
  const minStep = opts.minStepPx ?? 0
  const meanStep = (pts: BallPoint[]) =>
    pts.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - pts[i]!.x, p.y - pts[i]!.y), 0) /
    (pts.length - 1)
  return done
    .filter((pts) => pts.length >= minLength && meanStep(pts) >= minStep)
    .map((points) => ({ estimated: true as const, frames: points.map((p) => p.frame), points }))
}

/** A box of the last detector round, with its player's predicted foot (image) at that round. */
export interface RoundBox {
  box: Box
  from: Point | null
  track: number
}

/**
 * The last round's boxes moved along with their players' predicted paths: between rounds the
 * players keep running, and the arms and racket of one who has left their old box would
 * otherwise pass for the ball.
 */
export function movedBoxes(boxes: RoundBox[], preds: Point[], mapping: CourtMapping): Box[] {
  return boxes.map(({ box, from, track }) => {
    const p = track >= 0 ? preds[track] : undefined
    if (!from || !p) return box
    const to = courtToImage(mapping, p)
    return { ...box, x: box.x + to.x - from.x, y: box.y + to.y - from.y }
  })
}
