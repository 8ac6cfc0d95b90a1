// Court mapping: a projective transform (homography) between image pixels and the court plane.
// A 4-point DLT solve is ~40 lines of linear algebra, so we keep it here, tested, instead of
// pulling OpenCV.js (7.7 MB) into every worker for one getPerspectiveTransform call.

/** Beach tennis court: 8 m wide, 16 m long, net across the middle (y = 8). */
export const COURT_WIDTH_M = 8
export const COURT_LENGTH_M = 16
export const NET_Y_M = COURT_LENGTH_M / 2

export interface Point {
  x: number
  y: number
}

/** Row-major 3×3 matrix. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number]

/**
 * Image corners in a fixed order, each tied to a court corner (metres):
 * 0 near-left (0,0), 1 near-right (8,0), 2 far-right (8,16), 3 far-left (0,16).
 * "Near" is the baseline closest to the camera.
 */
export type Corners = [Point, Point, Point, Point]

export const COURT_CORNERS: Corners = [
  { x: 0, y: 0 },
  { x: COURT_WIDTH_M, y: 0 },
  { x: COURT_WIDTH_M, y: COURT_LENGTH_M },
  { x: 0, y: COURT_LENGTH_M },
]

/** Solves A·x = b in place by Gaussian elimination with partial pivoting; null when singular. */
function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r
    }
    if (Math.abs(a[pivot]![col]!) < 1e-10) return null
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    ;[b[col], b[pivot]] = [b[pivot]!, b[col]!]
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!
      b[r]! -= f * b[col]!
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!
    x[r] = s / a[r]![r]!
  }
  return x
}

/** Homography mapping each src[i] to dst[i] (h33 fixed to 1); null for degenerate input. */
export function solveHomography(src: Corners, dst: Corners): Matrix3 | null {
  const a: number[][] = []
  const b: number[] = []
  for (let i = 0; i < 4; i++) {
    const { x, y } = src[i]!
    const { x: u, y: v } = dst[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y])
    b.push(u)
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y])
    b.push(v)
  }
  const h = solveLinear(a, b)
  if (!h || h.some((v) => !Number.isFinite(v))) return null
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1]
}

export function applyHomography(h: Matrix3, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8]
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w }
}

/** True when the four points form a convex quadrilateral (no three collinear, no crossing). */
export function isConvexQuad(c: Corners): boolean {
  let sign = 0
  for (let i = 0; i < 4; i++) {
    const a = c[i]!
    const b = c[(i + 1) % 4]!
    const d = c[(i + 2) % 4]!
    const cross = (b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x)
    if (Math.abs(cross) < 1e-6) return false
    const s = Math.sign(cross)
    if (sign === 0) sign = s
    else if (s !== sign) return false
  }
  return true
}

export interface CourtMapping {
  corners: Corners
  /** image pixel → court metres */
  toCourt: Matrix3
  /** court metres → image pixel */
  toImage: Matrix3
}

/** Corners (or any image points) from one pixel grid to another: source pixels ↔ decoded frame. */
export function scaleCorners(c: Corners, sx: number, sy: number): Corners {
  return c.map((p) => ({ x: p.x * sx, y: p.y * sy })) as Corners
}

/** Builds the mapping from four image corners (see {@link Corners}); null if they cannot be a court. */
export function mapCourt(corners: Corners): CourtMapping | null {
  if (!isConvexQuad(corners)) return null
  const toCourt = solveHomography(corners, COURT_CORNERS)
  const toImage = solveHomography(COURT_CORNERS, corners)
  if (!toCourt || !toImage) return null
  return { corners, toCourt, toImage }
}

export const imageToCourt = (m: CourtMapping, p: Point): Point => applyHomography(m.toCourt, p)
export const courtToImage = (m: CourtMapping, p: Point): Point => applyHomography(m.toImage, p)

/** Image pixels per court metre (across the court) around a court point: sets expected sizes. */
export function pixelsPerMetre(m: CourtMapping, p: Point): number {
  const a = courtToImage(m, { x: p.x - 0.5, y: p.y })
  const b = courtToImage(m, { x: p.x + 0.5, y: p.y })
  return Math.hypot(b.x - a.x, b.y - a.y)
}

/** Whether a court point lies on the court, allowing a margin (m) around the lines. */
export function onCourt(p: Point, marginSide: number, marginEnd: number): boolean {
  return (
    p.x >= -marginSide &&
    p.x <= COURT_WIDTH_M + marginSide &&
    p.y >= -marginEnd &&
    p.y <= COURT_LENGTH_M + marginEnd
  )
}
