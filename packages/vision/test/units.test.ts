import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { linkTrajectories } from '../src/ball.js'
import { pickHighlights } from '../src/clips.js'
import { heatmapPng } from '../src/heatmap.js'
import { distanceCovered, playerMetrics } from '../src/metrics.js'
import { andMasks, toGray, type Gray } from '../src/motion.js'
import { verdict } from '../src/verdict.js'
import { onsetsOf, strikeSpans } from '../src/audio.js'
import { CameraWatch } from '../src/camera.js'
import { segmentRallies } from '../src/rallies.js'
import { selectTiles } from '../src/tiles.js'
import { withHidden } from '../src/looks.js'
import type { TrackSample } from '../src/tracker.js'

const sample = (t: number, x: number, y: number): TrackSample => ({
  t,
  frame: Math.round(t * 30),
  x,
  y,
  ref: 0,
})

describe('metrics', () => {
  it('ignores jitter of a standing player but counts real movement', () => {
    const still = Array.from({ length: 40 }, (_, i) => sample(i * 0.5, 2 + (i % 2) * 0.1, 3))
    expect(distanceCovered(still).value).toBe(0)
    const walk = Array.from({ length: 21 }, (_, i) => sample(i * 0.5, 1, 1 + i * 0.5))
    expect(distanceCovered(walk).value).toBeCloseTo(10, 5)
  })

  it('does not count a one-round detector glitch as running there and back', () => {
    const walk = Array.from({ length: 21 }, (_, i) => sample(i * 0.5, 1, 1 + i * 0.5))
    walk[10] = { ...walk[10]!, x: 2.5 } // 1.5 m off for one round
    expect(distanceCovered(walk).value).toBeCloseTo(10, 5)
  })

  it('splits time by distance to the net and finds the partner distance', () => {
    const a = Array.from({ length: 11 }, (_, i) => sample(i, 2, i < 5 ? 6 : 1)) // 5 s at net, 5 s back
    const b = a.map((s) => ({ ...s, x: 6 }))
    const m = playerMetrics(1, a, b, 2)
    expect(m.timeNearNetSec.value).toBe(5)
    expect(m.timeBackSec.value).toBe(5)
    expect(m.timeMidSec.value).toBe(0)
    expect(m.avgPartnerDistanceM.value).toBe(4)
    expect(m.side).toBe('near')
    expect(m.distanceM.value).toBe(5)
    expect(m.distanceM.frames).toEqual([0, 150])
    expect(m.heatmap.seconds.reduce((s, v) => s + v, 0)).toBeCloseTo(10, 5)
  })

  it('credits no time to a place while the player is unseen beyond a short gap', () => {
    // Seen at 0 s and 0.5 s at the net, then only again 4 s later at the back.
    const a = [sample(0, 2, 7), sample(0.5, 2, 7), sample(4.5, 2, 1), sample(5, 2, 1)]
    const m = playerMetrics(1, a, [], 2)
    expect(m.timeNearNetSec.value).toBe(1.5)
    expect(m.timeBackSec.value).toBe(0.5)
  })

  it('leaves positions off the court out of the heatmap instead of piling them on its edge', () => {
    const behind = Array.from({ length: 5 }, (_, i) => sample(i * 0.5, 4, -1.5))
    const m = playerMetrics(1, [...behind, sample(2.5, 4, 1), sample(3, 4, 1)], [], 2)
    const total = m.heatmap.seconds.reduce((s, v) => s + v, 0)
    expect(total).toBeCloseTo(0.5, 5)
    expect(m.timeBackSec.value).toBe(3)
  })

  it('renders the heatmap as a PNG of the court', () => {
    const m = playerMetrics(1, [sample(0, 2, 3), sample(1, 2, 3), sample(2, 6, 12)], [], 2)
    const png = PNG.sync.read(heatmapPng(m.heatmap))
    expect(png.width).toBeGreaterThan(100)
    expect(png.height).toBeGreaterThan(png.width)
    // The visited cell (x 2 m, y 3 m from the near baseline at the bottom) is red-ish.
    const px = 12 + 2.25 * 24
    const py = 12 + (16 - 3.25) * 24
    const i = (Math.round(py) * png.width + Math.round(px)) * 4
    expect(png.data[i]).toBeGreaterThan(180)
    expect(png.data[i + 1]).toBeLessThan(80)
  })
})

describe('verdict', () => {
  const good = { durationSec: 60, rounds: 120, fourRounds: 110, started: true }
  it('refuses when one of the four tracks has positions in under half the rounds', () => {
    expect(verdict({ ...good, trackRounds: [120, 118, 115, 110] })).toBeNull()
    expect(verdict({ ...good, trackRounds: [120, 118, 1, 110] })).toMatch(
      /jogador 3 foi acompanhado em apenas 1%/,
    )
  })
  it('refuses a clip too short to say anything, and names the cause', () => {
    expect(
      verdict({ ...good, durationSec: 1, rounds: 2, fourRounds: 2, trackRounds: [2, 2, 2, 2] }),
    ).toMatch(/curto demais/)
    expect(verdict({ ...good, started: false, trackRounds: [0, 0, 0, 0] })).toMatch(
      /dois jogadores de cada lado/,
    )
    expect(verdict({ ...good, fourRounds: 10, trackRounds: [120, 118, 115, 110] })).toMatch(
      /Menos de quatro jogadores/,
    )
  })
})

describe('rallies from sound', () => {
  it('hears sharp strikes over background noise', () => {
    // 6 s of quiet noise at 16 kHz with a 3 ms crack every 1.2 s from 1 s on.
    const pcm = new Int16Array(16_000 * 6)
    let seed = 7
    for (let i = 0; i < pcm.length; i++) {
      seed = (seed * 1664525 + 1013904223) >>> 0
      pcm[i] = ((seed / 2 ** 32) * 2 - 1) * 60
    }
    const cracks = [1, 2.2, 3.4, 4.6]
    for (const t of cracks) {
      for (let k = 0; k < 48; k++) pcm[Math.round(t * 16_000) + k] = (k % 2 ? 1 : -1) * 12_000
    }
    const found = onsetsOf(pcm).map((o) => o.t)
    expect(found).toHaveLength(cracks.length)
    found.forEach((t, i) => expect(Math.abs(t - cracks[i]!)).toBeLessThan(0.02))
  })

  it('takes play from chains of strikes where players keep moving between points', () => {
    const fps = 10
    // Players move the whole time (a rally 5–12 s, then walking about until 25 s)...
    const energy = Array.from({ length: 300 }, (_, i) => {
      const t = i / fps
      return { t, frame: i, e: (t >= 5 && t < 25 ? 0.03 : 0.002) + 0.002 * Math.sin(i * 1.7) }
    })
    // ...but the ball is only struck during the rally; a bounce and a shout later on.
    const onsets = [
      ...[5.2, 6.3, 7.5, 8.4, 9.6, 10.9, 11.8].map((t) => ({ t, rise: 30 })),
      { t: 17, rise: 30 },
      { t: 21, rise: 28 },
      { t: 2, rise: 16 },
      { t: 14, rise: 17 },
    ]
    const spans = strikeSpans(onsets)
    expect(spans).toEqual([[5.2, 11.8]])
    const r = segmentRallies(energy, fps, { strikes: spans })
    expect(r.cues).toEqual(['motion', 'sound'])
    expect(r.rallies.map((x) => [x.startSec, x.endSec])).toEqual([
      [expect.closeTo(5, 0), expect.closeTo(12.3, 0)],
    ])
  })
})

describe('rallies', () => {
  it('finds play spans from motion energy within half a second', () => {
    const fps = 10
    const energy = Array.from({ length: 300 }, (_, i) => {
      const t = i / fps
      const play = (t >= 5 && t < 12) || (t >= 17 && t < 26)
      return { t, frame: i, e: (play ? 0.03 : 0.002) + 0.002 * Math.sin(i * 1.7) }
    })
    const r = segmentRallies(energy, fps)
    expect(r.rallies.map((x) => [x.startSec, x.endSec])).toEqual([
      [expect.closeTo(5, 0), expect.closeTo(12, 0)],
      [expect.closeTo(17, 0), expect.closeTo(26, 0)],
    ])
    for (const x of r.rallies)
      expect(Math.abs(x.startSec - Math.round(x.startSec))).toBeLessThan(0.5)
  })
  it('keeps a short burst at a chunk edge only when that edge is open (the rally goes on)', () => {
    const fps = 10
    // A chunk from 13 s to 30 s: a rally already under way until 14.5 s, another from 20 to 28.5.
    const energy = Array.from({ length: 170 }, (_, i) => {
      const t = 13 + i / fps
      const play = t < 14.5 || (t >= 20 && t < 28.5)
      return { t, frame: i, e: (play ? 0.03 : 0.002) + 0.002 * Math.sin(i * 1.7) }
    })
    const closed = segmentRallies(energy, fps)
    expect(closed.rallies.map((x) => x.startSec)).toEqual([expect.closeTo(20, 0)])
    const open = segmentRallies(energy, fps, { openStart: true })
    expect(open.rallies.map((x) => [x.startSec, x.endSec])).toEqual([
      [expect.closeTo(13, 0), expect.closeTo(14.5, 0)],
      [expect.closeTo(20, 0), expect.closeTo(28.5, 0)],
    ])
  })
  it('reports no contrast instead of inventing rallies in a static video', () => {
    const energy = Array.from({ length: 100 }, (_, i) => ({ t: i / 10, frame: i, e: 0.001 }))
    const r = segmentRallies(energy, 10)
    expect(r.contrast).toBe(false)
    expect(r.rallies).toEqual([])
  })
  it('picks the longest rallies for highlights, in match order', () => {
    const spans = [
      { startSec: 0, endSec: 5 },
      { startSec: 10, endSec: 30 },
      { startSec: 40, endSec: 44 },
      { startSec: 50, endSec: 60 },
    ]
    expect(pickHighlights(spans, 2)).toEqual([spans[1], spans[3]])
  })
})

describe('ball', () => {
  it('keeps the pixels changed on both sides of a frame, at any length and offset', () => {
    const bits = (n: number, seed: number) =>
      Uint8Array.from({ length: n }, (_, i) => ((i * 7919 + seed) % 13 < 5 ? 1 : 0))
    for (const [n, offset] of [
      [64, 0],
      [67, 0],
      [66, 1],
    ] as const) {
      const a = new Uint8Array(n + offset + 1).subarray(offset, offset + n)
      const b = new Uint8Array(n + 3).subarray(0, n)
      a.set(bits(n, 1))
      b.set(bits(n, 6))
      expect(Array.from(andMasks(a, b))).toEqual(Array.from(a, (v, i) => v & b[i]!))
    }
  })

  it('links a fast, straight flight and drops slow or isolated blobs', () => {
    const frames = Array.from({ length: 8 }, (_, i) => ({
      t: i / 10,
      frame: i,
      blobs: [
        { x: 100 + 30 * i, y: 200 - 10 * i, area: 6, w: 4, h: 4 }, // the ball
        { x: 500 + i, y: 300, area: 6, w: 4, h: 4 }, // a slow edge
        ...(i === 3 ? [{ x: 50, y: 50, area: 5, w: 3, h: 3 }] : []), // noise
      ],
    }))
    const tr = linkTrajectories(frames, { maxStepPx: 80, minStepPx: 10 })
    expect(tr).toHaveLength(1)
    expect(tr[0]!.estimated).toBe(true)
    expect(tr[0]!.frames).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })
})

describe('grey frames', () => {
  it('averages 2×2 blocks with BT.601 weights (the fast path agrees with any other scale)', () => {
    const width = 8
    const height = 6
    const data = new Uint8Array(width * height * 3).map((_, i) => (i * 37 + 11) % 256)
    const frame = { index: 0, timeSec: 0, width, height, data }
    const half = toGray(frame, 2)
    const full = toGray(frame, 1)
    expect(half.width).toBe(4)
    expect(half.height).toBe(3)
    for (let y = 0; y < 3; y++)
      for (let x = 0; x < 4; x++) {
        const px = (dx: number, dy: number) => full.data[(2 * y + dy) * width + 2 * x + dx]!
        const mean = (px(0, 0) + px(1, 0) + px(0, 1) + px(1, 1)) / 4
        expect(Math.abs(half.data[y * 4 + x]! - mean)).toBeLessThanOrEqual(1)
      }
    // Pure white stays white, pure black stays black.
    expect(toGray({ ...frame, data: new Uint8Array(data.length).fill(255) }, 2).data[0]).toBe(255)
    expect(toGray({ ...frame, data: new Uint8Array(data.length) }, 2).data[5]).toBe(0)
  })
})

describe('tile selection', () => {
  it('keeps only tiles that hold a tracked player whole, or null when one fits none', () => {
    const tiles = [
      { x: 0, y: 0, size: 300 },
      { x: 250, y: 0, size: 300 },
      { x: 500, y: 0, size: 300 },
    ]
    const box = (x: number) => ({ x, y: 100, w: 40, h: 120 })
    expect(selectTiles(tiles, [box(20), box(60)])).toEqual([tiles[0]])
    // Straddling the first seam (260–300) only fits the middle tile whole.
    expect(selectTiles(tiles, [box(20), box(265)])).toEqual([tiles[0], tiles[1]])
    expect(selectTiles(tiles, [box(20), box(790)])).toBeNull()
  })
})

describe('camera watch', () => {
  const W = 200
  const H = 120
  const texture = (seed: number, shift = 0): Gray => {
    let s = seed
    const base = Array.from({ length: (W + 40) * (H + 40) }, () => {
      s = (s * 1664525 + 1013904223) >>> 0
      return s >>> 24
    })
    // Blocky texture (lines, banners), shifted left by `shift` pixels.
    const data = new Uint8Array(W * H)
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        data[y * W + x] = base[(y >> 3) * (W + 40) + ((x + shift + 20) >> 3)]!
    return { width: W, height: H, scale: 2, data }
  }
  it('tells a still camera from a moved one and from a cut', () => {
    const watch = new CameraWatch(texture(1))
    expect(watch.check(1, texture(1)).moved).toBe(false)
    // One odd look is not enough; the camera stays moved, so the second confirms it.
    expect(watch.check(2, texture(1, 6)).moved).toBe(false)
    const moved = watch.check(3, texture(1, 6))
    expect(moved.moved).toBe(true)
    expect(moved.dx).toBe(-6) // the picture moved 6 px to the left
    expect(watch.check(4, texture(99)).cut).toBe(true)
    expect(watch.check(5, texture(1)).moved).toBe(false)
    expect(watch.movedSpans(6)).toEqual([{ fromSec: 1, toSec: 5, cut: true }])
  })
  it('refuses a video whose camera moved for most of it, saying so', () => {
    expect(
      verdict({
        durationSec: 60,
        rounds: 40,
        fourRounds: 40,
        started: true,
        trackRounds: [40, 40, 40, 40],
        cameraMoved: [{ fromSec: 10, toSec: 60, cut: false }],
      }),
    ).toMatch(/câmera se moveu/)
  })
})

describe('a look for a hidden player', () => {
  it('keeps the half of them that shows beside their partner, not a second box of the partner', () => {
    const partner = { x: 100, y: 50, w: 50, h: 130, score: 0.5 }
    const half = { x: 132, y: 46, w: 20, h: 102, score: 0.45 }
    const again = { x: 104, y: 54, w: 45, h: 120, score: 0.46 }
    expect(withHidden([partner], [again, half])).toEqual([partner, half])
  })
})
