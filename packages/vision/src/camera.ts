// Whether the camera stayed where the court was mapped. The court mapping is only good while the
// camera does not move: a bumped tripod, a pan or a cut to another view makes every position
// wrong. We keep the first frame's grey image and, about once a second, look for the shift that
// best lines up a few hundred strongly textured points of it with the current frame (players
// cover some points; most are lines, banners and stands). A shift of a few pixels is the camera
// moving; no shift that matches at all is a cut.
import type { Gray } from './motion.js'

/** search radius and the shift from which the camera counts as moved (grey pixels) */
const RADIUS = 8
const MOVED_PX = 3
/** points kept from the reference, one per cell of this size at most */
const CELL = 24
/** a difference this much above the reference's own noise everywhere is another picture */
const CUT_RATIO = 2.5
const CLIP = 48

export interface CameraCheck {
  t: number
  /** best shift (grey pixels) against the first frame */
  dx: number
  dy: number
  /** this comparison alone looks moved */
  raw: boolean
  /** moved, confirmed by the neighbouring comparison */
  moved: boolean
  cut: boolean
}

export class CameraWatch {
  private readonly points: number[] = []
  private noise = 0
  private scratch = new Float32Array(0)
  readonly checks: CameraCheck[] = []

  constructor(private readonly ref: Gray) {
    const { width: w, height: h, data } = ref
    const m = RADIUS + 2
    for (let cy = m; cy < h - m; cy += CELL) {
      for (let cx = m; cx < w - m; cx += CELL) {
        let best = -1
        let bestG = 40
        for (let y = cy; y < Math.min(h - m, cy + CELL); y += 2) {
          for (let x = cx; x < Math.min(w - m, cx + CELL); x += 2) {
            const i = y * w + x
            const g = Math.abs(data[i + 1]! - data[i - 1]!) + Math.abs(data[i + w]! - data[i - w]!)
            if (g > bestG) {
              bestG = g
              best = i
            }
          }
        }
        if (best >= 0) this.points.push(best)
      }
    }
    this.scratch = new Float32Array(this.points.length)
  }

  /**
   * Median over the points of the clipped difference of 3×3 patches, shifted by (dx, dy): the
   * median, because players walking over some points must not look like the camera moving.
   */
  private error(cur: Gray, dx: number, dy: number): number {
    const { width: w } = cur
    const a = this.ref.data
    const b = cur.data
    const off = dy * w + dx
    const per = this.scratch
    this.points.forEach((p, n) => {
      let s = 0
      for (let k = -1; k <= 1; k++) {
        const i = p + k * w
        s += Math.min(CLIP, Math.abs(a[i - 1]! - b[i - 1 + off]!))
        s += Math.min(CLIP, Math.abs(a[i]! - b[i + off]!))
        s += Math.min(CLIP, Math.abs(a[i + 1]! - b[i + 1 + off]!))
      }
      per[n] = s / 9
    })
    const used = per.subarray(0, this.points.length).sort()
    return used[used.length >> 1] ?? 0
  }

  /** Compares a frame with the reference; the first comparison sets the noise level. */
  check(t: number, cur: Gray): CameraCheck {
    let best = { dx: 0, dy: 0, e: this.error(cur, 0, 0) }
    const still = best.e
    for (let dy = -RADIUS; dy <= RADIUS; dy += 2) {
      for (let dx = -RADIUS; dx <= RADIUS; dx += 2) {
        const e = this.error(cur, dx, dy)
        if (e < best.e) best = { dx, dy, e }
      }
    }
    // Refine around the coarse best.
    for (let dy = best.dy - 1; dy <= best.dy + 1; dy++) {
      for (let dx = best.dx - 1; dx <= best.dx + 1; dx++) {
        if (Math.abs(dx) > RADIUS || Math.abs(dy) > RADIUS) continue
        const e = this.error(cur, dx, dy)
        if (e < best.e) best = { dx, dy, e }
      }
    }
    // The noise floor is the best match seen so far (the camera was still at least then).
    this.noise = this.noise ? Math.min(this.noise, best.e) : Math.max(2, best.e)
    const shifted = Math.hypot(best.dx, best.dy) >= MOVED_PX && best.e < 0.8 * still
    const cut = best.e > CUT_RATIO * this.noise && best.e > 10
    const raw = shifted || cut
    // One odd comparison (a player filling the view for a moment) is not a moved camera: a
    // bumped tripod or a cut stays, so two in a row are needed.
    const prev = this.checks.at(-1)
    const c = { t, dx: best.dx, dy: best.dy, raw, moved: raw && !!prev?.raw, cut }
    if (c.moved && prev) prev.moved = true
    this.checks.push(c)
    return c
  }

  /** Spans (s) during which the camera was away from where the court was mapped. */
  movedSpans(endSec: number): Array<{ fromSec: number; toSec: number; cut: boolean }> {
    const spans: Array<{ fromSec: number; toSec: number; cut: boolean }> = []
    for (let i = 0; i < this.checks.length; i++) {
      const c = this.checks[i]!
      if (!c.moved) continue
      const last = spans.at(-1)
      const from = i > 0 ? this.checks[i - 1]!.t : c.t
      const to = this.checks[i + 1]?.t ?? endSec
      if (last && last.toSec >= from) {
        last.toSec = to
        last.cut ||= c.cut
      } else spans.push({ fromSec: from, toSec: to, cut: c.cut })
    }
    return spans
  }
}
