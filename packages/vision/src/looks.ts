// What a detection round looks at besides the usual mosaic: players out of sight are searched
// for in their own half of the court; players seen apart from each other are handed to the
// follower for the next round.
import {
  iou,
  nonMaxSuppression,
  type Detection,
  type PersonDetector,
  type Tile,
} from './detector.js'
import type { Frame } from './ffmpeg.js'
import { courtToImage, imageToCourt, type CourtMapping } from './homography.js'
import { footPoint, PERSON_M } from './people.js'
import { personHeightPx, type Camera } from './perspective.js'
import { expectedBox } from './tiles.js'
import { farSide, type Tracker } from './tracker.js'

/** A player unseen for longer than this (s) brings back rounds searching every tile of their
 * half of the court... */
export const LOST_S = 0.9
/**
 * ...one every this many rounds while they stay unseen, fewer the longer they stay away: a player
 * who walked off the picture between points must not cost five detector calls a round until they
 * come back, and one hidden for a moment is found within a second or two.
 */
export const lostSearchEvery = (unseenSec: number) => (unseenSec < 3 ? 3 : unseenSec < 6 ? 6 : 12)
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

/** A box this near (m) a player's predicted spot is taken as theirs. */
const FOUND_M = 1.5

/**
 * One more look for each player (two at most) the round's boxes missed:
 * - one seen a moment ago (often half hidden behind someone nearer the camera, whom the crop also
 *   holds): a tile around where they should be, at the scale full rounds find people at;
 * - one hidden behind their partner (see Tracker.hiddenBehind), however long: a tighter tile
 *   there, twice the pixels a person, where the detector can tell the two apart. A box nearer the
 *   partner than them is the partner's, not theirs.
 */
export async function lookAgain(
  detector: PersonDetector,
  frame: Frame,
  dets: Detection[],
  tracker: Tracker,
  mapping: CourtMapping,
  cam: Camera | null,
  keep: (d: Detection) => boolean,
): Promise<Detection[]> {
  const t = frame.timeSec
  const preds = tracker.predict(t)
  const missing = tracker.tracks.flatMap((tr, i) => {
    const partner = tracker.hiddenBehind(i, t)
    if (partner === null && t - tr.lastT > LOST_S + 0.01) return []
    const p = preds[i]!
    const found = dets.some((d) => {
      const c = imageToCourt(mapping, footPoint(d))
      const mine = Math.hypot(c.x - p.x, c.y - p.y)
      const q = partner === null ? null : preds[partner]!
      return mine <= FOUND_M && !(q && Math.hypot(c.x - q.x, c.y - q.y) < mine)
    })
    return found ? [] : [{ p, hidden: partner !== null }]
  })
  let out = dets
  for (const { p, hidden } of missing.slice(0, 2)) {
    const foot = courtToImage(mapping, p)
    const person = personHeightPx(mapping, cam, p, PERSON_M)
    const size = Math.round(Math.min(frame.width, frame.height, (hidden ? 2.5 : 3.5) * person))
    // A hidden player's tile is centred on them; the other keeps room above for a raised racket.
    const top = hidden ? foot.y - 0.55 * person - size / 2 : foot.y - 0.7 * size
    const tile = {
      x: Math.round(Math.max(0, Math.min(frame.width - size, foot.x - size / 2))),
      y: Math.round(Math.max(0, Math.min(frame.height - size, top))),
      size,
    }
    const more = (await detector.detectTile(frame, tile)).filter(keep)
    out = hidden ? withHidden(out, more) : nonMaxSuppression([...out, ...more], 0.45)
  }
  return out
}

/**
 * Boxes from a look for a hidden player, added to the round's: only a box that is not the same
 * as one already there (IoU above 0.45) is new. Unlike duplicates across tiles, a box mostly
 * inside another one is kept: the half of the hidden player that shows beside their partner.
 */
export function withHidden(dets: Detection[], more: Detection[]): Detection[] {
  const out = [...dets]
  for (const d of [...more].sort((a, b) => b.score - a.score))
    if (!out.some((o) => iou(o, d) > 0.45)) out.push(d)
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
const halfOf = (id: number): 'near' | 'far' => (farSide(id) ? 'far' : 'near')
