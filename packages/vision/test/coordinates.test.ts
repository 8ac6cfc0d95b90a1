// Corners and every coordinate of a result are in the video's own pixels, whatever size the
// frames are decoded at: a 1080p upload with its corners marked on the 1080p image must map the
// court exactly as the same corners scaled to the decode size would.
import { beforeAll, describe, expect, it } from 'vitest'
import { analyze, proposeFromVideo, type AnalysisResult } from '../src/analyze.js'
import { probe } from '../src/ffmpeg.js'
import { imageToCourt, mapCourt, type Corners } from '../src/homography.js'
import { renderMatch, type SynthTruth } from './helpers/synth.js'
import { scratchDir } from './helpers/scratch'

const CORNERS: Corners = [
  { x: 170, y: 690 },
  { x: 1110, y: 690 },
  { x: 880, y: 250 },
  { x: 400, y: 250 },
]

const file = scratchDir('areia-vision-c-')
let video: string
let truth: SynthTruth
let result: AnalysisResult

beforeAll(async () => {
  video = file('match.mp4')
  truth = await renderMatch(video, {
    width: 1280,
    height: 720,
    fps: 10,
    durationSec: 3,
    corners: CORNERS,
    rallies: [[0.5, 3]],
  })
  // Decoded at half the source width: the corners stay in source pixels.
  result = await analyze(video, { corners: CORNERS, maxWidth: 640, detectHz: 2 })
})

describe('one coordinate space: the video’s own pixels', () => {
  it('keeps the given corners and decodes smaller', () => {
    expect(result.court?.corners).toEqual(CORNERS)
    expect(result.settings.frameWidth).toBe(640)
  })

  it('maps players through the given corners (not the decode-size ones)', () => {
    const m = mapCourt(CORNERS)!
    const errors: number[] = []
    for (const round of result.detections) {
      for (const b of round.boxes) {
        if (!b.court) continue
        const foot = imageToCourt(m, { x: b.x + b.w / 2, y: b.y + b.h })
        // The box, in source pixels, projects where the pipeline says the player stands...
        expect(Math.hypot(foot.x - b.court.x, foot.y - b.court.y)).toBeLessThan(0.05)
        // ...and that is where a drawn player really is.
        const nearest = Math.min(
          ...[0, 1, 2, 3].map((k) => {
            const q = truth.positionAt(k, round.t)
            return Math.hypot(q.x - b.court!.x, q.y - b.court!.y)
          }),
        )
        errors.push(nearest)
      }
    }
    errors.sort((a, b) => a - b)
    expect(errors.length).toBeGreaterThanOrEqual(4 * result.detections.length * 0.75)
    expect(errors[errors.length >> 1]!).toBeLessThan(0.5)
  })

  it('proposes corners in source pixels when decoding smaller', async () => {
    const info = await probe(video)
    const proposed = await proposeFromVideo(video, info, 640, 0, 3)
    expect(proposed).not.toBeNull()
    proposed!.forEach((p, i) => {
      expect(Math.hypot(p.x - CORNERS[i]!.x, p.y - CORNERS[i]!.y)).toBeLessThan(12)
    })
  })
})
