// What the players themselves say about play, per detection round. In play all four stand in a
// ready stance (knees bent, feet apart, racket out in front): the box of a crouched player is
// much wider for its height than the box of someone walking or standing upright between points.
// Before a rally the serve formation holds the players still (one may still be walking to their
// place) while the server gets ready; the serve is the moment that stillness breaks into play. The ball the serve sends tells which side served:
// its first flight after that moment runs away from the server's side of the net.
import { COURT_WIDTH_M, NET_Y_M } from './homography.js'

/** One detection round as the pipeline reports it (DetectionRound, the fields used here). */
export interface PlayerRound {
  t: number
  boxes: Array<{
    w: number
    h: number
    court: { x: number; y: number } | null
    playerId: number | null
    hidden?: true
  }>
}

/** A ball flight in image pixels (ball.ts), the fields used here. */
export interface BallFlight {
  points: Array<{ t: number; x: number; y: number }>
}

/**
 * Width over height of a person's box: standing or walking upright it stays under about 0.4
 * (shoulders over feet); in a ready stance it reaches 0.5 and more.
 */
export const UPRIGHT_ASPECT = 0.4
export const READY_ASPECT = 0.5
/** faster than this (m/s) a player is moving, not waiting for the serve (position noise is less) */
export const STILL_MPS = 0.8
/**
 * Faster than this (m/s) a player is running, not walking: two running at once are reacting to
 * the ball (between points players walk, one at a time when one fetches a ball)
 */
export const RUNNING_MPS = 2
/** a stance read from fewer players than this says nothing about the four */
const MIN_BOXES = 2
/** the share of a video's rounds in a ready stance under which the stance cue is not telling */
export const MIN_READY_SHARE = 0.1

export interface StanceRound {
  t: number
  /** 0 upright … 1 ready: the median player's stance, or null with too few boxes */
  ready: number | null
  /** all players whose speed is known but one at most are standing still (fewer than three
   * known: null) */
  still: boolean | null
  /** court positions by player id */
  at: Map<number, { x: number; y: number }>
}

const mid3 = (a: number, b: number, c: number) =>
  Math.max(Math.min(a, b), Math.min(Math.max(a, b), c))

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b)
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN
}

/** Stance and stillness per round; stance smoothed over three rounds (one odd box is noise). */
export function stanceRounds(rounds: PlayerRound[]): StanceRound[] {
  const raw = rounds.map((r) => {
    const own = r.boxes.filter((b) => b.playerId !== null && !b.hidden && b.h > 0)
    const aspects = own.map((b) => b.w / b.h)
    const at = new Map<number, { x: number; y: number }>()
    for (const b of own) if (b.court && !at.has(b.playerId!)) at.set(b.playerId!, b.court)
    return { t: r.t, aspect: aspects.length >= MIN_BOXES ? median(aspects) : null, at }
  })
  // Positions through a running median of three rounds: a far player's depth jumps by half a
  // metre from one round to the next with a few pixels of box, which is no step taken.
  const steady = raw.map((r, i) => {
    const at = new Map<number, { x: number; y: number }>()
    for (const [id, p] of r.at) {
      const a = raw[i - 1]?.at.get(id)
      const c = raw[i + 1]?.at.get(id)
      at.set(id, a && c ? { x: mid3(a.x, p.x, c.x), y: mid3(a.y, p.y, c.y) } : p)
    }
    return at
  })
  return raw.map((r, i) => {
    const near = [raw[i - 1], r, raw[i + 1]].flatMap((x) =>
      x && x.aspect !== null ? [x.aspect] : [],
    )
    const aspect = r.aspect === null ? null : median(near)
    const prev = raw[i - 1]
    let still: boolean | null = null
    let running = 0
    if (prev && r.t - prev.t <= 1.01) {
      const speeds = [...steady[i]!].flatMap(([id, p]) => {
        const q = steady[i - 1]!.get(id)
        return q ? [Math.hypot(p.x - q.x, p.y - q.y) / (r.t - prev.t)] : []
      })
      if (speeds.length >= 3) still = speeds.every((v) => v <= STILL_MPS)
      running = speeds.filter((v) => v >= RUNNING_MPS).length
    }
    const stance =
      aspect === null
        ? null
        : Math.min(1, Math.max(0, (aspect - UPRIGHT_ASPECT) / (READY_ASPECT - UPRIGHT_ASPECT)))
    const ready = running >= 2 ? 1 : stance
    return { t: r.t, ready, still, at: r.at }
  })
}

/** Whether the stance cue tells play from rest in this video (see MIN_READY_SHARE). */
export function stanceTells(stances: StanceRound[]): boolean {
  const known = stances.filter((s) => s.ready !== null)
  if (known.length < 4) return false
  return known.filter((s) => s.ready! >= 0.5).length >= MIN_READY_SHARE * known.length
}

export interface Serve {
  /** when the serve formation broke (s) */
  t: number
  /** the player who served, or null when the ball's flight did not tell the side */
  playerId: number | null
  /** the server's half of their baseline, as they face the net */
  side: 'left' | 'right' | null
}

/** The serve formation is looked for from this long (s) before play was first seen. */
const FORMATION_LOOKBACK_S = 3
/** the serve's ball is looked for from this long (s) before the formation breaks to this after */
const SERVE_BALL_BEFORE_S = 0.5
const SERVE_BALL_AFTER_S = 1.5

/**
 * The serve of a rally first seen at `seenFrom` (s) whose players are all ready from `playFrom`,
 * if the serve formation (every player still, not yet all ready) is seen between a little before
 * the first and the second: its last still round is the serve.
 */
export function findServe(
  stances: StanceRound[],
  seenFrom: number,
  playFrom: number,
  notBefore: number,
  balls: BallFlight[],
): Serve | null {
  const from = Math.max(notBefore, seenFrom - FORMATION_LOOKBACK_S)
  let formation: StanceRound | null = null
  for (const s of stances) {
    if (s.t < from || s.t > playFrom) continue
    if (s.still && (s.ready ?? 0) < 1) formation = s
  }
  if (!formation) return null
  const t = formation.t
  // Court x runs from the near-left corner: a near player facing the net has x = 0 on the left,
  // a far player (facing the camera) on the right.
  const flight = balls
    .filter(
      (b) =>
        b.points.length >= 3 &&
        b.points[0]!.t >= t - SERVE_BALL_BEFORE_S &&
        b.points[0]!.t <= t + SERVE_BALL_AFTER_S,
    )
    .sort((a, b) => a.points[0]!.t - b.points[0]!.t)[0]
  if (!flight) return { t, playerId: null, side: null }
  // Down the picture is towards the camera: a ball flying down left the far side.
  const dy = flight.points.at(-1)!.y - flight.points[0]!.y
  const far = dy > 0
  // The server stands deepest on their side, behind the baseline.
  const side = [...formation.at].filter(([, p]) => p.y > NET_Y_M === far)
  if (!side.length) return { t, playerId: null, side: null }
  const [id, p] = side.sort((a, b) => Math.abs(b[1].y - NET_Y_M) - Math.abs(a[1].y - NET_Y_M))[0]!
  const leftHalf = p.x < COURT_WIDTH_M / 2
  return { t, playerId: id, side: far === leftHalf ? 'right' : 'left' }
}
