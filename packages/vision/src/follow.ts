// Following players' boxes from one detection round to the next without the detector: on every
// decoded frame (a tenth of a second apart, so a person barely changes shape) the trunk of each
// box is looked for near where it was, by normalised cross-correlation, and cut again where
// found. A model call costs about as much as decoding a second of video; this costs a few
// milliseconds. A chain that loses its picture (low correlation) stops, and the caller asks the
// detector instead.
import { iou, type Detection } from './detector.js'
import type { Gray } from './motion.js'

export interface Template {
  /** the box it was cut from, in frame pixels */
  box: Detection
  /** grey pixels of the box's middle part, row by row (grey-image pixels) */
  data: Float32Array
  /** its top-left corner in the grey image it was cut from, and its size */
  x: number
  y: number
  w: number
  h: number
}

/** Share of the box's width kept: the person's outline is what moves; the box's edges are
 * mostly court behind them. */
const KEEP_W = 0.8
/** The rows kept, as shares of the box's height from its top: head to knees, leaving out the
 * feet (strides and shadows change them most from frame to frame). */
const TOP = 0.05
const KEEP_H = 0.75

/** Cuts the middle of a frame-pixel box out of a grey image, zero-mean, unit norm. */
export function cutTemplate(gray: Gray, box: Detection): Template | null {
  const s = gray.scale
  const w = Math.round((box.w * KEEP_W) / s)
  const h = Math.round((box.h * KEEP_H) / s)
  const x = Math.round((box.x + (box.w * (1 - KEEP_W)) / 2) / s)
  const y = Math.round((box.y + box.h * TOP) / s)
  if (w < 4 || h < 8 || x < 0 || y < 0 || x + w > gray.width || y + h > gray.height) return null
  const data = new Float32Array(w * h)
  let sum = 0
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      const v = gray.data[(y + r) * gray.width + x + c]!
      data[r * w + c] = v
      sum += v
    }
  const mean = sum / data.length
  let ss = 0
  for (let i = 0; i < data.length; i++) {
    data[i] = data[i]! - mean
    ss += data[i]! * data[i]!
  }
  // A flat patch (a box over plain sand) cannot be told from its surroundings.
  if (ss / data.length < 25) return null
  const norm = Math.sqrt(ss)
  for (let i = 0; i < data.length; i++) data[i] = data[i]! / norm
  return { box, data, x, y, w, h }
}

/** Correlation of the template with the grey image at top-left (x, y), sampling every `step`. */
function ncc(gray: Gray, t: Template, x: number, y: number, step: number): number {
  if (step < 1) step = 1
  let sum = 0
  let sumSq = 0
  let dot = 0
  let n = 0
  for (let r = 0; r < t.h; r += step) {
    const row = (y + r) * gray.width + x
    const trow = r * t.w
    for (let c = 0; c < t.w; c += step) {
      const v = gray.data[row + c]!
      sum += v
      sumSq += v * v
      dot += v * t.data[trow + c]!
      n++
    }
  }
  const varSum = sumSq - (sum * sum) / n
  if (varSum <= 1e-6) return 0
  // The template is zero-mean, so the image patch's mean drops out of the dot product; with
  // sampling the template's norm over the sampled pixels is about sqrt(n / size).
  const tNorm = step === 1 ? 1 : Math.sqrt(n / t.data.length)
  return dot / (Math.sqrt(varSum) * tNorm)
}

export interface Followed {
  box: Detection
  /** correlation of the best match, -1..1 */
  score: number
}

/** Rows a template is sampled at in the coarse search: a near player's box is several times
 * taller than a far one's, and needs no more samples to be found. */
const COARSE_ROWS = 24

/**
 * The template's best match within `radius` grey pixels of where it is expected, (dx, dy) frame
 * pixels from where it was cut: a coarse search (positions and template pixels every `step`,
 * `step` growing with the template's size), then the best spot refined pixel by pixel.
 */
export function follow(
  gray: Gray,
  t: Template,
  dx: number,
  dy: number,
  radius: number,
): Followed | null {
  const s = gray.scale
  const cx = Math.round(t.x + dx / s)
  const cy = Math.round(t.y + dy / s)
  const r = Math.max(2, Math.round(radius))
  const x0 = Math.max(0, cx - r)
  const y0 = Math.max(0, cy - r)
  const x1 = Math.min(gray.width - t.w, cx + r)
  const y1 = Math.min(gray.height - t.h, cy + r)
  if (x1 < x0 || y1 < y0) return null
  const step = Math.max(2, Math.round(t.h / COARSE_ROWS))
  let best = -2
  let bx = cx
  let by = cy
  for (let y = y0; y <= y1; y += step)
    for (let x = x0; x <= x1; x += step) {
      const v = ncc(gray, t, x, y, step)
      if (v > best) [best, bx, by] = [v, x, y]
    }
  const cx2 = bx
  const cy2 = by
  best = -2
  const fine = Math.floor(step / 2)
  for (let y = Math.max(y0, cy2 - step + 1); y <= Math.min(y1, cy2 + step - 1); y++)
    for (let x = Math.max(x0, cx2 - step + 1); x <= Math.min(x1, cx2 + step - 1); x++) {
      const v = ncc(gray, t, x, y, fine)
      if (v > best) [best, bx, by] = [v, x, y]
    }
  return {
    box: { ...t.box, x: t.box.x + (bx - t.x) * s, y: t.box.y + (by - t.y) * s },
    score: best,
  }
}

/** Least correlation for a step to count as the same picture. */
const MIN_STEP = 0.7
/** How far (in box heights) a step looks around where the box is expected: a sprint's change of
 * direction in a tenth of a second, with room to spare. */
const STEP_REACH = 0.25

interface Chain {
  tmpl: Template
  /** frame pixels the box moved in the last step */
  vx: number
  vy: number
  steps: number
}

/** Boxes of several people followed frame by frame from the detector's last sighting. */
export class Follower {
  private chains = new Map<number, Chain>()

  /** Starts a chain per box (by track id) on the grey frame the boxes were found in. */
  start(gray: Gray, boxes: Map<number, Detection>): void {
    this.chains.clear()
    for (const [id, box] of boxes) {
      const tmpl = cutTemplate(gray, box)
      if (tmpl) this.chains.set(id, { tmpl, vx: 0, vy: 0, steps: 0 })
    }
  }

  /** Drops every chain (their boxes will not be asked for). */
  clear(): void {
    this.chains.clear()
  }

  /**
   * Follows every chain into the next frame. Boxes are only ever asked for all together, so
   * when one chain loses its picture every chain ends (following the rest would be wasted).
   */
  step(gray: Gray): void {
    for (const [id, ch] of this.chains) {
      const res = follow(gray, ch.tmpl, ch.vx, ch.vy, (STEP_REACH * ch.tmpl.box.h) / gray.scale)
      const next = res && res.score >= MIN_STEP ? cutTemplate(gray, res.box) : null
      if (!res || !next) {
        this.chains.clear()
        return
      }
      const dx = res.box.x - ch.tmpl.box.x
      const dy = res.box.y - ch.tmpl.box.y
      this.chains.set(id, { tmpl: next, vx: dx, vy: dy, steps: ch.steps + 1 })
    }
  }

  /**
   * The followed boxes by track id when every one of `ids` is still followed, each at least one
   * frame on, and no two of them run into each other (one picture could have taken over the
   * other's chain); null otherwise.
   */
  boxes(ids: number[]): Map<number, Detection> | null {
    const out = new Map<number, Detection>()
    for (const id of ids) {
      const ch = this.chains.get(id)
      if (!ch || ch.steps === 0) return null
      out.set(id, ch.tmpl.box)
    }
    const list = [...out.values()]
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) if (iou(list[a]!, list[b]!) > 0) return null
    return out
  }
}
