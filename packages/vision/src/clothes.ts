// A player hidden in someone else's box. Partners walking back together come out of the detector
// as one box, the nearer one's, with the other half hidden behind them; yet part of the hidden
// player still shows beside or above the nearer one, and their clothes give them away: pixels of
// a colour the hidden player wears, that neither the box's owner nor the ground and wall just
// beside the box have much of, say that they are there and where across the box they stand.
import { colourBin, PART_BINS, type Appearance } from './appearance.js'
import type { Box } from './detector.js'
import type { Frame } from './ffmpeg.js'
import { courtToImage, imageToCourt, type CourtMapping, type Point } from './homography.js'
import { PERSON_M } from './people.js'
import { personHeightPx, type Camera } from './perspective.js'
import type { Tracker } from './tracker.js'

/** The rows looked at, as a share of the box's height from its top: heads, shirts, shorts. */
const ROWS = 0.6
/** A colour is the hidden player's when they wear at least this much of it (share of a part)… */
const MIN_WORN = 0.05
/** …and at least this many times what the owner wears and what is beside the box. */
const RATIO = 2
/**
 * Least share of the box's pixels in the hidden player's colours for them to count as seen.
 * The owner's own box holds 1–4 % of them (the odd pixel of a similar shade) and a half-hidden
 * player 14 % or more.
 */
export const MIN_SHARE = 0.08
/** fewest such pixels, whatever the share, so that a tiny box says nothing */
const MIN_PIXELS = 12

export interface ClothesSighting {
  /** image column (frame pixels) of the middle of the hidden player's pixels */
  x: number
  /** share of the box's sampled pixels in their colours */
  share: number
}

/**
 * Where, across `box`, the player described by `hidden` shows, when they do: `owner` is the
 * player the box was given to. Null when too little of their colours is there.
 */
export function clothesIn(
  frame: Frame,
  box: Box,
  hidden: Appearance,
  owner: Appearance | null,
): ClothesSighting | null {
  const { width: fw, height: fh, data } = frame
  const x0 = Math.max(0, Math.round(box.x))
  const x1 = Math.min(fw, Math.round(box.x + box.w))
  const y0 = Math.max(0, Math.round(box.y))
  const y1 = Math.min(fh, Math.round(box.y + ROWS * box.h))
  if (x1 - x0 < 4 || y1 - y0 < 4) return null
  const step = Math.max(1, Math.round((x1 - x0) / 32))
  const binAt = (x: number, y: number) => {
    const i = (y * fw + x) * 3
    return colourBin(data[i]!, data[i + 1]!, data[i + 2]!)
  }
  // What is just beside the box, a third of its width on each side, over the same rows.
  const beside = new Float32Array(PART_BINS)
  let besideN = 0
  const side = Math.max(2, Math.round((x1 - x0) / 3))
  for (let y = y0; y < y1; y += step) {
    for (const [a, b] of [
      [x0 - side, x0],
      [x1, x1 + side],
    ] as const) {
      for (let x = Math.max(0, a); x < Math.min(fw, b); x += step) {
        beside[binAt(x, y)]! += 1
        besideN++
      }
    }
  }
  const worn = (app: Appearance, k: number) => Math.max(app[k]!, app[PART_BINS + k]!)
  const theirs = Array.from({ length: PART_BINS }, (_, k) => {
    const w = worn(hidden, k)
    const rival = Math.max(owner ? worn(owner, k) : 0, besideN ? beside[k]! / besideN : 0)
    return w >= MIN_WORN && w > RATIO * rival
  })
  let n = 0
  let total = 0
  let sumX = 0
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      total++
      if (!theirs[binAt(x, y)]) continue
      n++
      sumX += x
    }
  }
  if (!total || n < MIN_PIXELS || n / total < MIN_SHARE) return null
  return { x: sumX / n, share: n / total }
}

/** A sighting further than this (m) from where the hidden player is predicted is someone else. */
const NEAR_PREDICTION_M = 1.5
/**
 * Players hidden behind their partner this round (Tracker.hiddenBehind) whose clothes show in the
 * partner's box: the tracker is told where they are (across the box where their colours are, as
 * far behind the partner as they were when hidden), and each gets a box of a person's size there,
 * marked as not the detector's, for the round's record.
 */
export function seeHidden(
  frame: Frame,
  tracker: Tracker,
  boxes: Box[],
  ids: Map<number, number>,
  m: CourtMapping,
  cam: Camera | null,
  fnum: number,
): Array<{ box: Box; court: Point; id: number; ref: number }> {
  const t = frame.timeSec
  const predicted = tracker.predict(t)
  const out: Array<{ box: Box; court: Point; id: number; ref: number }> = []
  tracker.tracks.forEach((tr, i) => {
    const k = tracker.hiddenBehind(i, t)
    if (tr.lastT >= t || k === null || !tr.app || !tr.behind) return
    const partner = tracker.tracks[k]!
    const ref = [...ids].find(([, id]) => id === partner.id)?.[0]
    const box = ref === undefined ? undefined : boxes[ref]
    if (ref === undefined || !box) return
    const seen = clothesIn(frame, box, tr.app, partner.app)
    if (!seen) return
    const across = imageToCourt(m, { x: seen.x, y: box.y + box.h })
    const at = { x: across.x, y: across.y + tr.behind.dy }
    const p = predicted[i]!
    if (Math.hypot(at.x - p.x, at.y - p.y) > NEAR_PREDICTION_M) return
    tracker.seenWithin(i, t, fnum, at, ref)
    const foot = courtToImage(m, at)
    const h = personHeightPx(m, cam, at, PERSON_M)
    out.push({
      box: { x: foot.x - 0.2 * h, y: foot.y - h, w: 0.4 * h, h },
      court: at,
      id: tr.id,
      ref,
    })
  })
  return out
}
