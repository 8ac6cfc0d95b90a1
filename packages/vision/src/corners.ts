// Automatic court-corner proposal: a suggestion for the analyst, never the source of truth.
// 1) per-pixel median of a few frames spread over the video removes moving players;
// 2) "line" pixels are brighter than their neighbourhood and unsaturated (white tape on sand);
// 3) a Hough transform finds straight lines; 4) every choice of two flat lines (baselines) and
// two steep ones (sidelines) is scored by how much of the resulting quadrilateral's edges lies on
// line pixels and how little the lines continue past the corners (the net tape does); the best
// quadrilateral above a support threshold is returned, otherwise null.
import type { Frame } from './ffmpeg.js'
import { isConvexQuad, type Corners, type Point } from './homography.js'

export function medianFrame(frames: Frame[]): Frame {
  const f0 = frames[0]!
  const data = new Uint8Array(f0.data.length)
  const vals = new Array<number>(frames.length)
  for (let i = 0; i < data.length; i++) {
    for (let k = 0; k < frames.length; k++) vals[k] = frames[k]!.data[i]!
    vals.sort((a, b) => a - b)
    data[i] = vals[vals.length >> 1]!
  }
  return { ...f0, data }
}

/** Bright, unsaturated pixels that stand out from a local box mean. */
export function lineMask(f: Frame): Uint8Array {
  const { width: w, height: h, data } = f
  const gray = new Float32Array(w * h)
  const sat = new Uint8Array(w * h)
  for (let i = 0; i < w * h; i++) {
    const r = data[i * 3]!
    const g = data[i * 3 + 1]!
    const b = data[i * 3 + 2]!
    gray[i] = (r + g + b) / 3
    sat[i] = Math.max(r, g, b) - Math.min(r, g, b)
  }
  // Integral image for a fast 15×15 local mean.
  const integ = new Float64Array((w + 1) * (h + 1))
  for (let y = 0; y < h; y++) {
    let row = 0
    for (let x = 0; x < w; x++) {
      row += gray[y * w + x]!
      integ[(y + 1) * (w + 1) + x + 1] = integ[y * (w + 1) + x + 1]! + row
    }
  }
  const r = 7
  const mask = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r)
    const y1 = Math.min(h, y + r + 1)
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r)
      const x1 = Math.min(w, x + r + 1)
      const sum =
        integ[y1 * (w + 1) + x1]! -
        integ[y0 * (w + 1) + x1]! -
        integ[y1 * (w + 1) + x0]! +
        integ[y0 * (w + 1) + x0]!
      const mean = sum / ((x1 - x0) * (y1 - y0))
      const i = y * w + x
      if (gray[i]! > mean + 18 && gray[i]! > 150 && sat[i]! < 60) mask[i] = 1
    }
  }
  return mask
}

export interface Line {
  /** x·cos θ + y·sin θ = rho */
  theta: number
  rho: number
  votes: number
}

export function houghLines(mask: Uint8Array, w: number, h: number, maxLines = 16): Line[] {
  const nTheta = 180
  const diag = Math.ceil(Math.hypot(w, h))
  const acc = new Uint32Array(nTheta * (2 * diag + 1))
  const cos = Array.from({ length: nTheta }, (_, t) => Math.cos((t * Math.PI) / nTheta))
  const sin = Array.from({ length: nTheta }, (_, t) => Math.sin((t * Math.PI) / nTheta))
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue
      for (let t = 0; t < nTheta; t++) {
        acc[t * (2 * diag + 1) + Math.round(x * cos[t]! + y * sin[t]!) + diag]!++
      }
    }
  }
  const lines: Line[] = []
  const width = 2 * diag + 1
  for (let n = 0; n < maxLines; n++) {
    let best = 0
    let bi = -1
    for (let i = 0; i < acc.length; i++) {
      if (acc[i]! > best) {
        best = acc[i]!
        bi = i
      }
    }
    if (bi < 0 || best < 20) break
    const t = Math.floor(bi / width)
    const rho = (bi % width) - diag
    lines.push({ theta: (t * Math.PI) / nTheta, rho, votes: best })
    // Suppress the neighbourhood so one thick line is not found several times.
    for (let dt = -6; dt <= 6; dt++) {
      const tt = (t + dt + nTheta) % nTheta
      const flip = t + dt < 0 || t + dt >= nTheta ? -1 : 1
      for (let dr = -10; dr <= 10; dr++) {
        const rr = flip * rho + dr + diag
        if (rr >= 0 && rr < width) acc[tt * width + rr] = 0
      }
    }
  }
  return lines
}

function intersect(a: Line, b: Line): Point | null {
  const det = Math.cos(a.theta) * Math.sin(b.theta) - Math.sin(a.theta) * Math.cos(b.theta)
  if (Math.abs(det) < 1e-6) return null
  return {
    x: (a.rho * Math.sin(b.theta) - b.rho * Math.sin(a.theta)) / det,
    y: (b.rho * Math.cos(a.theta) - a.rho * Math.cos(b.theta)) / det,
  }
}

/** Share of points along a→b that hit the mask (within 2 px). */
function support(mask: Uint8Array, w: number, h: number, a: Point, b: Point): number {
  const n = Math.max(2, Math.round(Math.hypot(b.x - a.x, b.y - a.y) / 3))
  let hit = 0
  let inside = 0
  for (let i = 0; i <= n; i++) {
    const x = Math.round(a.x + ((b.x - a.x) * i) / n)
    const y = Math.round(a.y + ((b.y - a.y) * i) / n)
    if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) continue
    inside++
    let on = false
    for (let dy = -2; dy <= 2 && !on; dy++)
      for (let dx = -2; dx <= 2 && !on; dx++) on = !!mask[(y + dy) * w + x + dx]
    if (on) hit++
  }
  return inside ? hit / (n + 1) : 0
}

/** Proposes the four corners (order of {@link Corners}) or null when no court is clearly visible. */
export function proposeCorners(frames: Frame[]): Corners | null {
  if (!frames.length) return null
  const f = frames.length > 1 ? medianFrame(frames) : frames[0]!
  const { width: w, height: h } = f
  const mask = lineMask(f)
  const lines = houghLines(mask, w, h)
  // θ near 90° → the line is nearly horizontal in the image (a baseline).
  const flat = lines.filter((l) => Math.abs(l.theta - Math.PI / 2) < (25 * Math.PI) / 180)
  const steep = lines.filter((l) => Math.abs(l.theta - Math.PI / 2) >= (25 * Math.PI) / 180)
  let best: { score: number; c: Corners } | null = null
  for (let i = 0; i < flat.length; i++) {
    for (let j = 0; j < flat.length; j++) {
      if (i === j) continue
      for (let a = 0; a < steep.length; a++) {
        for (let b = 0; b < steep.length; b++) {
          if (a === b) continue
          const near = flat[i]!
          const far = flat[j]!
          const nl = intersect(near, steep[a]!)
          const nr = intersect(near, steep[b]!)
          const fr = intersect(far, steep[b]!)
          const fl = intersect(far, steep[a]!)
          if (!nl || !nr || !fr || !fl) continue
          if (!(nl.x < nr.x && fl.x < fr.x && nl.y > fl.y && nr.y > fr.y)) continue
          const c: Corners = [nl, nr, fr, fl]
          if (!isConvexQuad(c)) continue
          // A court filmed to be analysed fills a good part of the frame; tiny quads are clutter.
          if (nr.x - nl.x < 0.25 * w || nl.y - fl.y < 0.15 * h) continue
          if (c.some((p) => p.x < -w * 0.05 || p.x > w * 1.05 || p.y < -h * 0.05 || p.y > h * 1.05))
            continue
          const edges: Array<[Point, Point]> = [
            [nl, nr],
            [nr, fr],
            [fr, fl],
            [fl, nl],
          ]
          const sup = Math.min(...edges.map(([p, q]) => support(mask, w, h, p, q)))
          if (sup < 0.7) continue
          // Lines that run on past a corner are not court edges (the net tape, another court).
          const overshoot = edges
            .flatMap(([p, q]) => {
              const dx = (q.x - p.x) * 0.15
              const dy = (q.y - p.y) * 0.15
              return [
                support(
                  mask,
                  w,
                  h,
                  { x: p.x - dx * 0.2, y: p.y - dy * 0.2 },
                  { x: p.x - dx, y: p.y - dy },
                ),
                support(
                  mask,
                  w,
                  h,
                  { x: q.x + dx * 0.2, y: q.y + dy * 0.2 },
                  { x: q.x + dx, y: q.y + dy },
                ),
              ]
            })
            .reduce((s, v) => s + v, 0)
          const area = Math.abs((nr.x - nl.x) * (fl.y - nl.y) - (fl.x - nl.x) * (nr.y - nl.y))
          const score = sup - overshoot * 0.5 + 1e-7 * area
          if (!best || score > best.score) best = { score, c }
        }
      }
    }
  }
  return best ? best.c : null
}
