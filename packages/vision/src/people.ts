// The detector's boxes as people standing on the court: where their feet are on the court plane,
// whether a person of their size could stand there (in the court's perspective), and what they
// wear. Shared by the rounds of analyze.ts.
import { describe } from './appearance.js'
import { iou, type Box, type Detection } from './detector.js'
import type { Frame } from './ffmpeg.js'
import { imageToCourt, onCourt, type CourtMapping, type Point } from './homography.js'
import { personHeightPx, type Camera } from './perspective.js'
import { SIDE_MARGIN_M, TRACK_END_MARGIN_M } from './tiles.js'
import type { CourtDetection } from './tracker.js'

/**
 * The detector's boxes as people on the court: foot point on the court plane, kept only where a
 * player can be (the court with margins) and only when the box is as tall as a person standing
 * there; with its clothes colours (less sure when another box overlaps it), and half-box foot
 * points when it is wide enough to hold two partners.
 */
export function people(
  frame: Frame,
  m: CourtMapping,
  cam: Camera | null,
  dets: Detection[],
): Array<{ box: Detection; det: Omit<CourtDetection, 'ref'> | null }> {
  return dets.map((d, i) => {
    const court = imageToCourt(m, footPoint(d))
    if (!onCourt(court, SIDE_MARGIN_M, TRACK_END_MARGIN_M) || !plausiblePerson(m, cam, d, court))
      return { box: d, det: null }
    const alone = dets.every((o, k) => k === i || iou(o, d) < 0.05)
    const wide = d.w > 0.85 * d.h
    return {
      box: d,
      det: {
        court,
        score: d.score,
        app: describe(frame, d),
        overlapped: !alone,
        halves: wide
          ? [
              imageToCourt(m, footPoint({ ...d, w: d.w / 2 })),
              imageToCourt(m, footPoint({ ...d, x: d.x + d.w / 2, w: d.w / 2 })),
            ]
          : null,
      },
    }
  })
}

/** Where the feet touch the ground in a person box: the middle of its bottom edge. */
export function footPoint(d: Box): Point {
  return { x: d.x + d.w / 2, y: d.y + d.h }
}

/**
 * A standing player's box is about as tall as 1.75 m at its foot point, in the court's perspective
 * (a crouch a bit less, raised arms more): half bodies cut by a tile edge and wide non-person
 * boxes would put a wrong foot on the court.
 */
function plausiblePerson(m: CourtMapping, cam: Camera | null, d: Detection, court: Point): boolean {
  const expected = personHeightPx(m, cam, court, PERSON_M)
  return d.h >= 0.55 * expected && !tooTall(m, cam, d, court) && d.w <= 1.3 * d.h
}

/** Taller than a 1.75 m person with a racket held high (≈ 2.5 m) standing at the foot point. */
export function tooTall(m: CourtMapping, cam: Camera | null, d: Detection, court: Point): boolean {
  return d.h > 1.45 * personHeightPx(m, cam, court, PERSON_M)
}

export const PERSON_M = 1.75
