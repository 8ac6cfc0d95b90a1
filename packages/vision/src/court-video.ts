// What a video shows of its court before the players are followed: the region where motion
// counts, the camera's reference frame and corners proposed from the lines.
import { CameraWatch } from './camera.js'
import { proposeCorners } from './corners.js'
import { decodeFrames, type Frame, type VideoInfo } from './ffmpeg.js'
import {
  COURT_LENGTH_M,
  COURT_WIDTH_M,
  courtToImage,
  pixelsPerMetre,
  scaleCorners,
  type CourtMapping,
  type Corners,
} from './homography.js'
import { polygonMask, toGray } from './motion.js'
import { END_MARGIN_M, SIDE_MARGIN_M } from './tiles.js'

/** The court with its margins, raised by a person's height at the far end: where motion counts. */
export function courtRegion(m: CourtMapping, w: number, h: number): Uint8Array {
  const far = COURT_LENGTH_M + END_MARGIN_M
  const rise = pixelsPerMetre(m, { x: COURT_WIDTH_M / 2, y: far }) * 2
  const up = (p: { x: number; y: number }) => ({ x: p.x, y: p.y - rise })
  const poly = [
    courtToImage(m, { x: -SIDE_MARGIN_M, y: -END_MARGIN_M }),
    courtToImage(m, { x: COURT_WIDTH_M + SIDE_MARGIN_M, y: -END_MARGIN_M }),
    up(courtToImage(m, { x: COURT_WIDTH_M + SIDE_MARGIN_M, y: far })),
    up(courtToImage(m, { x: -SIDE_MARGIN_M, y: far })),
  ]
  return polygonMask({ width: Math.floor(w / 2), height: Math.floor(h / 2), scale: 2 }, poly)
}

/** The camera reference from the video's first frame, decoded at the analysis width. */
export async function firstFrameWatch(
  input: string,
  info: VideoInfo,
  width: number,
  signal?: AbortSignal,
): Promise<CameraWatch | null> {
  for await (const f of decodeFrames(input, info, {
    fps: info.fps || 30,
    width,
    endSec: 0.5,
    signal,
    // Grey made the way analyze makes it for the frames compared with this one.
    yuv: true,
  }))
    return new CameraWatch(toGray(f, 2))
  return null
}

/**
 * Median of a few frames spread over the range (players move away), then line detection; the
 * corners come back in the video's own pixels, whatever `width` the frames were decoded at. Each
 * frame is read by its own seek: a filter picking 7 frames would still decode every frame of the
 * video (~8 s of a 5-minute 720p match here; the seeks cost a fraction of that).
 */
export async function proposeFromVideo(
  input: string,
  info: VideoInfo,
  width: number,
  fromSec: number,
  toSec: number,
  signal?: AbortSignal,
): Promise<Corners | null> {
  const samples = 7
  const span = toSec - fromSec
  const frames: Frame[] = []
  for (let i = 0; i < samples; i++) {
    const at = fromSec + ((i + 0.5) * span) / samples
    for await (const f of decodeFrames(input, info, {
      fps: info.fps || 30,
      width,
      startSec: at,
      endSec: Math.min(toSec, at + 1),
      signal,
    })) {
      frames.push(f)
      break
    }
  }
  const found = proposeCorners(frames)
  const f = frames[0]
  // Proposed on decoded frames; handed out, like all corners, in the video's own pixels.
  return found && f ? scaleCorners(found, info.width / f.width, info.height / f.height) : found
}
