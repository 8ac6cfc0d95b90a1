// Court-coverage heatmap as a PNG (pngjs): the 8 × 16 m court seen from above, near baseline at
// the bottom, cells coloured from sand (never there) to red (most time), lines and net on top.
import { PNG } from 'pngjs'
import type { PlayerMetrics } from './metrics.js'

const PX_PER_M = 24
const MARGIN = 12

function colour(v: number): [number, number, number] {
  // sand → yellow → orange → red
  const stops: Array<[number, number, number]> = [
    [238, 222, 186],
    [250, 215, 80],
    [240, 140, 40],
    [200, 30, 30],
  ]
  const x = Math.max(0, Math.min(1, v)) * (stops.length - 1)
  const i = Math.min(stops.length - 2, Math.floor(x))
  const f = x - i
  const a = stops[i]!
  const b = stops[i + 1]!
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number]
}

export function heatmapPng(h: PlayerMetrics['heatmap']): Buffer {
  const courtW = h.cols * h.cellM * PX_PER_M
  const courtH = h.rows * h.cellM * PX_PER_M
  const png = new PNG({ width: courtW + 2 * MARGIN, height: courtH + 2 * MARGIN })
  const max = Math.max(1e-9, ...h.seconds)
  const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const i = (y * png.width + x) * 4
    png.data[i] = r
    png.data[i + 1] = g
    png.data[i + 2] = b
    png.data[i + 3] = 255
  }
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) set(x, y, [225, 205, 160])
  const cellPx = h.cellM * PX_PER_M
  for (let y = 0; y < courtH; y++) {
    // Row 0 of the grid is the near baseline; draw it at the bottom.
    const row = h.rows - 1 - Math.floor(y / cellPx)
    for (let x = 0; x < courtW; x++) {
      const col = Math.floor(x / cellPx)
      set(x + MARGIN, y + MARGIN, colour(Math.sqrt((h.seconds[row * h.cols + col] ?? 0) / max)))
    }
  }
  const white: [number, number, number] = [255, 255, 255]
  for (let k = -1; k <= 1; k++) {
    for (let x = MARGIN; x <= MARGIN + courtW; x++) {
      set(x, MARGIN + k + 1, white)
      set(x, MARGIN + courtH + k - 1, white)
      set(x, MARGIN + courtH / 2 + k, [60, 60, 60])
    }
    for (let y = MARGIN; y <= MARGIN + courtH; y++) {
      set(MARGIN + k + 1, y, white)
      set(MARGIN + courtW + k - 1, y, white)
    }
  }
  return PNG.sync.write(png)
}
