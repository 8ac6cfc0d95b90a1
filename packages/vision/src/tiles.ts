// Where to run the person detector. centernet shrinks its input to a small square, so players
// 70–95 px tall vanish in a whole 720p frame but are found in square crops at native resolution
// where a person is at least ~1/4 of the tile. We size tiles per court half from the expected
// person height there (pixels per metre × 1.8 m) and cover each half with overlapping squares.
import type { Box, Tile } from './detector.js'
import { personHeightPx, type Camera } from './perspective.js'
import {
  COURT_LENGTH_M,
  COURT_WIDTH_M,
  NET_Y_M,
  courtToImage,
  pixelsPerMetre,
  type CourtMapping,
} from './homography.js'

const PERSON_M = 1.8
/** a tile is this many expected person heights tall */
const TILE_PER_PERSON = 4
/** court margins (m) in which players are still looked for: serving from behind the baseline */
export const SIDE_MARGIN_M = 1.5
export const END_MARGIN_M = 2.5
/** behind the baselines a tracked player may go further (serving, chasing a lob) */
export const TRACK_END_MARGIN_M = 4

function span(from: number, to: number, size: number, overlap: number): number[] {
  if (to - from <= size) return [Math.round((from + to - size) / 2)]
  const n = Math.ceil((to - from - size) / (size - overlap)) + 1
  const step = (to - from - size) / (n - 1)
  return Array.from({ length: n }, (_, i) => Math.round(from + i * step))
}

export function planTiles(
  m: CourtMapping,
  frameW: number,
  frameH: number,
  cam: Camera | null = null,
): Tile[] {
  const halves: Array<[number, number, 'near' | 'far']> = [
    [NET_Y_M, COURT_LENGTH_M + END_MARGIN_M, 'far'],
    [-END_MARGIN_M, NET_Y_M, 'near'],
  ]
  const tiles: Tile[] = []
  for (const [y0, y1, half] of halves) {
    const mid = personHeightPx(m, cam, { x: COURT_WIDTH_M / 2, y: (y0 + y1) / 2 }, PERSON_M)
    const size = Math.round(Math.min(frameH, frameW, Math.max(128, mid * TILE_PER_PERSON)))
    // Bounding box of the half (with margins), raised by the height of a person at its far edge.
    const pts = [
      courtToImage(m, { x: -SIDE_MARGIN_M, y: y0 }),
      courtToImage(m, { x: COURT_WIDTH_M + SIDE_MARGIN_M, y: y0 }),
      courtToImage(m, { x: -SIDE_MARGIN_M, y: y1 }),
      courtToImage(m, { x: COURT_WIDTH_M + SIDE_MARGIN_M, y: y1 }),
    ]
    const headRise = personHeightPx(m, cam, { x: COURT_WIDTH_M / 2, y: y1 }, PERSON_M)
    const minX = Math.max(0, Math.min(...pts.map((p) => p.x)))
    const maxX = Math.min(frameW, Math.max(...pts.map((p) => p.x)))
    const minY = Math.max(0, Math.min(...pts.map((p) => p.y)) - headRise)
    const maxY = Math.min(frameH, Math.max(...pts.map((p) => p.y)) + 2)
    if (maxX - minX < 8 || maxY - minY < 8) continue
    // Neighbouring tiles overlap by a little more than a person's width, so everyone fits whole
    // in at least one tile; more overlap would only add tiles (each costs ~0.3 s).
    const overlap = Math.round(mid * 0.6)
    for (const ty of span(minY, maxY, size, overlap)) {
      for (const tx of span(minX, maxX, size, overlap)) {
        tiles.push({
          x: Math.max(0, Math.min(frameW - size, tx)),
          y: Math.max(0, Math.min(frameH - size, ty)),
          size,
          half,
        })
      }
    }
  }
  return tiles
}

/**
 * The fewest planned tiles that hold each expected player box whole (greedy: per box, the tile
 * where it sits furthest from the edges), or null when some box fits no tile. Once the tracker
 * knows where everyone is, this skips the tiles with nobody in them (~0.3 s each).
 */
export function selectTiles(tiles: Tile[], boxes: Box[]): Tile[] | null {
  const chosen = new Set<Tile>()
  for (const b of boxes) {
    let best: Tile | null = null
    let bestMargin = -Infinity
    for (const t of tiles) {
      const margin = Math.min(
        b.x - t.x,
        t.x + t.size - (b.x + b.w),
        b.y - t.y,
        t.y + t.size - (b.y + b.h),
      )
      if (margin >= 0 && margin > bestMargin) {
        best = t
        bestMargin = margin
      }
    }
    if (!best) return null
    chosen.add(best)
  }
  return tiles.filter((t) => chosen.has(t))
}

/**
 * The box a standing person would fill with feet at a court point (a little generous), widened by
 * `slackM` metres of uncertainty about where they are (a player unseen for a moment).
 */
export function expectedBox(
  m: CourtMapping,
  court: { x: number; y: number },
  cam: Camera | null = null,
  slackM = 0,
): Box {
  const foot = courtToImage(m, court)
  const h = personHeightPx(m, cam, court, PERSON_M) * 1.15
  const slack = pixelsPerMetre(m, court) * slackM
  return {
    x: foot.x - 0.35 * h - slack,
    y: foot.y - h - slack / 2,
    w: 0.7 * h + 2 * slack,
    h: h * 1.1 + slack,
  }
}
