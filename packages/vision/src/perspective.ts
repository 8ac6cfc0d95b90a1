// How tall a standing person looks at a court point. The court homography alone only knows the
// ground plane, and its across-court scale underestimates heights in an oblique view (a person is
// foreshortened differently from the ground). A homography of a known plane still fixes the camera
// when its principal point is the image centre and pixels are square: the focal length follows
// from the rotation's columns being orthogonal and of equal length (Zhang's constraints), then a
// point 1.75 m above the foot projects through the full camera matrix.
import { courtToImage, pixelsPerMetre, type CourtMapping, type Point } from './homography.js'

type Vec3 = [number, number, number]

export interface Camera {
  f: number
  cx: number
  cy: number
  r1: Vec3
  r2: Vec3
  r3: Vec3
  t: Vec3
}

const norm = (v: Vec3) => Math.hypot(v[0], v[1], v[2])
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]

/** The camera behind a court mapping for a frame of the given size; null when degenerate. */
export function cameraOf(m: CourtMapping, width: number, height: number): Camera | null {
  const H = m.toImage
  const cx = width / 2
  const cy = height / 2
  const col = (i: number): Vec3 => [H[i]!, H[3 + i]!, H[6 + i]!]
  const h1 = col(0)
  const h2 = col(1)
  const h3 = col(2)
  // K⁻¹h without the 1/f on x and y: (hx − cx·hz, hy − cy·hz, hz)
  const a = [h1[0] - cx * h1[2], h1[1] - cy * h1[2]]
  const b = [h2[0] - cx * h2[2], h2[1] - cy * h2[2]]
  const estimates: number[] = []
  const dot = a[0]! * b[0]! + a[1]! * b[1]!
  if (Math.abs(h1[2] * h2[2]) > 1e-12) estimates.push(-dot / (h1[2] * h2[2]))
  const dn = a[0]! ** 2 + a[1]! ** 2 - b[0]! ** 2 - b[1]! ** 2
  const dz = h1[2] ** 2 - h2[2] ** 2
  if (Math.abs(dz) > 1e-12) estimates.push(-dn / dz)
  const good = estimates.filter((f2) => Number.isFinite(f2) && f2 > (0.2 * width) ** 2)
  if (!good.length) return null
  const f = Math.sqrt(good.reduce((s, v) => s + v, 0) / good.length)
  if (f > 20 * width) return null
  const kinv = (h: Vec3): Vec3 => [(h[0] - cx * h[2]) / f, (h[1] - cy * h[2]) / f, h[2]]
  const k1 = kinv(h1)
  const k2 = kinv(h2)
  const lambda = (norm(k1) + norm(k2)) / 2
  const r1 = k1.map((v) => v / lambda) as Vec3
  const r2 = k2.map((v) => v / lambda) as Vec3
  const t = kinv(h3).map((v) => v / lambda) as Vec3
  let r3 = cross(r1, r2)
  r3 = r3.map((v) => v / norm(r3)) as Vec3
  // Up is the side of the court plane the camera is on.
  const camZ = -(r3[0] * t[0] + r3[1] * t[1] + r3[2] * t[2])
  if (camZ < 0) r3 = r3.map((v) => -v) as Vec3
  return { f, cx, cy, r1, r2, r3, t }
}

/** Image point of the court point (x, y) raised by z metres. */
export function project(c: Camera, p: Point, z: number): Point {
  const X = [0, 1, 2].map((i) => c.r1[i]! * p.x + c.r2[i]! * p.y + c.r3[i]! * z + c.t[i]!)
  return { x: (c.f * X[0]!) / X[2]! + c.cx, y: (c.f * X[1]!) / X[2]! + c.cy }
}

/**
 * Image height (px) of a person `metres` tall standing at a court point: through the camera when
 * it can be recovered, else from the across-court scale.
 */
export function personHeightPx(
  m: CourtMapping,
  cam: Camera | null,
  p: Point,
  metres: number,
): number {
  if (cam) {
    const foot = courtToImage(m, p)
    const head = project(cam, p, metres)
    const h = Math.hypot(head.x - foot.x, head.y - foot.y)
    if (Number.isFinite(h) && h > 0) return h
  }
  return pixelsPerMetre(m, p) * metres
}
