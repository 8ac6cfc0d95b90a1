import { describe, expect, it } from 'vitest'
import type { Detection } from '../src/detector.js'
import { Follower } from '../src/follow.js'
import type { Gray } from '../src/motion.js'

const W = 160
const H = 120

/** Deterministic texture: a different pattern per seed. */
function texture(seed: number) {
  let s = seed
  const cells = new Uint8Array(64 * 64)
  for (let i = 0; i < cells.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    cells[i] = 40 + (s % 170)
  }
  return (x: number, y: number) => cells[((y >> 1) % 64) * 64 + ((x >> 1) % 64)]!
}

const ground = texture(7)
const person = texture(99)

/** A grey frame (scale 2: one grey pixel is 2×2 frame pixels) with a person patch at (px, py). */
function frame(px: number | null, py: number, pw = 14, ph = 30): Gray {
  const data = new Uint8Array(W * H)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inside = px !== null && x >= px && x < px + pw && y >= py && y < py + ph
      data[y * W + x] = inside ? person(x - px, y - py) : ground(x, y)
    }
  return { width: W, height: H, scale: 2, data }
}

/** The frame-pixel box of a person patch at grey (px, py). */
const box = (px: number, py: number, pw = 14, ph = 30): Detection => ({
  x: px * 2,
  y: py * 2,
  w: pw * 2,
  h: ph * 2,
  score: 0.5,
})

describe('following players between detector rounds', () => {
  it('follows a person frame by frame to where they are', () => {
    const f = new Follower()
    f.start(frame(40, 30), new Map([[1, box(40, 30)]]))
    expect(f.boxes([1])).toBeNull() // not followed yet: nothing to add to the detector's view
    for (let k = 1; k <= 5; k++) f.step(frame(40 + 3 * k, 30 + k))
    const got = f.boxes([1])!.get(1)!
    expect(Math.abs(got.x - 2 * 55)).toBeLessThanOrEqual(2)
    expect(Math.abs(got.y - 2 * 35)).toBeLessThanOrEqual(2)
    expect(got.h).toBe(60)
  })

  it('gives up when the picture is gone (the person walked behind someone) instead of guessing', () => {
    const f = new Follower()
    f.start(frame(40, 30), new Map([[1, box(40, 30)]]))
    f.step(frame(43, 30))
    f.step(frame(null, 30))
    expect(f.boxes([1])).toBeNull()
  })

  it('answers only when every asked player is followed, and never with two boxes on one person', () => {
    const f = new Follower()
    f.start(frame(40, 30), new Map([[1, box(40, 30)]]))
    f.step(frame(42, 30))
    expect(f.boxes([1])).not.toBeNull()
    expect(f.boxes([1, 3])).toBeNull() // player 3 had no box to start from
    const same = new Follower()
    same.start(
      frame(40, 30),
      new Map([
        [1, box(40, 30)],
        [2, box(42, 30)],
      ]),
    )
    same.step(frame(42, 30))
    expect(same.boxes([1, 2])).toBeNull()
  })
})
