// The whole pipeline for one video (or one chunk of it): probe → court → decode at the analysis
// rate → motion energy, ball blobs and (every few frames) tiled person detection + tracking →
// per-player metrics, rallies and ball trajectories. The result is plain JSON; every figure
// carries the source frames it came from.
import { ballCandidates, linkTrajectories, type BallTrajectory } from './ball.js'
import { proposeCorners } from './corners.js'
import { PersonDetector, type Detection, type Tile } from './detector.js'
import { decodeFrames, probe, VisionError, type Frame, type VideoInfo } from './ffmpeg.js'
import {
  COURT_LENGTH_M,
  COURT_WIDTH_M,
  courtToImage,
  imageToCourt,
  mapCourt,
  onCourt,
  pixelsPerMetre,
  type Corners,
  type Point,
} from './homography.js'
import { playerMetrics, type PlayerMetrics } from './metrics.js'
import {
  andMasks,
  changeMask,
  findBlobs,
  polygonMask,
  toGray,
  type Blob,
  type Gray,
} from './motion.js'
import { segmentRallies, type Rally } from './rallies.js'
import { END_MARGIN_M, expectedBox, planTiles, selectTiles, SIDE_MARGIN_M } from './tiles.js'
import { Tracker, type TrackSample } from './tracker.js'

export type Stage = 'probe' | 'court' | 'frames' | 'summary'

export interface AnalyzeOptions {
  /** four image corners (see Corners); proposed from line detection when absent */
  corners?: Corners | null
  onProgress?: (p: { stage: Stage; percent: number }) => void
  signal?: AbortSignal
  startSec?: number
  endSec?: number
  /** frames per second decoded for motion, rallies and ball (default 10) */
  analysisFps?: number
  /** person-detection rounds per second (default 2; 1–2 is the useful range) */
  detectHz?: number
  /** longest side the frames are decoded at (default 1280): tiles stay at native resolution */
  maxWidth?: number
  /** a detector already loaded (workers reuse one across jobs) */
  detector?: PersonDetector
  /**
   * While all four players are tracked, every Nth detection round still searches every tile
   * (default 16: every 8 s at 2 Hz); the rounds between make one call on a mosaic of crops
   * around the four predicted players. Any lost player brings the next round back to all tiles.
   */
  fullRoundEvery?: number
  /** what the rounds between full ones look at: 'mosaic' (default, one call) or 'tiles' (the
   * planned tiles holding the predicted players, one call each; slower, kept for comparison) */
  focus?: 'mosaic' | 'tiles'
}

export interface DetectionRound {
  t: number
  frame: number
  boxes: Array<Detection & { court: { x: number; y: number } | null; playerId: number | null }>
}

export interface AnalysisResult {
  version: 1
  analysable: boolean
  /** pt-BR, for the analyst, when analysable is false */
  reason: string | null
  video: VideoInfo & { fromSec: number; toSec: number }
  court: { corners: Corners; source: 'given' | 'proposed' } | null
  settings: {
    analysisFps: number
    detectHz: number
    fullRoundEvery?: number
    focus?: 'mosaic' | 'tiles'
    frameWidth: number
    frameHeight: number
    tiles: Tile[]
  }
  coverage: { rounds: number; roundsWithFourPlayers: number; share: number; frames: number[] }
  players: PlayerMetrics[]
  rallies: {
    count: number
    totalPlaySec: number
    longestSec: number
    longestIndex: number | null
    items: Rally[]
  }
  ball: { estimated: true; trajectories: BallTrajectory[] }
  detections: DetectionRound[]
}

/** Share of detection rounds that must show four players on court for the video to be analysable. */
export const MIN_FOUR_PLAYER_SHARE = 0.5

export const fewPlayersReason = (share: number) =>
  `Menos de quatro jogadores encontrados na quadra na maior parte do vídeo (${Math.round(share * 100)}% dos quadros analisados).`

export async function analyze(input: string, opts: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const progress = (stage: Stage, percent: number) =>
    opts.onProgress?.({ stage, percent: Math.round(percent) })
  const signal = opts.signal
  progress('probe', 0)
  const info = await probe(input, signal)
  const fromSec = Math.max(0, opts.startSec ?? 0)
  const toSec = Math.min(info.durationSec, opts.endSec ?? info.durationSec)
  if (!(toSec > fromSec)) throw new VisionError('Intervalo de análise vazio.')
  const analysisFps = opts.analysisFps ?? 10
  const detectHz = opts.detectHz ?? 2
  const fullEvery = Math.max(1, Math.round(opts.fullRoundEvery ?? 16))
  const focus = opts.focus ?? 'mosaic'
  const width = Math.min(info.width, opts.maxWidth ?? 1280)
  const srcFrame = (t: number) => Math.round(t * (info.fps || analysisFps))
  const video = { ...info, fromSec, toSec }

  progress('court', 5)
  let corners = opts.corners ?? null
  let source: 'given' | 'proposed' = 'given'
  if (!corners) {
    source = 'proposed'
    corners = await proposeFromVideo(input, info, width, fromSec, toSec, signal)
  }
  const decodedSize = { width: 0, height: 0 }
  const base = {
    version: 1 as const,
    video,
    coverage: { rounds: 0, roundsWithFourPlayers: 0, share: 0, frames: [] as number[] },
    players: [],
    rallies: { count: 0, totalPlaySec: 0, longestSec: 0, longestIndex: null, items: [] },
    ball: { estimated: true as const, trajectories: [] },
    detections: [],
  }
  const mapping = corners ? mapCourt(corners) : null
  if (!corners || !mapping) {
    return {
      ...base,
      analysable: false,
      reason: corners
        ? 'Os quatro cantos informados não formam uma quadra (quadrilátero inválido).'
        : 'Não foi possível mapear a quadra: as linhas não foram encontradas. Marque os quatro cantos.',
      court: null,
      settings: {
        analysisFps,
        detectHz,
        fullRoundEvery: fullEvery,
        focus,
        frameWidth: 0,
        frameHeight: 0,
        tiles: [],
      },
    }
  }
  const detector = opts.detector ?? (await PersonDetector.create())
  const detectEvery = Math.max(1, Math.round(analysisFps / detectHz))
  let tiles: Tile[] = []
  let region: Uint8Array | null = null
  const tracker = new Tracker()
  const energy: Array<{ t: number; frame: number; e: number }> = []
  const ballFrames: Array<{ t: number; frame: number; blobs: Blob[] }> = []
  const rounds: DetectionRound[] = []
  let fourRounds = 0
  const fourFrames: number[] = []
  let prev: { gray: Gray; frame: Frame } | null = null
  let prevMask: Uint8Array | null = null
  let lastBoxes: Detection[] = []
  const total = Math.max(1, Math.round((toSec - fromSec) * analysisFps))

  // Each frame is finished with (grey copy, detection) before the next is read: one buffer.
  for await (const frame of decodeFrames(input, info, {
    fps: analysisFps,
    width,
    startSec: fromSec,
    endSec: toSec,
    signal,
    recycle: true,
  })) {
    signal?.throwIfAborted()
    if (!region) {
      decodedSize.width = frame.width
      decodedSize.height = frame.height
      tiles = planTiles(mapping, frame.width, frame.height)
      region = courtRegion(mapping, frame.width, frame.height)
    }
    const gray = toGray(frame, 2)
    const fnum = srcFrame(frame.timeSec)
    if (prev) {
      const { mask, energy: e } = changeMask(prev.gray, gray, region)
      energy.push({ t: frame.timeSec - 0.5 / analysisFps, frame: fnum, e })
      if (prevMask) {
        const blobs = ballCandidates(findBlobs(andMasks(prevMask, mask), gray), lastBoxes)
        ballFrames.push({ t: prev.frame.timeSec, frame: srcFrame(prev.frame.timeSec), blobs })
      }
      prevMask = mask
    }
    if (frame.index % detectEvery === 0) {
      const round = frame.index / detectEvery
      // All tiles every fullRoundEvery-th round and whenever someone was lost; otherwise a look
      // only where the tracked players are predicted to be.
      const lastRoundT = rounds.at(-1)?.t
      const expected =
        round % fullEvery !== 0 && lastRoundT !== undefined && tracker.allSeenAt(lastRoundT)
          ? tracker.predict(frame.timeSec).map((p) => expectedBox(mapping, p))
          : null
      const focused = expected && focus === 'tiles' ? selectTiles(tiles, expected) : null
      const dets = !expected
        ? await detector.detect(frame, tiles)
        : focus === 'mosaic'
          ? await detector.detectMosaic(frame, expected)
          : await detector.detect(frame, focused ?? tiles)
      lastBoxes = dets
      const boxes = dets.map((d) => {
        const court = imageToCourt(mapping, { x: d.x + d.w / 2, y: d.y + d.h })
        return {
          ...d,
          court:
            onCourt(court, SIDE_MARGIN_M, END_MARGIN_M) && plausiblePerson(mapping, d, court)
              ? court
              : null,
          playerId: null as number | null,
        }
      })
      const valid = boxes.flatMap((b, ref) =>
        b.court ? [{ court: b.court, ref, score: b.score }] : [],
      )
      if (valid.length >= 4) {
        fourRounds++
        fourFrames.push(fnum)
      }
      const ids = tracker.update(frame.timeSec, fnum, valid)
      for (const [ref, id] of ids) boxes[ref]!.playerId = id
      rounds.push({ t: frame.timeSec, frame: fnum, boxes })
    }
    prev = { gray, frame }
    progress('frames', 10 + (85 * Math.min(total, frame.index + 1)) / total)
  }
  progress('summary', 96)
  const share = rounds.length ? fourRounds / rounds.length : 0
  const coverage = {
    rounds: rounds.length,
    roundsWithFourPlayers: fourRounds,
    share: Math.round(share * 1000) / 1000,
    frames: fourFrames,
  }
  const settings = {
    analysisFps,
    detectHz,
    fullRoundEvery: fullEvery,
    focus,
    frameWidth: decodedSize.width,
    frameHeight: decodedSize.height,
    tiles,
  }
  // Inside a longer video, a rally cut by this chunk's edge is kept whole-or-short for the merge.
  const rallyRes = segmentRallies(energy, analysisFps, {
    openStart: fromSec > 0,
    openEnd: toSec < info.durationSec - 0.5,
  })
  const rallies = summarizeRallies(rallyRes.rallies)
  // A ball in flight covers ~4–25 m/s; pixels per metre taken mid-court.
  const ppm = pixelsPerMetre(mapping, { x: COURT_WIDTH_M / 2, y: COURT_LENGTH_M / 2 })
  const ball = {
    estimated: true as const,
    trajectories: linkTrajectories(ballFrames, {
      maxStepPx: (ppm * 25) / analysisFps,
      minStepPx: (ppm * 4) / analysisFps,
    }),
  }
  const court = { corners, source }
  if (!tracker.started || share < MIN_FOUR_PLAYER_SHARE) {
    progress('summary', 100)
    return {
      ...base,
      analysable: false,
      reason: fewPlayersReason(share),
      court,
      settings,
      coverage,
      rallies,
      ball,
      detections: rounds,
    }
  }
  const players = buildPlayers(new Map(tracker.tracks.map((t) => [t.id, t.samples])))
  progress('summary', 100)
  return {
    ...base,
    analysable: true,
    reason: null,
    court,
    settings,
    coverage,
    players,
    rallies,
    ball,
    detections: rounds,
  }
}

export function summarizeRallies(items: Rally[]): AnalysisResult['rallies'] {
  const longest = items.reduce<Rally | null>(
    (a, r) => (!a || r.durationSec > a.durationSec ? r : a),
    null,
  )
  return {
    count: items.length,
    totalPlaySec: Math.round(items.reduce((s, r) => s + r.durationSec, 0) * 100) / 100,
    longestSec: longest?.durationSec ?? 0,
    longestIndex: longest?.index ?? null,
    items,
  }
}

/** Partners are 1–2 (near at the start) and 3–4 (far). */
export const partnerOf = (id: number) => (id === 1 ? 2 : id === 2 ? 1 : id === 3 ? 4 : 3)

export function buildPlayers(byId: Map<number, TrackSample[]>): PlayerMetrics[] {
  return [1, 2, 3, 4].map((id) =>
    playerMetrics(id, byId.get(id) ?? [], byId.get(partnerOf(id)) ?? [], partnerOf(id)),
  )
}

/**
 * A standing player's box is about as tall as 1.75 m at its foot point (a crouch a bit less):
 * half bodies cut by a tile edge and wide non-person boxes would put a wrong foot on the court.
 */
function plausiblePerson(
  m: NonNullable<ReturnType<typeof mapCourt>>,
  d: Detection,
  court: Point,
): boolean {
  const expected = pixelsPerMetre(m, court) * 1.75
  return d.h >= 0.6 * expected && d.h <= 1.7 * expected && d.w <= 1.2 * d.h
}

/** The court with its margins, raised by a person's height at the far end: where motion counts. */
function courtRegion(
  m: NonNullable<ReturnType<typeof mapCourt>>,
  w: number,
  h: number,
): Uint8Array {
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

/**
 * Median of a few frames spread over the range (players move away), then line detection. Each
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
  return proposeCorners(frames)
}
