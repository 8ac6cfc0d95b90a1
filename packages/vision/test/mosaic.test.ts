import { describe, expect, it } from 'vitest'
import type { Frame } from '../src/ffmpeg.js'
import { fromMosaic, MOSAIC_CELL, mosaicSize, planMosaic, renderMosaic } from '../src/mosaic.js'

const W = 1280
const H = 720

/** A frame whose pixel at (x, y) encodes its position: R = x / 5, G = y / 3. */
function gradient(): Frame {
  const data = new Uint8Array(W * H * 3)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      data[(y * W + x) * 3] = Math.floor(x / 5)
      data[(y * W + x) * 3 + 1] = Math.floor(y / 3)
    }
  return { index: 0, timeSec: 0, width: W, height: H, data }
}

describe('mosaic of the four predicted players', () => {
  const boxes = [
    { x: 300, y: 400, w: 90, h: 200 }, // near, large
    { x: 800, y: 420, w: 80, h: 190 },
    { x: 480, y: 150, w: 30, h: 60 }, // far, small
    { x: 1240, y: 10, w: 40, h: 90 }, // at the frame's corner: the crop is shifted inside
  ]
  // Cells of 256 px here; the default is smaller (any multiple of 32 works).
  const CELL = 256
  const cells = planMosaic(boxes, W, H, CELL)

  it('centres a crop of about 1.5 box heights on each box, inside the frame, one cell each', () => {
    expect(cells).toHaveLength(4)
    expect(cells[0]!.src.size).toBe(300)
    expect(cells[0]!.src.x + cells[0]!.src.size / 2).toBeCloseTo(345, 0)
    expect(cells[0]!.src.y + cells[0]!.src.size / 2).toBeCloseTo(500, 0)
    // Far players are small: at most 2× upscaling, so their crop is half a cell at least.
    expect(cells[2]!.src.size).toBe(CELL / 2)
    expect(cells[3]!.src.x + cells[3]!.src.size).toBe(W)
    expect(cells[3]!.src.y).toBe(0)
    const dst = cells.map((c) => `${c.dst.x},${c.dst.y},${c.dst.size}`)
    expect(new Set(dst).size).toBe(4)
    expect(cells.every((c) => c.dst.size === CELL)).toBe(true)
    expect(mosaicSize(cells)).toEqual({ width: 2 * CELL, height: 2 * CELL })
  })

  it('draws each crop into its cell (pixels come from where the crop says)', () => {
    const img = renderMosaic(gradient(), cells)
    const side = 2 * CELL
    expect(img.length).toBe(side * side * 3)
    for (const { src, dst } of cells) {
      // The centre of the cell shows the centre of the crop.
      const o = ((dst.y + dst.size / 2) * side + dst.x + dst.size / 2) * 3
      expect(Math.abs(img[o]! - (src.x + src.size / 2) / 5)).toBeLessThanOrEqual(1.5)
      expect(Math.abs(img[o + 1]! - (src.y + src.size / 2) / 3)).toBeLessThanOrEqual(1.5)
    }
  })

  it('maps detections back to frame pixels and drops people cut by a crop edge', () => {
    const c = cells[0]! // frame 195..495 × 350..650 into mosaic 0..256 × 0..256
    const scale = c.src.size / c.dst.size
    const whole = { x: 100, y: 40, w: 40, h: 150, score: 0.5 }
    const cut = { x: 0, y: 40, w: 30, h: 150, score: 0.4 } // touches the cell's left edge
    const out = fromMosaic([whole, cut], cells, W, H)
    expect(out).toHaveLength(1)
    expect(out[0]!.x).toBeCloseTo(c.src.x + 100 * scale, 5)
    expect(out[0]!.y).toBeCloseTo(c.src.y + 40 * scale, 5)
    expect(out[0]!.h).toBeCloseTo(150 * scale, 5)
    expect(out[0]!.score).toBe(0.5)
  })

  it('lays fewer players out in one row of cells, and smaller cells when asked', () => {
    const two = planMosaic(boxes.slice(0, 2), W, H, 192)
    expect(mosaicSize(two)).toEqual({ width: 384, height: 192 })
    expect(two.map((c) => c.dst.x)).toEqual([0, 192])
    // The same crops, drawn smaller.
    expect(two[0]!.src).toEqual(cells[0]!.src)
    const img = renderMosaic(gradient(), two)
    expect(img.length).toBe(384 * 192 * 3)
    expect(MOSAIC_CELL % 32).toBe(0)
    expect(planMosaic(boxes, W, H)[0]!.dst.size).toBe(MOSAIC_CELL)
  })

  it('keeps a person at the edge of the frame itself (nothing was cut there)', () => {
    const c = cells[3]! // its crop touches the frame's top and right edges
    const atTop = { x: c.dst.x + 200, y: c.dst.y, w: 50, h: 120, score: 0.6 }
    expect(fromMosaic([atTop], cells, W, H)).toHaveLength(1)
    const atLeft = { x: c.dst.x, y: c.dst.y + 50, w: 50, h: 120, score: 0.6 }
    expect(fromMosaic([atLeft], cells, W, H)).toHaveLength(0)
  })
})
