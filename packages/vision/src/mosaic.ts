// One detector call for all four tracked players. A call costs what its input's pixel count
// costs (centernet.ts), so once the tracker knows where everyone is, a mosaic of square crops
// around the predicted boxes (each crop scaled so the person fills about half its cell, near the
// scale at which tiles find them) replaces the two to five tiles those players stand in: 2×2
// cells for four players, a row of cells for fewer.
import type { Box, Detection } from './detector.js'
import type { Frame } from './ffmpeg.js'

/** The side of one player's cell in the detector's input (a multiple of 32). */
export const MOSAIC_CELL = 192
/** crop side in expected-box heights: the person is ~half the cell, as in a tile at 1/4 of 512 */
const CROP_PER_BOX = 1.5
/** detections this close (mosaic px) to a cell edge are people cut by the crop: dropped */
const EDGE_PX = 3

export interface MosaicCell {
  /** square window in frame pixels */
  src: { x: number; y: number; size: number }
  /** where it lands in the mosaic */
  dst: { x: number; y: number; size: number }
}

/**
 * A layout for up to four expected boxes (2×2 for four, one row for fewer): each crop is centred
 * on its box and kept inside the frame (shifted, not shrunk, so the player stays whole).
 */
export function planMosaic(
  boxes: Box[],
  frameW: number,
  frameH: number,
  cell = MOSAIC_CELL,
): MosaicCell[] {
  if (boxes.length > 4) throw new Error('a mosaic holds at most four crops')
  const cols = boxes.length === 4 ? 2 : boxes.length
  return boxes.map((b, i) => {
    const wanted = Math.max(b.h, b.w) * CROP_PER_BOX
    // Upscaling beyond 2× only blurs: far players get a bit more context instead.
    const size = Math.round(Math.min(Math.max(wanted, cell / 2), frameW, frameH))
    const cx = b.x + b.w / 2
    const cy = b.y + b.h / 2
    const x = Math.round(Math.max(0, Math.min(frameW - size, cx - size / 2)))
    const y = Math.round(Math.max(0, Math.min(frameH - size, cy - size / 2)))
    return {
      src: { x, y, size },
      dst: { x: (i % cols) * cell, y: Math.floor(i / cols) * cell, size: cell },
    }
  })
}

/** The mosaic's size in pixels for a layout. */
export function mosaicSize(cells: MosaicCell[]): { width: number; height: number } {
  return {
    width: Math.max(0, ...cells.map((c) => c.dst.x + c.dst.size)),
    height: Math.max(0, ...cells.map((c) => c.dst.y + c.dst.size)),
  }
}

/** The mosaic's RGB pixels (bilinear resampling of each crop into its cell), row by row over
 * `mosaicSize(cells)`; into `out` when it is large enough. */
export function renderMosaic(frame: Frame, cells: MosaicCell[], out?: Uint8Array): Uint8Array {
  const { width: N, height: M } = mosaicSize(cells)
  const img =
    out && out.length >= N * M * 3 ? out.subarray(0, N * M * 3) : new Uint8Array(N * M * 3)
  const { width: fw, height: fh, data } = frame
  for (const { src, dst } of cells) {
    const scale = src.size / dst.size
    for (let dy = 0; dy < dst.size; dy++) {
      const sy = Math.min(fh - 1, Math.max(0, src.y + (dy + 0.5) * scale - 0.5))
      const y0 = Math.floor(sy)
      const y1 = Math.min(fh - 1, y0 + 1)
      const wy = sy - y0
      let o = ((dst.y + dy) * N + dst.x) * 3
      for (let dx = 0; dx < dst.size; dx++, o += 3) {
        const sx = Math.min(fw - 1, Math.max(0, src.x + (dx + 0.5) * scale - 0.5))
        const x0 = Math.floor(sx)
        const x1 = Math.min(fw - 1, x0 + 1)
        const wx = sx - x0
        const a = (y0 * fw + x0) * 3
        const b = (y0 * fw + x1) * 3
        const c = (y1 * fw + x0) * 3
        const d = (y1 * fw + x1) * 3
        for (let k = 0; k < 3; k++) {
          const top = data[a + k]! + (data[b + k]! - data[a + k]!) * wx
          const bottom = data[c + k]! + (data[d + k]! - data[c + k]!) * wx
          img[o + k] = top + (bottom - top) * wy + 0.5
        }
      }
    }
  }
  return img
}

/**
 * Mosaic detections → frame detections. A box belongs to the cell holding its centre; boxes that
 * reach a cell's inner edge are people cut by the crop (a neighbour at the window's border, whose
 * foot point would be wrong) unless that edge is also the frame's edge.
 */
export function fromMosaic(
  dets: Detection[],
  cells: MosaicCell[],
  frameW: number,
  frameH: number,
): Detection[] {
  const out: Detection[] = []
  for (const d of dets) {
    const cx = d.x + d.w / 2
    const cy = d.y + d.h / 2
    const cell = cells.find(
      (c) =>
        cx >= c.dst.x && cx < c.dst.x + c.dst.size && cy >= c.dst.y && cy < c.dst.y + c.dst.size,
    )
    if (!cell) continue
    const { src, dst } = cell
    const x0 = Math.max(d.x, dst.x)
    const y0 = Math.max(d.y, dst.y)
    const x1 = Math.min(d.x + d.w, dst.x + dst.size)
    const y1 = Math.min(d.y + d.h, dst.y + dst.size)
    if (x1 <= x0 || y1 <= y0) continue
    const scale = src.size / dst.size
    const cut =
      (x0 - dst.x < EDGE_PX && src.x > 0) ||
      (dst.x + dst.size - x1 < EDGE_PX && src.x + src.size < frameW) ||
      (y0 - dst.y < EDGE_PX && src.y > 0) ||
      (dst.y + dst.size - y1 < EDGE_PX && src.y + src.size < frameH)
    if (cut) continue
    out.push({
      x: src.x + (x0 - dst.x) * scale,
      y: src.y + (y0 - dst.y) * scale,
      w: (x1 - x0) * scale,
      h: (y1 - y0) * scale,
      score: d.score,
    })
  }
  return out
}
