import { describe, expect, it } from 'vitest'
import { feetBehindNet } from '../src/feet.js'
import { courtToImage, mapCourt, type Corners } from '../src/homography.js'
import { cameraOf, personHeightPx } from '../src/perspective.js'

// A broadcast-like view from behind one baseline (1280 × 720).
const corners: Corners = [
  { x: -94.5, y: 818.5 },
  { x: 1364.4, y: 809.4 },
  { x: 912.7, y: 205.5 },
  { x: 333.5, y: 205.4 },
]
const m = mapCourt(corners)!
const cam = cameraOf(m, 1280, 720)

/** The box of a 1.75 m person standing at a court point, its bottom moved by `dy` pixels. */
function boxAt(x: number, y: number, dy = 0) {
  const foot = courtToImage(m, { x, y })
  const h = personHeightPx(m, cam, { x, y }, 1.75)
  return { x: foot.x - h / 4, y: foot.y - h, w: h / 2, h: h + dy, score: 0.5 }
}

describe('feet behind the net', () => {
  it('suspects a far player just behind the net, whose feet the tape line crosses', () => {
    expect(feetBehindNet(m, cam, boxAt(4, 9))).toBe(true)
  })
  it('trusts near players and far players standing above the tape in the picture', () => {
    expect(feetBehindNet(m, cam, boxAt(4, 6))).toBe(false)
    expect(feetBehindNet(m, cam, boxAt(4, 16, 0))).toBe(false)
  })
})
