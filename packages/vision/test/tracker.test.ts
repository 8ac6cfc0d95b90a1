import { describe, expect, it } from 'vitest'
import { assign } from '../src/assign.js'
import { initialIds, Tracker, type CourtDetection } from '../src/tracker.js'
import { relabelRounds } from '../src/untangle.js'

/** Deterministic noise for repeatable tests. */
function rng(seed: number) {
  let s = seed
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1
}

/** Clothes: each person's torso and legs fall in their own colour bins. */
function looks(k: number): Float32Array {
  const a = new Float32Array(24)
  a[k] = 1
  a[12 + k] = 1
  return a
}

/** Clothes partly alike (both in white, say): `own` of each part in their own bin. */
function partly(k: number, own: number): Float32Array {
  const a = new Float32Array(24)
  a[k] = own
  a[6] = 1 - own
  a[12 + k] = own
  a[18] = 1 - own
  return a
}

/** One box over two people: half of each one's colours. */
const mixed = (p: Float32Array, q: Float32Array) => p.map((v, i) => 0.5 * v + 0.5 * q[i]!)

describe('assignment', () => {
  it('finds the minimum total cost, not the greedy one', () => {
    // Greedy would give track 0 detection 0 (cost 1) and leave track 1 with 10; optimal is 2 + 2.
    const pick = assign(
      [
        [1, 2],
        [2, 10],
      ],
      100,
    )
    expect(pick).toEqual([1, 0])
  })
  it('leaves a track unmatched when every detection is outside its gate', () => {
    expect(assign([[Infinity], [0.5]], 3)).toEqual([null, 0])
  })
})

describe('tracker', () => {
  it('numbers players near-left, near-right, far-left, far-right', () => {
    expect(
      initialIds([
        { x: 6, y: 12 },
        { x: 2, y: 3 },
        { x: 1, y: 13 },
        { x: 7, y: 2 },
      ]),
    ).toEqual([4, 1, 3, 2])
  })

  it('keeps identities when partners cross, with noise, misses and a spectator', () => {
    const noise = rng(3)
    // Near partners swap sides (cross at t = 5 s) — the hard case for a nearest-neighbour tracker.
    const truth = (p: number, t: number) => {
      const u = Math.min(1, Math.max(0, (t - 2) / 6))
      switch (p) {
        case 0:
          return { x: 1.5 + 5 * u, y: 3 + 0.8 * Math.sin(t) }
        case 1:
          return { x: 6.5 - 5 * u, y: 4.5 - 0.8 * Math.sin(t) }
        case 2:
          return { x: 2 + Math.sin(t / 2), y: 12 }
        default:
          return { x: 6 - Math.sin(t / 2), y: 13 + Math.cos(t / 2) }
      }
    }
    const tracker = new Tracker()
    const labels = new Map<number, number[]>()
    for (let k = 0; k <= 30; k++) {
      const t = k * 0.5
      const dets: CourtDetection[] = []
      ;[0, 1, 2, 3].forEach((p) => {
        if (k > 0 && (k + p) % 7 === 0) return // a missed detection now and then
        const q = truth(p, t)
        dets.push({ court: { x: q.x + 0.1 * noise(), y: q.y + 0.1 * noise() }, ref: p })
      })
      dets.push({ court: { x: -1.2, y: 9 }, ref: 9 }) // someone at the net post
      dets.reverse()
      for (const [ref, id] of tracker.update(t, k, dets)) {
        if (ref === 9) continue
        labels.set(id, [...(labels.get(id) ?? []), ref])
      }
    }
    expect(tracker.started).toBe(true)
    // Each identity only ever received its own player's detections.
    for (const [, refs] of labels) expect(new Set(refs).size).toBe(1)
    expect([...labels.keys()].sort()).toEqual([1, 2, 3, 4])
  })

  it('starts only on two players on each side of the net (not three and one)', () => {
    const tracker = new Tracker()
    const threeOne: CourtDetection[] = [
      { court: { x: 2, y: 3 }, ref: 0 },
      { court: { x: 6, y: 3 }, ref: 1 },
      { court: { x: 4, y: 6 }, ref: 2 },
      { court: { x: 4, y: 12 }, ref: 3 },
    ]
    expect(tracker.update(0, 0, threeOne).size).toBe(0)
    expect(tracker.started).toBe(false)
    const twoTwo = threeOne.map((d, i) => (i === 2 ? { ...d, court: { x: 2, y: 12 } } : d))
    tracker.update(0.5, 15, twoTwo)
    expect(tracker.tracks.map((t) => t.id)).toEqual([1, 2, 3, 4])
  })

  it('picks a lost player up again where they ran to, not the official by the net post', () => {
    const tracker = new Tracker()
    const players = (t: number, withFarLeft: boolean): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...(withFarLeft ? [{ court: { x: 2, y: 12 - 0.8 * t }, ref: 2, app: looks(2) }] : []),
      { court: { x: 6, y: 12 }, ref: 3, app: looks(3) },
      { court: { x: -1.3, y: 7.8 }, ref: 9, app: looks(9) },
    ]
    for (let k = 0; k < 4; k++) tracker.update(k * 0.5, k, players(k * 0.5, true))
    // The far-left player is out of sight for three seconds (behind the net band, say) and
    // comes back 2.8 m from where they were last seen.
    for (let k = 4; k < 10; k++) {
      const ids = tracker.update(k * 0.5, k, players(k * 0.5, false))
      expect(ids.get(9)).toBeUndefined()
    }
    const back = tracker.update(5, 10, players(5, true))
    expect(back.get(2)).toBe(3)
    expect(back.get(9)).toBeUndefined()
  })

  it('picks up a player again who waits far behind the baseline, where officials could stand', () => {
    const tracker = new Tracker()
    // The far-left player walks back 2.6 m behind the far baseline to serve and waits there.
    const farLeft = (t: number) => ({ x: 2, y: Math.min(18.6, 12 + 3 * t) })
    const round = (t: number, seen: boolean): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...(seen ? [{ court: farLeft(t), ref: 2, app: looks(2) }] : []),
      { court: { x: 6, y: 12 }, ref: 3, app: looks(3) },
    ]
    for (let k = 0; k < 10; k++) tracker.update(k * 0.5, k, round(k * 0.5, true))
    // Missed for a second (the detector lost them against the fence), then there again.
    for (let k = 10; k < 12; k++) tracker.update(k * 0.5, k, round(k * 0.5, false))
    for (let k = 12; k < 16; k++)
      expect(tracker.update(k * 0.5, k, round(k * 0.5, true)).get(2)).toBe(3)
  })
  it('picks a lost player up by elimination when the light has changed how their clothes look', () => {
    const tracker = new Tracker()
    const round = (farLeft: CourtDetection[], extra: CourtDetection[] = []): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...farLeft,
      { court: { x: 6, y: 12 }, ref: 3, app: looks(3) },
      ...extra,
    ]
    for (let k = 0; k < 4; k++)
      tracker.update(k * 0.5, k, round([{ court: { x: 2, y: 12 }, ref: 2, app: looks(2) }]))
    // Hidden behind their partner for three seconds; they come back 3 m away, in the shade:
    // nothing of their colours left.
    for (let k = 4; k < 10; k++) tracker.update(k * 0.5, k, round([]))
    const back = round([{ court: { x: 3.5, y: 15.2 }, ref: 2, app: looks(7) }])
    expect(tracker.update(5, 10, back).get(2)).toBe(3)
  })

  it('does not guess by elimination between two people left over on that side', () => {
    const tracker = new Tracker()
    const round = (farLeft: CourtDetection[]): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...farLeft,
      { court: { x: 6, y: 12 }, ref: 3, app: looks(3) },
    ]
    for (let k = 0; k < 4; k++)
      tracker.update(k * 0.5, k, round([{ court: { x: 2, y: 12 }, ref: 2, app: looks(2) }]))
    for (let k = 4; k < 10; k++) tracker.update(k * 0.5, k, round([]))
    const ids = tracker.update(
      5,
      10,
      round([
        { court: { x: 3.5, y: 15.2 }, ref: 2, app: looks(7) },
        { court: { x: 1, y: 14 }, ref: 4, app: looks(8) },
      ]),
    )
    expect(ids.get(2)).toBeUndefined()
    expect(ids.get(4)).toBeUndefined()
  })
  it('keeps a player hidden behind their partner moving with them, for a while', () => {
    const tracker = new Tracker()
    const partnerAt = (t: number) => ({ x: 5 + 1.2 * t, y: 12 })
    const round = (t: number, farLeftSeen: boolean): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...(farLeftSeen ? [{ court: { x: 4.5, y: 12.5 }, ref: 2, app: looks(2) }] : []),
      { court: partnerAt(t), ref: 3, app: looks(3) },
    ]
    tracker.update(0, 0, round(0, true))
    // From 0.5 s the far-left player is behind the far-right one, who walks on to the right.
    for (let k = 1; k <= 6; k++) tracker.update(k * 0.5, k, round(k * 0.5, false))
    const hidden = tracker.tracks.findIndex((tr) => tr.id === 3)
    expect(tracker.hiddenBehind(hidden, 3.5)).not.toBeNull()
    const p = tracker.predict(3.5)[hidden]!
    // Where the partner is predicted to be, as they stood from them when last seen (1.1 m to the
    // left and 0.5 m behind the partner's first position without them).
    const q = tracker.predict(3.5)[tracker.tracks.findIndex((tr) => tr.id === 4)]!
    expect(p.x - q.x).toBeCloseTo(-1.1, 1)
    expect(p.y - q.y).toBeCloseTo(0.5, 1)
    // Not for ever: after a few seconds they are searched for like any lost player.
    expect(tracker.hiddenBehind(hidden, 9)).toBeNull()
  })

  it('does not take a player lost far from their partner to be behind them', () => {
    const tracker = new Tracker()
    const round = (farLeftSeen: boolean): CourtDetection[] => [
      { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
      { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
      ...(farLeftSeen ? [{ court: { x: 1, y: 14 }, ref: 2, app: looks(2) }] : []),
      { court: { x: 6, y: 11 }, ref: 3, app: looks(3) },
    ]
    tracker.update(0, 0, round(true))
    tracker.update(0.5, 1, round(false))
    expect(
      tracker.hiddenBehind(
        tracker.tracks.findIndex((tr) => tr.id === 3),
        1,
      ),
    ).toBeNull()
  })

  describe('partners who meet and go back', () => {
    // The far partners walk to the middle, pass each other behind one box, and walk back to
    // their own sides: their pace through the meeting says they crossed, their clothes (alike
    // but for one colour) say they did not.
    const mid = (t: number) => (t < 2 ? Math.max(0, t - 0.5) : Math.max(0, 1.5 - 1.5 * (t - 2)))
    const left = (t: number) => ({ x: 2.5 + 1.5 * mid(t), y: 12.7 })
    const right = (t: number) => ({ x: 5.5 - 1.5 * mid(t), y: 12.3 })
    const run = (leftLooks: Float32Array, rightLooks: Float32Array, hidden = false) => {
      const tracker = new Tracker()
      const ids: Array<Map<number, number>> = []
      for (let k = 0; k <= 10; k++) {
        const t = k * 0.5
        const a = left(t)
        const b = right(t)
        const together = Math.hypot(a.x - b.x, a.y - b.y) < 1.2
        ids.push(
          tracker.update(t, k, [
            { court: { x: 2, y: 3 }, ref: 0, app: looks(0) },
            { court: { x: 6, y: 3 }, ref: 1, app: looks(1) },
            ...(together
              ? [
                  hidden
                    ? { court: b, ref: 3, app: rightLooks }
                    : {
                        court: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
                        ref: 2,
                        app: mixed(leftLooks, rightLooks),
                        overlapped: true,
                      },
                ]
              : [
                  { court: a, ref: 2, app: leftLooks },
                  { court: b, ref: 3, app: rightLooks },
                ]),
          ]),
        )
      }
      return { tracker, ids }
    }

    it('gives each their own identity back, and their positions since they met', () => {
      // While together, the right player (nearer the net) hides the left one.
      const { tracker, ids } = run(partly(2, 0.35), partly(3, 0.35), true)
      // Back apart, the left player's box is player 3 (far-left) again, the right one's 4.
      for (const round of ids.slice(6)) {
        expect(round.get(2)).toBe(3)
        expect(round.get(3)).toBe(4)
      }
      // Every position player 3 has is the left player's, before and after the meeting.
      const three = tracker.tracks.find((tr) => tr.id === 3)!
      for (const s of three.samples) expect(Math.abs(s.x - left(s.t).x)).toBeLessThan(0.6)
      expect(tracker.swaps).toHaveLength(1)
      expect(tracker.swaps[0]!.ids.toSorted()).toEqual([3, 4])
      // Rounds reported before the exchange name the players as the tracker now does.
      const rounds = ids.map((round, k) => ({
        t: k * 0.5,
        boxes: [...round.entries()].map(([ref, playerId]) => ({ ref, playerId })),
      }))
      relabelRounds(rounds, tracker.swaps[0]!)
      for (const r of rounds)
        for (const b of r.boxes.filter((b) => b.ref >= 2)) {
          const s = tracker.tracks.find((tr) => tr.id === b.playerId)!.samples
          expect(s.some((p) => p.t === r.t && p.ref === b.ref)).toBe(true)
        }
    })

    it('also when one box held both of them', () => {
      const { ids } = run(partly(2, 0.35), partly(3, 0.35))
      for (const round of ids.slice(6)) {
        expect(round.get(2)).toBe(3)
        expect(round.get(3)).toBe(4)
      }
    })

    it('changes nothing when the partners dress alike', () => {
      expect(run(partly(2, 0.05), partly(3, 0.05), true).tracker.swaps).toEqual([])
      expect(run(partly(2, 0.05), partly(3, 0.05)).tracker.swaps).toEqual([])
    })
  })
})
