// People in one still picture (a JPEG taken from a match video) when nothing is known of the
// court yet: the whole picture is covered with overlapping square tiles at two scales, because
// the detector shrinks its input and players far from the camera vanish in a whole frame.
import type { Detection, PersonDetector, Tile } from './detector.js'
import { FFMPEG, probe, run, VisionError } from './ffmpeg.js'
import { imageToCourt, mapCourt, onCourt, type Corners, type Point } from './homography.js'
import { footPoint, PERSON_M } from './people.js'
import { personHeightPx } from './perspective.js'
import { END_MARGIN_M, SIDE_MARGIN_M } from './tiles.js'

/** Tile sides as shares of the picture's shorter side: near players, then far ones. */
const SCALES = [1, 0.5]
/** Neighbouring tiles overlap by this share of a tile, so a person fits whole in one. */
const OVERLAP = 0.3

function cover(length: number, size: number): number[] {
  if (length <= size) return [0]
  const n = Math.ceil((length - size) / (size * (1 - OVERLAP))) + 1
  const step = (length - size) / (n - 1)
  return Array.from({ length: n }, (_, i) => Math.round(i * step))
}

/** Every tile the still is searched in (about fifteen for a 16:9 picture). */
export function stillTiles(width: number, height: number): Tile[] {
  const tiles: Tile[] = []
  for (const share of SCALES) {
    const size = Math.round(Math.min(width, height) * share)
    if (size < 64) continue
    for (const y of cover(height, size))
      for (const x of cover(width, size)) tiles.push({ x, y, size })
  }
  return tiles
}

export interface StillPeople {
  width: number
  height: number
  /** person boxes in the picture's pixels, duplicates from overlapping tiles merged */
  people: Detection[]
}

/** Decodes the picture to RGB and runs the detector over its tiles. */
export async function peopleInStill(
  file: string,
  detector: PersonDetector,
  signal?: AbortSignal,
): Promise<StillPeople> {
  const info = await probe(file, signal)
  const { width, height } = info
  if (!(width > 0 && height > 0)) throw new VisionError('A imagem não tem tamanho válido.')
  const data = await run(
    FFMPEG,
    ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { signal },
  )
  if (data.length < width * height * 3) throw new VisionError('A imagem não pôde ser lida.')
  const frame = {
    index: 0,
    timeSec: 0,
    width,
    height,
    data: new Uint8Array(data.buffer, data.byteOffset, width * height * 3),
  }
  const people = await detector.detect(frame, stillTiles(width, height))
  return { width, height, people }
}

/** Shortest and tallest a standing person's box may be against 1.75 m at its feet. */
const SHORTEST = 0.55
const TALLEST = 1.6

/**
 * Where each person of a still stands on the court plane (metres), from the court's corners in
 * the still's pixels: null for anyone whose feet are off the court and its margins (line judges,
 * ball kids, the crowd) or whose box is not the size of a person standing there. All null when
 * the corners make no court.
 */
export function placeOnCourt(people: Detection[], corners: Corners): Array<Point | null> {
  const m = mapCourt(corners)
  return people.map((d) => {
    if (!m) return null
    const court = imageToCourt(m, footPoint(d))
    if (!Number.isFinite(court.x) || !Number.isFinite(court.y)) return null
    if (!onCourt(court, SIDE_MARGIN_M, END_MARGIN_M)) return null
    const expected = personHeightPx(m, null, court, PERSON_M)
    return d.h >= SHORTEST * expected && d.h <= TALLEST * expected ? court : null
  })
}
