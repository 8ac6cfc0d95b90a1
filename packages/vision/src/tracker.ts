// Keeps four identities on the court plane. Each detection round: predict every track with its
// (damped) velocity, then choose the assignment of detections to tracks with the lowest total
// cost (exhaustive search: 4 tracks × a handful of detections): distance, gated by how far a
// player can run since last seen, plus how different the box looks from the player's clothes
// (partners crossing or standing together). Players never cross the net in beach tennis, so a
// detection on the other side of the net from a track costs a large penalty. Partners merged
// into one box share it, each taking the half on its side; partners who came close are checked
// against their clothes once seen apart again (untangle.ts). Unmatched tracks coast and record a gap.
import { appearanceDistance, blend, type Appearance } from './appearance.js'
import { assign } from './assign.js'
import { COURT_LENGTH_M, COURT_WIDTH_M, NET_Y_M, type Point } from './homography.js'
import {
  clothesSaySwapped,
  ENCOUNTER_M,
  swapMoment,
  UNTANGLE_S,
  type IdentitySwap,
  type Sighting,
} from './untangle.js'

export interface CourtDetection {
  court: Point
  /** detector confidence 0..1 (optional): breaks near-ties in favour of the surer box */
  score?: number
  /** index in the caller's detection list (to recover boxes) */
  ref: number
  /** clothes colours seen in the box */
  app?: Appearance | null
  /** another box overlaps this one: its colours may be partly someone else's */
  overlapped?: boolean
  /** foot points of the left and right halves, for a box wide enough to hold two people */
  halves?: [Point, Point] | null
}

export interface TrackSample {
  t: number
  frame: number
  x: number
  y: number
  /** detection ref that produced it, or null when the track was coasting */
  ref: number | null
  /** the box was shared with the partner (two people merged into one box) */
  shared?: boolean
}

export interface Track {
  id: number
  pos: Point
  vel: Point
  lastT: number
  samples: TrackSample[]
  app: Appearance | null
  /**
   * Lost right beside their partner, who is still seen: most likely hidden behind them, and
   * moving with them (partners walk back together between points). Where they stood from the
   * partner when last seen, and since when (the last time the detector gave them a box: sightings
   * by their clothes inside the partner's box do not extend it).
   */
  behind?: { id: number; dx: number; dy: number; since: number } | null
}

const MAX_SPEED = 6 // m/s, a sprinting player
const BASE_GATE = 1.2 // m, detection noise
const WRONG_SIDE_PENALTY = 50
/** metres of cost per unit of appearance distance (0 same clothes … 1 nothing in common) */
const APPEARANCE_M = 3
/** appearance differences below this are lighting and pose, not another person */
const APPEARANCE_FLOOR = 0.15
/** appearance distance under which a lost player is recognised again */
const REACQUIRE_LOOKS = 0.25
/** a partner predicted this close (m) to the far half of a two-person box is merged into it */
const SHARE_M = 0.8
/** Ids 3 and 4 play on the far side of the net (see initialIds); partners share a side. */
export const farSide = (id: number) => id >= 3

/** a player lost this close (m) to their partner in sight is taken to be behind them */
const BEHIND_PARTNER_M = 1.5
/** ...for at most this long (s) after the detector last saw them: then they are searched for
 * like any lost player (they may have walked off) */
const BEHIND_PARTNER_S = 4

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

/** A person standing still off the court, round after round: an umpire, a line judge, a coach. */
interface Fixture {
  pos: Point
  seen: number
}

/** Outside the lines by more than this (m): where officials and spectators stand. */
const OUTSIDE_M = 0.3
/** rounds a spot must be found occupied to be a fixture (it is looked at only now and then) */
const FIXTURE_ROUNDS = 3
const FIXTURE_RADIUS_M = 0.7
/** behind the baselines players wait to serve: only further back is it someone else's place */
const BEHIND_M = 2

const outsideLines = (p: Point) =>
  p.x < -OUTSIDE_M ||
  p.x > COURT_WIDTH_M + OUTSIDE_M ||
  p.y < -BEHIND_M ||
  p.y > COURT_LENGTH_M + BEHIND_M
/** a box that shows one person's clothes and no one else's */
const clearView = (d: CourtDetection | undefined) => !!d?.app && !d.overlapped
/** whether a round's pick is a box with a clear view of one player */
const clearPick = (dets: CourtDetection[], q: number | null | undefined): q is number =>
  q != null && clearView(dets[q])
/** inside one half's lines, or waiting behind its baseline */
const inHalf = (p: Point, far: boolean) =>
  !outsideLines(p) && (far ? p.y >= NET_Y_M : p.y < NET_Y_M)

/** Partners since they were last seen apart, each in a clear box of their own (see untangle.ts). */
interface Encounter {
  /** when they last came close; null while they keep apart */
  lastClose: number | null
  /** the rounds since they were last seen apart, that one included: when a swap could follow */
  moments: number[]
  /** the clear views each partner's track was given in those rounds */
  seen: [Sighting[], Sighting[]]
}

export class Tracker {
  tracks: Track[] = []
  /** identities exchanged after the fact, in order (rounds already reported need the same) */
  swaps: IdentitySwap[] = []
  /** how many of `swaps` takeSwaps has handed over */
  private swapsTaken = 0
  private fixtures: Fixture[] = []
  /** per side of the net (far = true) */
  private encounters = new Map<boolean, Encounter>()

  get started(): boolean {
    return this.tracks.length === 4
  }

  /** Where each track should be at time t (damped constant velocity). */
  predict(t: number): Point[] {
    const own = this.tracks.map((tr) => {
      const dt = t - tr.lastT
      const damp = Math.exp(-dt / 1.5)
      return { x: tr.pos.x + tr.vel.x * dt * damp, y: tr.pos.y + tr.vel.y * dt * damp }
    })
    // A player hidden behind their partner is where the partner is, as they stood from them.
    return this.tracks.map((tr, i) => {
      const k = this.hiddenBehind(i, t)
      return k === null ? own[i]! : { x: own[k]!.x + tr.behind!.dx, y: own[k]!.y + tr.behind!.dy }
    })
  }

  /** The index of the partner track i is hidden behind at time t, or null. */
  hiddenBehind(i: number, t: number): number | null {
    const tr = this.tracks[i]!
    if (!tr.behind || t - tr.behind.since > BEHIND_PARTNER_S) return null
    const k = this.tracks.findIndex((o) => o.id === tr.behind!.id)
    return k >= 0 && !this.tracks[k]!.behind ? k : null
  }

  /** A spot where someone other than the players has stood still round after round. */
  private fixedAt(p: Point): boolean {
    return this.fixtures.some(
      (f) =>
        f.seen >= FIXTURE_ROUNDS && Math.hypot(f.pos.x - p.x, f.pos.y - p.y) <= FIXTURE_RADIUS_M,
    )
  }

  /**
   * Remembers people who stay put beside the court or far behind it, round after round.
   * Players only pass through there (a wide ball), so a spot found occupied again and again,
   * by someone who does not move, is an umpire's, a line judge's or a spectator's. Only boxes
   * no player took count: a player waiting far behind the baseline to serve, tracked there,
   * must not turn their own spot into an official's.
   */
  private noteFixtures(dets: CourtDetection[], taken: Set<number>): void {
    for (const d of dets) {
      if (taken.has(d.ref) || !outsideLines(d.court)) continue
      const f = this.fixtures.find(
        (o) => Math.hypot(o.pos.x - d.court.x, o.pos.y - d.court.y) <= FIXTURE_RADIUS_M,
      )
      if (f) {
        f.seen++
        f.pos = { x: 0.8 * f.pos.x + 0.2 * d.court.x, y: 0.8 * f.pos.y + 0.2 * d.court.y }
      } else this.fixtures.push({ pos: d.court, seen: 1 })
    }
  }

  /** Feeds one detection round; returns the track id per detection ref (0 = unassigned). */
  update(t: number, frame: number, dets: CourtDetection[]): Map<number, number> {
    const out = new Map<number, number>()
    const fixed = dets.map((d) => this.fixedAt(d.court))
    const done = () => {
      this.noteFixtures(dets, new Set(out.keys()))
      return out
    }
    if (!this.started) {
      // Start only on a round that shows exactly two people on each side inside the lines (a
      // little margin, more behind the baselines for the serve): the numbering depends on it,
      // and a spectator by the post must not become a player.
      const inside = dets.filter(
        (d, k) =>
          !fixed[k] &&
          d.court.x >= -0.5 &&
          d.court.x <= 8.5 &&
          d.court.y >= -1.5 &&
          d.court.y <= 17.5,
      )
      if (inside.length !== 4) return done()
      const near = inside.filter((d) => d.court.y < NET_Y_M).length
      if (near !== 2) return done()
      const ids = initialIds(inside.map((d) => d.court))
      this.tracks = inside
        .map((d, k) => ({
          id: ids[k]!,
          pos: d.court,
          vel: { x: 0, y: 0 },
          lastT: t,
          samples: [{ t, frame, x: d.court.x, y: d.court.y, ref: d.ref }],
          app: d.overlapped ? null : (d.app ?? null),
        }))
        .sort((a, b) => a.id - b.id)
      for (const tr of this.tracks) out.set(tr.samples[0]!.ref!, tr.id)
      return done()
    }
    const predicted = this.predict(t)
    const base = this.tracks.map((tr, i) => {
      const gate = BASE_GATE + MAX_SPEED * (t - tr.lastT)
      const p = predicted[i]!
      const far = farSide(tr.id)
      return dets.map((d) => {
        const dist = Math.hypot(d.court.x - p.x, d.court.y - p.y)
        if (dist > gate) return Infinity
        const wrongSide = far ? d.court.y < NET_Y_M - 0.5 : d.court.y > NET_Y_M + 0.5
        const looks =
          tr.app && d.app
            ? Math.max(0, appearanceDistance(tr.app, d.app) - APPEARANCE_FLOOR) *
              APPEARANCE_M *
              (d.overlapped ? 0.5 : 1)
            : 0
        return dist + looks + (wrongSide ? WRONG_SIDE_PENALTY : 0) + 0.5 * (1 - (d.score ?? 1))
      })
    })
    // Officials and spectators standing still off the court are no one's to take, except a
    // player seen right there a moment ago (running past them).
    const cost = base.map((row, i) =>
      row.map((c, d) => {
        if (!fixed[d]) return c
        const p = predicted[i]!
        const q = dets[d]!.court
        const fresh = t - this.tracks[i]!.lastT <= 0.6 && Math.hypot(p.x - q.x, p.y - q.y) <= 1
        return fresh ? c : Infinity
      }),
    )
    const pick = assign(cost, BASE_GATE + 1)
    // A player unseen for a while may have run off: left-over detections on their side of the
    // net are offered to them afterwards, so re-acquiring a lost player never takes a box from
    // a player in plain sight.
    const lost = this.tracks.flatMap((tr, i) =>
      pick[i] === null && t - tr.lastT > 0.75 ? [i] : [],
    )
    if (lost.length) {
      const free = dets.flatMap((_, d) => (pick.includes(d) ? [] : [d]))
      const far = (i: number) => farSide(this.tracks[i]!.id)
      const second = assign(
        lost.map((i) => {
          // By elimination: the only player missing on a side of the net, and the only person
          // left over inside that side's lines (or waiting behind its baseline), is that player,
          // however different the light has made their clothes look since.
          const alone = lost.filter((j) => far(j) === far(i)).length === 1
          const left = free.filter((d) => inHalf(dets[d]!.court, far(i)))
          const theOne = alone && left.length === 1 ? left[0] : undefined
          return free.map((d) => {
            // Otherwise only someone dressed like them will do; that also lets them back from a
            // spot an official might hold (a server far back).
            const tr = this.tracks[i]!
            const det = dets[d]!
            const looks = tr.app && det.app ? appearanceDistance(tr.app, det.app) : 1
            return looks <= REACQUIRE_LOOKS || d === theOne ? base[i]![d]! : Infinity
          })
        }),
        lost.map((i) => BASE_GATE + 1 + 0.5 * MAX_SPEED * (t - this.tracks[i]!.lastT)),
      )
      second.forEach((k, j) => {
        if (k !== null) pick[lost[j]!] = free[k]!
      })
    }
    this.untangle(t, dets, pick)
    this.noteEncounters(t, dets, pick, predicted)
    const moveTo = (tr: Track, at: Point, ref: number, shared: boolean) =>
      this.moveTo(tr, t, frame, at, ref, shared)
    this.tracks.forEach((tr, i) => {
      const d = pick[i]
      if (d === null || d === undefined) return
      const det = dets[d]!
      // Partners standing together come out of the detector as one wide box: the partner
      // predicted inside it takes the half on its side instead of coasting blind.
      const partner = this.tracks.findIndex(
        (o, k) => k !== i && farSide(o.id) === farSide(tr.id) && (pick[k] ?? null) === null,
      )
      const p = partner >= 0 ? predicted[partner]! : null
      const mineLeft = p ? predicted[i]!.x <= p.x : true
      const theirs = det.halves?.[mineLeft ? 1 : 0]
      if (theirs && p && Math.hypot(p.x - theirs.x, p.y - theirs.y) <= SHARE_M) {
        const [left, right] = det.halves!
        moveTo(tr, mineLeft ? left : right, det.ref, true)
        moveTo(this.tracks[partner]!, mineLeft ? right : left, det.ref, true)
        pick[partner] = d
        out.set(det.ref, tr.id)
        return
      }
      moveTo(tr, det.court, det.ref, false)
      // Only a clear view of the player teaches their model, and not while they are close to
      // their partner: the box could be the partner's.
      const together = (this.encounters.get(farSide(tr.id))?.lastClose ?? null) !== null
      if (det.app && !det.overlapped && !together)
        tr.app = tr.app ? blend(tr.app, det.app, 0.1) : det.app
      out.set(det.ref, tr.id)
    })
    this.tracks.forEach((tr, i) => {
      if (tr.lastT === t) {
        tr.behind = null
        return
      }
      if (tr.behind) return
      const k = this.tracks.findIndex(
        (o, j) => j !== i && farSide(o.id) === farSide(tr.id) && o.lastT === t,
      )
      const partner = k >= 0 ? this.tracks[k]! : null
      if (
        partner &&
        Math.hypot(tr.pos.x - partner.pos.x, tr.pos.y - partner.pos.y) <= BEHIND_PARTNER_M
      )
        tr.behind = {
          id: partner.id,
          dx: tr.pos.x - partner.pos.x,
          dy: tr.pos.y - partner.pos.y,
          since: tr.lastT,
        }
    })
    return done()
  }

  private moveTo(tr: Track, t: number, frame: number, at: Point, ref: number, shared: boolean) {
    const dt = Math.max(1e-3, t - tr.lastT)
    const v = { x: (at.x - tr.pos.x) / dt, y: (at.y - tr.pos.y) / dt }
    tr.vel = { x: 0.5 * tr.vel.x + 0.5 * v.x, y: 0.5 * tr.vel.y + 0.5 * v.y }
    tr.pos = at
    tr.lastT = t
    tr.samples.push({ t, frame, x: at.x, y: at.y, ref, ...(shared ? { shared } : {}) })
  }

  /**
   * A hidden player seen this round inside someone else's box by their clothes (clothes.ts): they
   * are at `at`, in a box that is not theirs alone, so it teaches their model nothing (and one
   * hidden behind their partner stays taken to be there).
   */
  seenWithin(i: number, t: number, frame: number, at: Point, ref: number): void {
    const tr = this.tracks[i]
    if (!tr || tr.lastT >= t) return
    this.moveTo(tr, t, frame, at, ref, true)
    const partner = this.tracks.find((o) => o.id === tr.behind?.id)
    if (tr.behind && partner) tr.behind = { ...tr.behind, dx: at.x - partner.pos.x }
  }

  /** The identity exchanges made since the last call, for relabelling rounds already reported. */
  takeSwaps(): IdentitySwap[] {
    const fresh = this.swaps.slice(this.swapsTaken)
    this.swapsTaken = this.swaps.length
    return fresh
  }

  /** The two tracks of one side of the net, by index. */
  private pairOn(far: boolean): [number, number] | null {
    const pair = this.tracks.flatMap((tr, j) => (farSide(tr.id) === far ? [j] : []))
    return pair.length === 2 ? [pair[0]!, pair[1]!] : null
  }

  /**
   * After partners have been close, the first round that shows both in clear boxes of their own
   * (or one, with the only other person left over on their side) checks that the clothes agree
   * with the identities motion gave them; when the clothes clearly say otherwise, the two tracks
   * exchange players from the moment they most likely got mixed up.
   */
  private untangle(t: number, dets: CourtDetection[], pick: Array<number | null>): void {
    for (const far of [false, true]) {
      const pair = this.pairOn(far)
      const enc = this.encounters.get(far)
      if (!pair || !enc || enc.lastClose === null) continue
      const [i, k] = pair
      const a = this.tracks[i]!
      const b = this.tracks[k]!
      if (!a.app || !b.app) continue
      const spare = () => {
        const left = dets.flatMap((d, q) =>
          !pick.includes(q) && clearPick(dets, q) && inHalf(d.court, far) ? [q] : [],
        )
        return left.length === 1 ? left[0]! : null
      }
      const x = pick[i] ?? (pick[k] !== null ? spare() : null)
      const y = pick[k] ?? (pick[i] !== null ? spare() : null)
      if (!clearPick(dets, x) || !clearPick(dets, y) || x === y) continue
      if (!clothesSaySwapped([a.app, b.app], [dets[x]!.app!, dets[y]!.app!])) continue
      const at = swapMoment(enc.moments, [a.app, b.app], enc.seen)
      const cut = (tr: Track) => {
        const n = tr.samples.findIndex((s) => s.t > at)
        return tr.samples.splice(n < 0 ? tr.samples.length : n)
      }
      const fromA = cut(a)
      a.samples.push(...cut(b))
      b.samples.push(...fromA)
      ;[a.pos, b.pos] = [b.pos, a.pos]
      ;[a.vel, b.vel] = [b.vel, a.vel]
      ;[a.lastT, b.lastT] = [b.lastT, a.lastT]
      a.behind = b.behind = null
      this.swaps.push({ ids: [a.id, b.id], afterT: at, atT: t })
      pick[i] = y
      pick[k] = x
      // What was seen during the encounter belonged to the tracks before the exchange.
      this.encounters.delete(far)
    }
  }

  /** Whether each side's partners are close this round, and what their tracks saw if so. */
  private noteEncounters(
    t: number,
    dets: CourtDetection[],
    pick: Array<number | null>,
    predicted: Point[],
  ): void {
    for (const far of [false, true]) {
      const pair = this.pairOn(far)
      if (!pair) continue
      const [i, k] = pair
      const boxOf = (j: number) => (pick[j] == null ? undefined : dets[pick[j]])
      const clear = (j: number) => clearPick(dets, pick[j])
      // An unseen player could be where they were predicted or still where last seen (a
      // prediction made from a box two people shared is a guess).
      const places = (j: number) => {
        const d = boxOf(j)
        return d ? [d.court] : [predicted[j]!, this.tracks[j]!.pos]
      }
      const close =
        (pick[i] != null && pick[i] === pick[k]) ||
        places(i).some((p) => places(k).some((q) => Math.hypot(p.x - q.x, p.y - q.y) < ENCOUNTER_M))
      const apart = !close && clear(i) && clear(k) && pick[i] !== pick[k]
      const enc = this.encounters.get(far)
      const expired = enc?.lastClose != null && t - enc.lastClose > UNTANGLE_S
      if (!enc || apart || expired) {
        this.encounters.set(far, { lastClose: close ? t : null, moments: [t], seen: [[], []] })
        continue
      }
      if (close) enc.lastClose = t
      enc.moments.push(t)
      ;[i, k].forEach((j, n) => {
        if (clear(j)) enc.seen[n]!.push({ t, look: boxOf(j)!.app! })
      })
    }
  }
}
