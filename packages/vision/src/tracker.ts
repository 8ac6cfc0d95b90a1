// Keeps four identities on the court plane. Each detection round: predict every track with its
// (damped) velocity, then choose the assignment of detections to tracks with the lowest total
// distance (exhaustive search: 4 tracks × a handful of detections), gated by how far a player can
// run since last seen. Players never cross the net in beach tennis, so a detection on the other
// side of the net from a track costs a large penalty. Unmatched tracks coast and record a gap.
import { NET_Y_M, type Point } from './homography.js'

export interface CourtDetection {
  court: Point
  /** detector confidence 0..1 (optional): breaks near-ties in favour of the surer box */
  score?: number
  /** index in the caller's detection list (to recover boxes) */
  ref: number
}

export interface TrackSample {
  t: number
  frame: number
  x: number
  y: number
  /** detection ref that produced it, or null when the track was coasting */
  ref: number | null
}

export interface Track {
  id: number
  pos: Point
  vel: Point
  lastT: number
  samples: TrackSample[]
}

const MAX_SPEED = 6 // m/s, a sprinting player
const BASE_GATE = 1.2 // m, detection noise
const WRONG_SIDE_PENALTY = 50

/** Player numbers: 1 near-left, 2 near-right, 3 far-left, 4 far-right (as the camera sees them). */
export function initialIds(points: Point[]): number[] {
  const order = points.map((p, i) => ({ p, i }))
  const near = order.filter((o) => o.p.y < NET_Y_M).sort((a, b) => a.p.x - b.p.x)
  const far = order.filter((o) => o.p.y >= NET_Y_M).sort((a, b) => a.p.x - b.p.x)
  const ids = new Array<number>(points.length).fill(0)
  near.forEach((o, k) => (ids[o.i] = k + 1))
  far.forEach((o, k) => (ids[o.i] = k + 3))
  return ids
}

/** Minimum-cost assignment of tracks to detections (or to nothing), exhaustive with pruning. */
export function assign(cost: number[][], missCost: number): Array<number | null> {
  const nT = cost.length
  const nD = cost[0]?.length ?? 0
  let best = Infinity
  let bestPick: Array<number | null> = new Array<number | null>(nT).fill(null)
  const pick: Array<number | null> = []
  const used = new Array<boolean>(nD).fill(false)
  const rec = (t: number, acc: number) => {
    if (acc >= best) return
    if (t === nT) {
      best = acc
      bestPick = [...pick]
      return
    }
    for (let d = 0; d < nD; d++) {
      const c = cost[t]![d]!
      if (used[d] || !Number.isFinite(c)) continue
      used[d] = true
      pick.push(d)
      rec(t + 1, acc + c)
      pick.pop()
      used[d] = false
    }
    pick.push(null)
    rec(t + 1, acc + missCost)
    pick.pop()
  }
  rec(0, 0)
  return bestPick
}

export class Tracker {
  tracks: Track[] = []

  get started(): boolean {
    return this.tracks.length === 4
  }

  /** Where each track should be at time t (damped constant velocity). */
  predict(t: number): Point[] {
    return this.tracks.map((tr) => {
      const dt = t - tr.lastT
      const damp = Math.exp(-dt / 1.5)
      return { x: tr.pos.x + tr.vel.x * dt * damp, y: tr.pos.y + tr.vel.y * dt * damp }
    })
  }

  /** Whether every track was matched in the round at time t (nobody lost). */
  allSeenAt(t: number): boolean {
    return this.started && this.tracks.every((tr) => tr.lastT === t)
  }

  /** Feeds one detection round; returns the track id per detection ref (0 = unassigned). */
  update(t: number, frame: number, dets: CourtDetection[]): Map<number, number> {
    const out = new Map<number, number>()
    if (!this.started) {
      // Start only on a round that shows exactly two people on each side inside the lines (a
      // little margin, more behind the baselines for the serve): the numbering depends on it,
      // and a spectator by the post must not become a player.
      const inside = dets.filter(
        (d) => d.court.x >= -0.5 && d.court.x <= 8.5 && d.court.y >= -1.5 && d.court.y <= 17.5,
      )
      if (inside.length !== 4) return out
      const ids = initialIds(inside.map((d) => d.court))
      if (ids.filter((i) => i <= 2).length !== 2) return out
      this.tracks = inside
        .map((d, k) => ({
          id: ids[k]!,
          pos: d.court,
          vel: { x: 0, y: 0 },
          lastT: t,
          samples: [{ t, frame, x: d.court.x, y: d.court.y, ref: d.ref }],
        }))
        .sort((a, b) => a.id - b.id)
      for (const tr of this.tracks) out.set(tr.samples[0]!.ref!, tr.id)
      return out
    }
    const predicted = this.predict(t)
    const cost = this.tracks.map((tr, i) => {
      const gate = BASE_GATE + MAX_SPEED * (t - tr.lastT)
      const p = predicted[i]!
      const far = tr.id >= 3
      return dets.map((d) => {
        const dist = Math.hypot(d.court.x - p.x, d.court.y - p.y)
        if (dist > gate) return Infinity
        const wrongSide = far ? d.court.y < NET_Y_M - 0.5 : d.court.y > NET_Y_M + 0.5
        return dist + (wrongSide ? WRONG_SIDE_PENALTY : 0) + 0.5 * (1 - (d.score ?? 1))
      })
    })
    const pick = assign(cost, BASE_GATE + 1)
    this.tracks.forEach((tr, i) => {
      const d = pick[i]
      if (d === null || d === undefined) return
      const det = dets[d]!
      const dt = Math.max(1e-3, t - tr.lastT)
      const v = { x: (det.court.x - tr.pos.x) / dt, y: (det.court.y - tr.pos.y) / dt }
      tr.vel = { x: 0.5 * tr.vel.x + 0.5 * v.x, y: 0.5 * tr.vel.y + 0.5 * v.y }
      tr.pos = det.court
      tr.lastT = t
      tr.samples.push({ t, frame, x: det.court.x, y: det.court.y, ref: det.ref })
      out.set(det.ref, tr.id)
    })
    return out
  }
}
