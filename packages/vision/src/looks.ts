// What a detection round looks at besides the usual mosaic: players out of sight are searched
// for in their own half of the court; players seen apart from each other are handed to the
// follower for the next round.
import { nonMaxSuppression, type Detection, type PersonDetector, type Tile } from './detector.js'
import type { Frame } from './ffmpeg.js'
import type { CourtMapping } from './homography.js'
import type { Camera } from './perspective.js'
import { expectedBox } from './tiles.js'
import type { Tracker } from './tracker.js'

/** A player unseen for longer than this (s) brings back rounds searching every tile of their
 * half of the court... */
export const LOST_S = 0.9
/** ...one every this many rounds while they stay unseen (a player who walked off the picture
 * between points must not cost five detector calls a round until they come back). */
export const LOST_FULL_EVERY = 3
/** How far (m) from the prediction a player missed for `dt` seconds beyond the last round may
 * be by now, for the look around it; none for a player seen in the last round (the crop keeps
 * the person at the scale the detector finds them). */
export const slackFor = (dt: number) => (dt <= 0.05 ? 0 : Math.min(2.5, 0.3 + 3 * dt))

/**
 * Boxes of this detector round's players to follow: only a box matched to a track, clear of
 * every other box (an overlapping one holds part of someone else) and not shared by partners.
 */
export function followable(
  found: Array<{ box: Detection }>,
  valid: Array<{ ref: number; overlapped?: boolean }>,
  ids: Map<number, number>,
): Map<number, Detection> {
  const out = new Map<number, Detection>()
  const seen = new Set<number>()
  for (const v of valid) {
    const id = ids.get(v.ref)
    if (!id || v.overlapped) continue
    if (seen.has(id)) out.delete(id)
    else out.set(id, found[v.ref]!.box)
    seen.add(id)
  }
  return out
}

/**
 * A round looking for players out of sight: every tile of their half of the court (players never
 * cross the net, and tiles are sized to the people of their half) and one mosaic around the
 * players in sight, instead of every tile of both halves.
 */
export async function searchLost(
  detector: PersonDetector,
  frame: Frame,
  tiles: Tile[],
  tracker: Tracker,
  mapping: CourtMapping,
  cam: Camera | null,
  detectHz: number,
  keep: (d: Detection) => boolean,
): Promise<Detection[]> {
  const t = frame.timeSec
  const preds = tracker.predict(t)
  const lost = tracker.tracks.map((tr) => t - tr.lastT > LOST_S)
  const halves = new Set(tracker.tracks.flatMap((tr, i) => (lost[i] ? [halfOf(tr.id)] : [])))
  const seen = tracker.tracks.flatMap((tr, i) =>
    lost[i] ? [] : [expectedBox(mapping, preds[i]!, cam, slackFor(t - tr.lastT - 1 / detectHz))],
  )
  const mine = tiles.filter((tile) => tile.half && halves.has(tile.half))
  if (halves.size === 2 || !seen.length || !mine.length) return detector.detect(frame, tiles, keep)
  return nonMaxSuppression(
    [
      ...(await detector.detect(frame, mine, keep)),
      ...(await detector.detectMosaic(frame, seen, keep)),
    ],
    0.45,
  )
}

/** Ids 1–2 start on the near side, 3–4 on the far side, and stay there. */
const halfOf = (id: number): 'near' | 'far' => (id <= 2 ? 'near' : 'far')
