// Frame differencing on a half-resolution grey image: motion energy per frame (for play vs dead
// time) and small moving blobs (ball candidates). Plain typed arrays cost ~2 ms per frame here,
// so OpenCV.js would add weight without speed.
import type { Frame } from './ffmpeg.js'

export interface Gray {
  width: number
  height: number
  /** how many source pixels one grey pixel spans along each axis */
  scale: number
  data: Uint8Array
}

/** Limited-range luma (16–235) summed over 2×2 pixels → full-range grey, as RGB frames give. */
const Y4_TO_GRAY = Uint8Array.from({ length: 4 * 256 }, (_, s) =>
  Math.max(0, Math.min(255, Math.round(((s / 4 - 16) * 255) / 219))),
)

/**
 * Frame → grey, downsampled by an integer factor (box average); into `out` when given. From an
 * RGB frame the grey is its BT.601 luma; from a YUV frame it is the luma plane itself, stretched
 * to full range, so both give the same levels.
 */
export function toGray(frame: Frame, scale = 2, out?: Uint8Array): Gray {
  const width = Math.floor(frame.width / scale)
  const height = Math.floor(frame.height / scale)
  const data = out && out.length === width * height ? out : new Uint8Array(width * height)
  const src = frame.data
  if (frame.format === 'yuv420p') {
    const fw = frame.width
    if (scale === 2) {
      for (let y = 0; y < height; y++) {
        let i = 2 * y * fw
        let o = y * width
        for (let x = 0; x < width; x++, i += 2, o++)
          data[o] = Y4_TO_GRAY[src[i]! + src[i + 1]! + src[i + fw]! + src[i + fw + 1]!]!
      }
      return { width, height, scale, data }
    }
    const n = scale * scale
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) s += src[(y * scale + dy) * fw + x * scale + dx]!
        data[y * width + x] = Y4_TO_GRAY[Math.round((4 * s) / n)]!
      }
    return { width, height, scale, data }
  }
  // BT.601 weights ×256 (77 + 150 + 29 = 256) in integers: this runs on every decoded frame.
  const shift = 8
  if (scale === 2) {
    // The case every frame takes: 2×2 blocks, unrolled.
    const row = frame.width * 3
    for (let y = 0; y < height; y++) {
      let i = 2 * y * row
      let o = y * width
      for (let x = 0; x < width; x++, i += 6, o++) {
        const j = i + row
        const r = src[i]! + src[i + 3]! + src[j]! + src[j + 3]!
        const g = src[i + 1]! + src[i + 4]! + src[j + 1]! + src[j + 4]!
        const b = src[i + 2]! + src[i + 5]! + src[j + 2]! + src[j + 5]!
        data[o] = (77 * r + 150 * g + 29 * b) >> (shift + 2)
      }
    }
    return { width, height, scale, data }
  }
  const n = scale * scale
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0
      for (let dy = 0; dy < scale; dy++) {
        let i = ((y * scale + dy) * frame.width + x * scale) * 3
        for (let dx = 0; dx < scale; dx++, i += 3) {
          s += 77 * src[i]! + 150 * src[i + 1]! + 29 * src[i + 2]!
        }
      }
      data[y * width + x] = (s / n) >> shift
    }
  }
  return { width, height, scale, data }
}

/** Polygon (in frame pixels) rasterised into a grey-resolution mask. */
export function polygonMask(
  g: { width: number; height: number; scale: number },
  poly: Array<{ x: number; y: number }>,
): Uint8Array {
  const mask = new Uint8Array(g.width * g.height)
  for (let y = 0; y < g.height; y++) {
    const py = (y + 0.5) * g.scale
    for (let x = 0; x < g.width; x++) {
      const px = (x + 0.5) * g.scale
      let inside = false
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
        const a = poly[i]!
        const b = poly[j]!
        if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x)
          inside = !inside
      }
      if (inside) mask[y * g.width + x] = 1
    }
  }
  return mask
}

export interface Blob {
  /** centre in frame pixels */
  x: number
  y: number
  /** area in grey pixels */
  area: number
  w: number
  h: number
}

/** First and last set index of a region mask (cached: one region serves a whole video). */
const extents = new WeakMap<Uint8Array, [number, number]>()
function extentOf(region: Uint8Array): [number, number] {
  let e = extents.get(region)
  if (!e) {
    const first = region.indexOf(1)
    e = first < 0 ? [0, 0] : [first, region.lastIndexOf(1) + 1]
    extents.set(region, e)
  }
  return e
}

/** Pixels of `region` whose grey level changed by more than `threshold` between two frames. */
export function changeMask(
  prev: Gray,
  cur: Gray,
  region: Uint8Array,
  threshold = 22,
  out?: Uint8Array,
): { mask: Uint8Array; energy: number } {
  const mask =
    out && out.length === cur.width * cur.height ? out : new Uint8Array(cur.width * cur.height)
  mask.fill(0)
  let count = 0
  let total = 0
  // Only the span the region covers: the rest of the mask stays zero.
  const [from, to] = extentOf(region)
  const a = prev.data
  const b = cur.data
  for (let i = from; i < to; i++) {
    if (!region[i]) continue
    total++
    const d = b[i]! - a[i]!
    if (d > threshold || d < -threshold) {
      mask[i] = 1
      count++
    }
  }
  return { mask, energy: total ? count / total : 0 }
}

/** Pixels changed both before and after the middle frame: where a moving thing IS in that frame
 * (a single difference also lights up where it was). */
export function andMasks(a: Uint8Array, b: Uint8Array, into?: Uint8Array): Uint8Array {
  const out = into && into.length === a.length ? into : new Uint8Array(a.length)
  // Four mask bytes per step where the buffers allow it (this runs on every frame).
  const aligned = (a.byteOffset | b.byteOffset | out.byteOffset) % 4 === 0
  const words = aligned ? a.length >> 2 : 0
  if (words) {
    const a4 = new Uint32Array(a.buffer, a.byteOffset, words)
    const b4 = new Uint32Array(b.buffer, b.byteOffset, words)
    const o4 = new Uint32Array(out.buffer, out.byteOffset, words)
    for (let i = 0; i < words; i++) o4[i] = a4[i]! & b4[i]!
  }
  for (let i = words << 2; i < a.length; i++) out[i] = a[i]! & b[i]!
  return out
}

/** 4-connected components of a mask (flood fill), reported in frame pixels; `scratch`, when
 * given, is a reusable buffer of the mask's length for the pixels already visited. */
export function findBlobs(
  mask: Uint8Array,
  g: { width: number; height: number; scale: number },
  scratch?: Uint8Array,
): Blob[] {
  const { width, height } = g
  const seen =
    scratch && scratch.length === mask.length ? scratch.fill(0) : new Uint8Array(mask.length)
  const blobs: Blob[] = []
  const stack: number[] = []
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || seen[i]) continue
    let minX = width
    let minY = height
    let maxX = 0
    let maxY = 0
    let area = 0
    let sx = 0
    let sy = 0
    seen[i] = 1
    stack.push(i)
    while (stack.length) {
      const p = stack.pop()!
      const x = p % width
      const y = (p - x) / width
      area++
      sx += x
      sy += y
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
      // The four neighbours, without allocating a list per pixel (player-sized blobs are large).
      for (let k = 0; k < 4; k++) {
        const q =
          k === 0
            ? x > 0
              ? p - 1
              : -1
            : k === 1
              ? x < width - 1
                ? p + 1
                : -1
              : k === 2
                ? p - width
                : p + width
        if (q >= 0 && q < mask.length && mask[q] && !seen[q]) {
          seen[q] = 1
          stack.push(q)
        }
      }
    }
    blobs.push({
      x: (sx / area + 0.5) * g.scale,
      y: (sy / area + 0.5) * g.scale,
      area,
      w: (maxX - minX + 1) * g.scale,
      h: (maxY - minY + 1) * g.scale,
    })
  }
  return blobs
}
