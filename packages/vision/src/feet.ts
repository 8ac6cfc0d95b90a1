// Feet from a pose model for the boxes whose bottom cannot be trusted. From a camera behind one
// baseline a far player's feet are seen through the net: the person detector's box often stops at
// the net's tape, short of the feet, which puts the player a metre or more further back. MoveNet
// (lightning, bundled with @vladmandic/human) finds the ankles through the mesh; it runs only on
// those boxes, one crop each.
import { loadHuman, type Detection, type HumanLike } from './detector.js'
import type { Frame } from './ffmpeg.js'
import { courtToImage, imageToCourt, NET_Y_M, type CourtMapping, type Point } from './homography.js'
import { personHeightPx, type Camera } from './perspective.js'
import { footPoint } from './people.js'

/** Beach tennis net height at the tape (m). */
export const NET_M = 1.7
/** Ankle joint above the sole (m): the feet are that much below the ankles. */
const ANKLE_M = 0.08
/** Least keypoint score for an ankle to be used. */
const MIN_ANKLE = 0.3

/**
 * A far player's box whose bottom lies in the picture's net band: below the line the tape draws
 * across the picture at that column, where the ground behind the net is seen through its mesh.
 */
export function feetBehindNet(m: CourtMapping, cam: Camera | null, d: Detection): boolean {
  const court = imageToCourt(m, footPoint(d))
  if (!(court.y > NET_Y_M)) return false
  const base = courtToImage(m, { x: court.x, y: NET_Y_M })
  const tape = base.y - personHeightPx(m, cam, { x: court.x, y: NET_Y_M }, NET_M)
  return d.y + d.h >= tape
}

export class PoseFeet {
  readonly stats = { calls: 0, cpuSec: 0 }
  private floats: Float32Array | undefined

  private constructor(private readonly human: HumanLike) {}

  static async create(): Promise<PoseFeet> {
    return new PoseFeet(
      await loadHuman({
        body: { enabled: true, modelPath: 'movenet-lightning.json', maxDetected: 1 },
      }),
    )
  }

  /**
   * The box with its bottom moved to the feet the pose model sees (the lower ankle, plus the
   * ankle's height), when both ankles are found with confidence inside the box's columns and
   * the move is less than a fifth of the box's height; otherwise the box as it was.
   */
  async refine(
    frame: Frame,
    m: CourtMapping,
    cam: Camera | null,
    d: Detection,
  ): Promise<Detection> {
    const side = Math.round(Math.min(frame.width, frame.height, 1.3 * d.h))
    const x0 = Math.round(Math.max(0, Math.min(frame.width - side, d.x + d.w / 2 - side / 2)))
    const y0 = Math.round(Math.max(0, Math.min(frame.height - side, d.y + d.h / 2 - side / 2)))
    const n = side * side * 3
    if (!this.floats || this.floats.length < n) this.floats = new Float32Array(n)
    const floats = this.floats.subarray(0, n)
    for (let r = 0; r < side; r++) {
      const from = ((y0 + r) * frame.width + x0) * 3
      for (let i = 0; i < side * 3; i++) floats[r * side * 3 + i] = frame.data[from + i]!
    }
    const tf = this.human.tf
    const input = tf.tensor4d(floats, [1, side, side, 3], 'float32')
    const before = process.cpuUsage()
    let ankles: Point[] = []
    try {
      const res = await this.human.detect(input)
      if (res.error) throw new Error(res.error)
      ankles = (res.body[0]?.keypoints ?? [])
        .filter((k) => /ankle/i.test(k.part) && k.score >= MIN_ANKLE)
        .map((k) => ({ x: k.position[0] + x0, y: k.position[1] + y0 }))
    } finally {
      tf.dispose(input)
      const used = process.cpuUsage(before)
      this.stats.calls++
      this.stats.cpuSec += (used.user + used.system) / 1e6
    }
    if (ankles.length < 2 || ankles.some((a) => a.x < d.x || a.x > d.x + d.w)) return d
    const low = ankles.reduce((a, b) => (b.y > a.y ? b : a))
    const court = imageToCourt(m, { x: low.x, y: low.y })
    const bottom = low.y + personHeightPx(m, cam, court, ANKLE_M)
    if (Math.abs(bottom - (d.y + d.h)) > 0.2 * d.h) return d
    return { ...d, h: bottom - d.y }
  }
}
