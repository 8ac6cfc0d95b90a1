// What a player looks like, to tell partners apart when their paths cross or their boxes merge:
// colour histograms of the torso and of the legs (shirt and shorts). Hue bins weighted by
// saturation carry the colour; grey bins by brightness catch white, black and grey clothes. Hard
// outdoor shadows change brightness far more than hue, so brightness only splits the greys.
import type { Box } from './detector.js'
import type { Frame } from './ffmpeg.js'

const HUE_BINS = 8
const GREY_BINS = 4
/** bins of one part (torso or legs) of a descriptor */
export const PART_BINS = HUE_BINS + GREY_BINS
/** torso and legs as shares of the box height, central share of its width */
const PARTS: Array<[number, number]> = [
  [0.18, 0.48],
  [0.52, 0.78],
]
const CENTRAL = 0.5

export type Appearance = Float32Array

/** Histogram descriptor of a person box (frame pixels); null when the box is too small. */
export function describe(frame: Frame, box: Box): Appearance | null {
  const { width: fw, height: fh, data } = frame
  const out = new Float32Array(PART_BINS * PARTS.length)
  const x0 = Math.max(0, Math.round(box.x + (box.w * (1 - CENTRAL)) / 2))
  const x1 = Math.min(fw, Math.round(box.x + (box.w * (1 + CENTRAL)) / 2))
  if (x1 - x0 < 4) return null
  const step = Math.max(1, Math.round((x1 - x0) / 24))
  for (let p = 0; p < PARTS.length; p++) {
    const [a, b] = PARTS[p]!
    const y0 = Math.max(0, Math.round(box.y + a * box.h))
    const y1 = Math.min(fh, Math.round(box.y + b * box.h))
    let total = 0
    for (let y = y0; y < y1; y += step) {
      for (let x = x0; x < x1; x += step) {
        const i = (y * fw + x) * 3
        out[p * PART_BINS + colourBin(data[i]!, data[i + 1]!, data[i + 2]!)]! += 1
        total++
      }
    }
    if (!total) return null
    for (let k = 0; k < PART_BINS; k++) out[p * PART_BINS + k]! /= total
  }
  return out
}

/** The bin of one pixel: its hue when it has colour, else its brightness among the greys. */
export function colourBin(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const sat = max > 0 ? (max - min) / max : 0
  if (sat > 0.25 && max > 40) {
    const d = max - min
    let h = 0
    if (max === r) h = ((g - b) / d + 6) % 6
    else if (max === g) h = (b - r) / d + 2
    else h = (r - g) / d + 4
    return Math.floor((h / 6) * HUE_BINS) % HUE_BINS
  }
  return HUE_BINS + Math.min(GREY_BINS - 1, Math.floor((max / 256) * GREY_BINS))
}

/** 0 for identical descriptors, 1 for nothing in common (Hellinger-like, parts averaged). */
export function appearanceDistance(a: Appearance, b: Appearance): number {
  let bc = 0
  for (let i = 0; i < a.length; i++) bc += Math.sqrt(a[i]! * b[i]!)
  return Math.max(0, 1 - bc / PARTS.length)
}

/** A track's running model: slowly follows the player (light changes along the court). */
export function blend(model: Appearance, seen: Appearance, rate: number): Appearance {
  const out = new Float32Array(model.length)
  for (let i = 0; i < model.length; i++) out[i] = model[i]! * (1 - rate) + seen[i]! * rate
  return out
}
