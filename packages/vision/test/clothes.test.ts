import { describe, expect, it } from 'vitest'
import { describe as clothesOf } from '../src/appearance.js'
import { clothesIn, MIN_SHARE, seeHidden } from '../src/clothes.js'
import type { Box } from '../src/detector.js'
import type { Frame } from '../src/ffmpeg.js'
import { courtToImage, mapCourt, type Corners } from '../src/homography.js'
import { PERSON_M } from '../src/people.js'
import { personHeightPx } from '../src/perspective.js'
import { Tracker, type CourtDetection } from '../src/tracker.js'

type RGB = [number, number, number]
const GRASS: RGB = [60, 140, 60]
const WHITE: RGB = [235, 235, 235]
const NAVY: RGB = [30, 40, 120]
const PINK: RGB = [235, 80, 160]
const BLACK: RGB = [20, 20, 20]

function frameOf(width: number, height: number, t = 0, fill: RGB = GRASS): Frame {
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) data.set(fill, i * 3)
  return { index: 0, timeSec: t, width, height, data }
}

function paint(f: Frame, x: number, y: number, w: number, h: number, c: RGB) {
  for (let r = Math.max(0, Math.round(y)); r < Math.min(f.height, Math.round(y + h)); r++)
    for (let q = Math.max(0, Math.round(x)); q < Math.min(f.width, Math.round(x + w)); q++)
      f.data.set(c, (r * f.width + q) * 3)
}

/** A person drawn in a box: shirt over the upper half, shorts below it. */
function person(f: Frame, b: Box, shirt: RGB, shorts: RGB) {
  paint(f, b.x + 0.2 * b.w, b.y, 0.6 * b.w, 0.5 * b.h, shirt)
  paint(f, b.x + 0.2 * b.w, b.y + 0.5 * b.h, 0.6 * b.w, 0.3 * b.h, shorts)
}

const box = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h })

describe('a player hidden in their partner’s box, by their clothes', () => {
  // What each wears, learnt from clear views of them apart.
  const alone = frameOf(300, 200)
  person(alone, box(20, 20, 40, 120), WHITE, NAVY)
  person(alone, box(200, 20, 40, 120), PINK, BLACK)
  const him = clothesOf(alone, box(20, 20, 40, 120))!
  const her = clothesOf(alone, box(200, 20, 40, 120))!

  it('finds the half of her that shows beside him, and where across the box it is', () => {
    const f = frameOf(300, 200)
    // She stands a little behind him and to his right: her right half shows.
    person(f, box(112, 32, 40, 118), PINK, BLACK)
    person(f, box(100, 40, 40, 120), WHITE, NAVY)
    const shared = box(100, 32, 56, 128)
    const seen = clothesIn(f, shared, her, him)
    expect(seen).not.toBeNull()
    expect(seen!.share).toBeGreaterThanOrEqual(MIN_SHARE)
    // Her pixels that show run from his shirt's right edge (132) to hers (144).
    expect(seen!.x).toBeGreaterThan(130)
    expect(seen!.x).toBeLessThan(146)
  })

  it('finds no one in his box when she is not there, even with a little of her colour on him', () => {
    const f = frameOf(300, 200)
    person(f, box(100, 40, 40, 120), WHITE, NAVY)
    paint(f, 112, 60, 4, 4, PINK) // a logo on his shirt
    expect(clothesIn(f, box(100, 40, 40, 120), her, him)).toBeNull()
  })

  it('says nothing when what is beside the box has her colour too (a banner, a wall)', () => {
    const f = frameOf(300, 200, 0, PINK)
    person(f, box(112, 32, 40, 118), PINK, BLACK)
    person(f, box(100, 40, 40, 120), WHITE, NAVY)
    expect(clothesIn(f, box(100, 32, 56, 128), her, him)).toBeNull()
  })

  describe('in a round of the tracker', () => {
    const corners: Corners = [
      { x: 140.7, y: 525.9 },
      { x: 1140.4, y: 525.4 },
      { x: 875.1, y: 202.3 },
      { x: 402.7, y: 204.0 },
    ]
    const m = mapCourt(corners)!
    const imageBox = (p: { x: number; y: number }): Box => {
      const foot = courtToImage(m, p)
      const h = personHeightPx(m, null, p, PERSON_M)
      return box(foot.x - 0.2 * h, foot.y - h, 0.4 * h, h)
    }
    const near: CourtDetection[] = [
      { court: { x: 2, y: 3 }, ref: 0 },
      { court: { x: 6, y: 3 }, ref: 1 },
    ]
    const partner = { x: 5, y: 12 }

    /** Four players, then the far-left one behind her partner for a round; at 1 s, the round. */
    function setUp() {
      const tracker = new Tracker()
      tracker.update(0, 0, [
        ...near,
        { court: { x: 4.4, y: 12.4 }, ref: 2 },
        { court: partner, ref: 3 },
      ])
      tracker.tracks[2]!.app = her
      tracker.tracks[3]!.app = him
      tracker.update(0.5, 30, [...near, { court: partner, ref: 3 }])
      const ids = tracker.update(1, 60, [...near, { court: partner, ref: 3 }])
      return { tracker, ids }
    }

    /** The round's frame at 1 s, half of her showing beside him, one box over both (ref 3). */
    function herHalfShowing() {
      const f = frameOf(1280, 720, 1)
      const his = imageBox(partner)
      person(f, box(his.x - 0.4 * his.w, his.y - 3, his.w, his.h), PINK, BLACK)
      person(f, his, WHITE, NAVY)
      const shared = box(his.x - 0.4 * his.w, his.y - 3, 1.4 * his.w, his.h + 3)
      return { f, boxes: [imageBox(near[0]!.court), imageBox(near[1]!.court), shared, shared] }
    }

    it('puts her where her clothes show, and keeps her box apart from the detector’s', () => {
      const { tracker, ids } = setUp()
      const { f, boxes } = herHalfShowing()
      const seen = seeHidden(f, tracker, boxes, ids, m, null, 60)
      expect(seen.map((s) => s.id)).toEqual([3])
      expect(seen[0]!.court.x).toBeLessThan(partner.x)
      expect(seen[0]!.court.x).toBeGreaterThan(partner.x - 1)
      // She stays as far behind him as when she was hidden.
      expect(seen[0]!.court.y).toBeCloseTo(12.4, 0)
      const track = tracker.tracks[2]!
      expect(track.lastT).toBe(1)
      expect(track.samples.at(-1)).toMatchObject({ t: 1, shared: true, ref: 3 })
      // What she wears is not learnt from a box that is mostly his.
      expect(track.app).toBe(her)
      expect(tracker.hiddenBehind(2, 1.5)).toBe(3)
    })

    it('places her by her clothes for four seconds at most after the detector last saw her', () => {
      const { tracker, ids } = setUp()
      const { f, boxes } = herHalfShowing()
      const placed: number[] = []
      for (let k = 2; k <= 10; k++) {
        const t = k / 2
        const round =
          k === 2 ? ids : tracker.update(t, 30 * k, [...near, { court: partner, ref: 3 }])
        if (seeHidden({ ...f, timeSec: t }, tracker, boxes, round, m, null, 30 * k).length)
          placed.push(t)
      }
      // Seen by the detector at 0 s: from then on, only until 4 s; she may have walked off.
      expect(placed).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4])
    })

    it('leaves her unseen when only he shows', () => {
      const { tracker, ids } = setUp()
      const f = frameOf(1280, 720, 1)
      const his = imageBox(partner)
      person(f, his, WHITE, NAVY)
      const boxes = [imageBox(near[0]!.court), imageBox(near[1]!.court), his, his]
      expect(seeHidden(f, tracker, boxes, ids, m, null, 60)).toEqual([])
      expect(tracker.tracks[2]!.lastT).toBe(0)
    })
  })
})
