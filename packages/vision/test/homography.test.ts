import { describe, expect, it } from 'vitest'
import {
  COURT_CORNERS,
  applyHomography,
  courtToImage,
  imageToCourt,
  isConvexQuad,
  mapCourt,
  onCourt,
  solveHomography,
  type Corners,
} from '../src/homography.js'

const corners: Corners = [
  { x: 130, y: 520 },
  { x: 830, y: 520 },
  { x: 660, y: 190 },
  { x: 300, y: 190 },
]

describe('homography', () => {
  it('maps the four image corners exactly onto the 8 × 16 m court and back', () => {
    const m = mapCourt(corners)!
    corners.forEach((c, i) => {
      const p = imageToCourt(m, c)
      expect(p.x).toBeCloseTo(COURT_CORNERS[i]!.x, 6)
      expect(p.y).toBeCloseTo(COURT_CORNERS[i]!.y, 6)
      const back = courtToImage(m, p)
      expect(back.x).toBeCloseTo(c.x, 6)
      expect(back.y).toBeCloseTo(c.y, 6)
    })
  })

  it('recovers a known projective transform at points other than the corners', () => {
    // A made-up camera: H maps court metres to pixels with real perspective (h31, h32 ≠ 0).
    const H = [60, 12, 200, -3, -18, 500, 0.002, 0.03, 1] as const
    const img = COURT_CORNERS.map((p) => applyHomography([...H], p)) as Corners
    const m = mapCourt(img)!
    for (const p of [
      { x: 4, y: 8 },
      { x: 1.5, y: 12.3 },
      { x: 7, y: 2 },
    ]) {
      const q = imageToCourt(m, applyHomography([...H], p))
      expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeLessThan(1e-6)
    }
    // Net centre is not the midpoint of the image quadrilateral: perspective matters.
    const netImg = courtToImage(m, { x: 4, y: 8 })
    const naiveMid = { x: (img[0].x + img[2].x) / 2, y: (img[0].y + img[2].y) / 2 }
    expect(Math.hypot(netImg.x - naiveMid.x, netImg.y - naiveMid.y)).toBeGreaterThan(5)
  })

  it('rejects corners that cannot be a court', () => {
    const crossed: Corners = [corners[0], corners[2], corners[1], corners[3]]
    expect(isConvexQuad(crossed)).toBe(false)
    expect(mapCourt(crossed)).toBeNull()
    const collinear: Corners = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 3, y: 5 },
    ]
    expect(mapCourt(collinear)).toBeNull()
    expect(
      solveHomography([corners[0], corners[0], corners[0], corners[0]], COURT_CORNERS),
    ).toBeNull()
  })

  it('keeps players within the margins and rejects people beyond them', () => {
    expect(onCourt({ x: -1, y: 17 }, 1.5, 2.5)).toBe(true)
    expect(onCourt({ x: -3.2, y: 10 }, 1.5, 2.5)).toBe(false)
    expect(onCourt({ x: 4, y: -3 }, 1.5, 2.5)).toBe(false)
  })
})
