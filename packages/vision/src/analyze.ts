// The whole pipeline for one video (or one chunk of it): probe → court → decode at the analysis
// rate → motion energy, ball blobs and (every few frames) tiled person detection + tracking →
// per-player metrics, rallies and ball trajectories. The result is plain JSON; every figure
// carries the source frames it came from.
import {
  ballCandidates,
  linkTrajectories,
  movedBoxes,
  type BallTrajectory,
  type RoundBox,
} from './ball.js'
import { audioOnsets, strikeSpans, type Onset } from './audio.js'
import { CameraWatch } from './camera.js'
import { PersonDetector, type Detection, type Tile } from './detector.js'
import {
  decodeFrames,
  outputSize,
  probe,
  VisionError,
  yuvToRgb,
  type Frame,
  type VideoInfo,
} from './ffmpeg.js'
import {
  COURT_LENGTH_M,
  COURT_WIDTH_M,
  courtToImage,
  imageToCourt,
  mapCourt,
  onCourt,
  pixelsPerMetre,
  scaleCorners,
  type Corners,
  type Point,
} from './homography.js'
import { playerMetrics, type PlayerMetrics } from './metrics.js'
import { andMasks, changeMask, findBlobs, toGray, type Blob, type Gray } from './motion.js'
import { playCues, segmentRallies, type PlayCue, type PlayCues, type Rally } from './rallies.js'
import { stanceRounds, type BallFlight, type PlayerRound } from './play.js'
import { expectedBox, planTiles, selectTiles, SIDE_MARGIN_M, TRACK_END_MARGIN_M } from './tiles.js'
import { courtRegion, firstFrameWatch, proposeFromVideo } from './court-video.js'
import { feetBehindNet, PoseFeet } from './feet.js'
import { Follower } from './follow.js'
import { followable, lookAgain, lostSearchEvery, LOST_S, searchLost, slackFor } from './looks.js'
import { footPoint, people, tooTall } from './people.js'
import { seeHidden } from './clothes.js'
import { cameraOf, type Camera } from './perspective.js'
import { Tracker, type TrackSample } from './tracker.js'
import { relabelRounds } from './untangle.js'
import { fewPlayersReason, MIN_FOUR_PLAYER_SHARE, verdict } from './verdict.js'

export { fewPlayersReason, MIN_FOUR_PLAYER_SHARE, proposeFromVideo }

export type Stage = 'probe' | 'court' | 'frames' | 'summary'

export interface AnalyzeOptions {
  /**
   * four image corners (see Corners) in the video's own pixels (as displayed, after rotation),
   * whatever size the frames are decoded at; proposed from line detection when absent
   */
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
   * Far players' feet from a pose model's ankles when their box bottom lies in the net band
   * (feet seen through the mesh), one extra model call per such box (default false: on the real
   * clips it placed feet better where labels are exact but cost a pose call per far player and
   * round)
   */
  pose?: boolean
  /** the pose model already loaded (loaded when `pose` is on and none is given) */
  poseFeet?: PoseFeet
  /**
   * While all four players are tracked, every Nth detection round still searches every tile
   * (default 24: every 12 s at 2 Hz); the rounds between make one call on a mosaic of crops
   * around the four predicted players. Any lost player brings the next round back to all tiles.
   */
  fullRoundEvery?: number
  /** what the rounds between full ones look at: 'mosaic' (default, one call) or 'tiles' (the
   * planned tiles holding the predicted players, one call each; slower, kept for comparison) */
  focus?: 'mosaic' | 'tiles'
  /**
   * Between detector rounds, a round where all four players were seen apart from each other in
   * the last one follows their boxes by picture matching instead of calling the detector; the
   * detector still looks at least every other round and whenever a follow is unsure. Off by
   * default: on real footage it saved a few calls but its rounds shifted the tracker enough to
   * swap two far partners where one box stood for both.
   */
  follow?: boolean
}

export interface DetectionRound {
  t: number
  frame: number
  /** what the detector looked at: planned tiles (all of them, or while a player is out of sight
   * those of their half, with a mosaic for the others), or one mosaic around the tracked players;
   * or no detector call, the last round's boxes followed by picture matching */
  look?: 'tiles' | 'mosaic' | 'follow'
  boxes: Array<
    Detection & {
      court: { x: number; y: number } | null
      playerId: number | null
      /**
       * not the detector's box: a player hidden behind their partner, seen by their clothes
       * inside the partner's box (clothes.ts); where across it they stand is seen, how far
       * behind and the box's size are estimated
       */
      hidden?: true
    }
  >
}

/**
 * Every image coordinate in the result (corners, boxes, tiles, ball points) is in the video's own
 * pixels, the space `video.width` × `video.height` describes: the same space the corners are
 * given in and the analyst's editor and overlay draw in, whatever size frames were decoded at.
 */
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
  coverage: {
    rounds: number
    roundsWithFourPlayers: number
    share: number
    frames: number[]
    /** rounds in which each track (ids 1–4, in order) has a position */
    tracks?: number[]
  }
  players: PlayerMetrics[]
  rallies: {
    count: number
    totalPlaySec: number
    longestSec: number
    longestIndex: number | null
    items: Rally[]
    /**
     * the cues play was told from ('players': their stances, 'motion', 'sound'); empty when
     * none had contrast
     */
    cues?: PlayCue[]
    /**
     * false when the video had no sound (no audio track, or nothing audible on it): play was
     * told from the players and motion alone
     */
    sound?: boolean
    /** pt-BR, when the rallies could not be told apart from the pauses */
    note?: string
    /**
     * A chunk of a longer video only: the energy and sounds its rallies came from, so that
     * mergeAnalyses segments the whole video at once (left out of the merged result).
     */
    playCues?: PlayCues
  }
  ball: { estimated: true; trajectories: BallTrajectory[] }
  detections: DetectionRound[]
  /**
   * Spans (s) in which the camera had moved away from where the court was mapped (or cut to
   * another view): no positions are taken there.
   */
  camera?: { moved: Array<{ fromSec: number; toSec: number; cut: boolean }> }
}

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
  const fullEvery = Math.max(1, Math.round(opts.fullRoundEvery ?? 24))
  const focus = opts.focus ?? 'mosaic'
  const followOn = opts.follow ?? false
  const width = Math.min(info.width, opts.maxWidth ?? 1280)
  // Corners arrive, and every coordinate leaves, in the video's own pixels; the work in between
  // happens on the decoded frames.
  const decoded = outputSize(info, width)
  const sx = info.width / decoded.width
  const sy = info.height / decoded.height
  const toSource = <T extends { x: number; y: number }>(p: T): T => ({
    ...p,
    x: round2(p.x * sx),
    y: round2(p.y * sy),
  })
  const sourceBox = (b: Detection): Detection => ({
    ...toSource(b),
    w: round2(b.w * sx),
    h: round2(b.h * sy),
  })
  const srcFrame = (t: number) => Math.round(t * (info.fps || analysisFps))
  const video = { ...info, fromSec, toSec }

  progress('court', 5)
  let corners = opts.corners ?? null
  let source: 'given' | 'proposed' = 'given'
  if (!corners) {
    source = 'proposed'
    corners = await proposeFromVideo(input, info, width, fromSec, toSec, signal)
  }
  const frameCorners = corners ? scaleCorners(corners, 1 / sx, 1 / sy) : null
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
  const mapping = frameCorners ? mapCourt(frameCorners) : null
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
  const poseFeet = opts.pose ? (opts.poseFeet ?? (await PoseFeet.create())) : null
  const detectEvery = Math.max(1, Math.round(analysisFps / detectHz))
  let tiles: Tile[] = []
  let region: Uint8Array | null = null
  let cam: Camera | null = null
  const tracker = new Tracker()
  const energy: Array<{ t: number; frame: number; e: number }> = []
  const ballFrames: Array<{ t: number; frame: number; blobs: Blob[] }> = []
  const rounds: DetectionRound[] = []
  let fourRounds = 0
  const fourFrames: number[] = []
  let prev: { gray: Gray; frame: Frame } | null = null
  let prevMask: Uint8Array | null = null
  let lastBoxes: RoundBox[] = []
  let stoppedEarly = false
  let lastFull = -Infinity
  // The last detector round's players followed frame by frame, for the next round.
  const follower = new Follower()
  let followedLast = false
  // A chunk inside a longer video checks its camera against the video's first frame, like the
  // first chunk does: a camera moved before this chunk began is still a moved camera.
  let watch: CameraWatch | null =
    fromSec > 0 ? await firstFrameWatch(input, info, width, signal) : null
  let cameraAway = false
  const spare: {
    grays: Uint8Array[]
    masks: Uint8Array[]
    both?: Uint8Array
    seen?: Uint8Array
    rgb?: Uint8Array
  } = {
    grays: [],
    masks: [],
  }
  const total = Math.max(1, Math.round((toSec - fromSec) * analysisFps))

  // Each frame is finished with (grey copy, detection) before the next is read: one buffer.
  for await (const raw of decodeFrames(input, info, {
    fps: analysisFps,
    width,
    startSec: fromSec,
    endSec: toSec,
    signal,
    recycle: true,
    // Only when most frames would be dropped anyway: at 60 fps for 10 the nearest reference
    // frame is a frame away; at 30 fps skipped frames would leave holes in the motion.
    referenceOnly: info.fps >= 4 * analysisFps,
    oneThread: true,
    // Grey for every frame comes straight from the luma plane; colour is made only for the
    // frames the detector looks at.
    yuv: true,
  })) {
    signal?.throwIfAborted()
    if (!region) {
      decodedSize.width = raw.width
      decodedSize.height = raw.height
      cam = cameraOf(mapping, raw.width, raw.height)
      tiles = planTiles(mapping, raw.width, raw.height, cam)
      region = courtRegion(mapping, raw.width, raw.height)
    }
    // Grey images and masks cycle through a few buffers: a fresh array per frame kept the
    // garbage collector busy.
    const gray = toGray(raw, 2, spare.grays[raw.index % 2])
    spare.grays[raw.index % 2] = gray.data
    // The first frame is the reference the court was mapped on (its own copy: grey buffers are
    // reused); about once a second the camera is checked against it.
    if (!watch) watch = new CameraWatch({ ...gray, data: gray.data.slice() })
    else if (raw.index % Math.max(1, Math.round(analysisFps)) === 0)
      cameraAway = watch.check(raw.timeSec, gray).moved
    const fnum = srcFrame(raw.timeSec)
    if (followOn) follower.step(gray)
    if (prev) {
      const { mask, energy: e } = changeMask(
        prev.gray,
        gray,
        region,
        22,
        spare.masks[raw.index % 2],
      )
      spare.masks[raw.index % 2] = mask
      energy.push({ t: raw.timeSec - 0.5 / analysisFps, frame: fnum, e: cameraAway ? 0 : e })
      if (prevMask) {
        spare.both = andMasks(prevMask, mask, spare.both)
        const blobs = ballCandidates(
          findBlobs(spare.both, gray, (spare.seen ??= new Uint8Array(spare.both.length))),
          movedBoxes(lastBoxes, tracker.predict(prev.frame.timeSec), mapping),
        )
        ballFrames.push({ t: prev.frame.timeSec, frame: srcFrame(prev.frame.timeSec), blobs })
      }
      prevMask = mask
    }
    if (raw.index % detectEvery === 0 && !cameraAway) {
      const frame = yuvToRgb(raw, spare.rgb, info.colorMatrix)
      spare.rgb = frame.data
      const round = frame.index / detectEvery
      // All tiles until the four players are found, every fullRoundEvery-th round after that,
      // and (every few rounds, not every round) while a player stays out of sight; otherwise
      // one look where the four tracked players are predicted to be (a briefly unseen one with
      // a window widened by how far they could have run).
      const periodic = !tracker.started || round - lastFull >= fullEvery
      // The player lost most recently sets how often: the sooner, the likelier they are near.
      const unseen = tracker.tracks.map((tr) => frame.timeSec - tr.lastT).filter((s) => s > LOST_S)
      const lostSearch =
        !periodic && unseen.length > 0 && round - lastFull >= lostSearchEvery(Math.min(...unseen))
      const full = periodic || lostSearch
      const expected = full
        ? null
        : tracker
            .predict(frame.timeSec)
            .map((p, i) =>
              expectedBox(
                mapping,
                p,
                cam,
                slackFor(frame.timeSec - tracker.tracks[i]!.lastT - 1 / detectHz),
              ),
            )
      if (full) lastFull = round
      // Every other round at most, so the detector sets every box right again within a second.
      const chains: Map<number, Detection> | null =
        !full && followOn && !followedLast && tracker.started
          ? follower.boxes(tracker.tracks.map((tr) => tr.id))
          : null
      const followed: Detection[] | null = chains ? [...chains.values()] : null
      followedLast = followed !== null
      const focused = expected && focus === 'tiles' ? selectTiles(tiles, expected) : null
      // Boxes too tall for a person standing at their foot point (two people, one behind the
      // other) go before duplicates are merged; people off the court stay for the analyst.
      const keep = (d: Detection) => {
        const court = imageToCourt(mapping, footPoint(d))
        return (
          !onCourt(court, SIDE_MARGIN_M, TRACK_END_MARGIN_M) || !tooTall(mapping, cam, d, court)
        )
      }
      let dets = followed
        ? followed
        : lostSearch
          ? await searchLost(detector, frame, tiles, tracker, mapping, cam, detectHz, keep)
          : !expected
            ? await detector.detect(frame, tiles, keep)
            : focus === 'mosaic'
              ? await detector.detectMosaic(frame, expected, keep)
              : await detector.detect(frame, focused ?? tiles, keep)
      // Players the round missed get one more look (see lookAgain).
      if (expected && !followed)
        dets = await lookAgain(detector, frame, dets, tracker, mapping, cam, keep)
      if (poseFeet) {
        const seen = dets
        dets = []
        for (const d of seen)
          dets.push(
            feetBehindNet(mapping, cam, d) ? await poseFeet.refine(frame, mapping, cam, d) : d,
          )
      }
      const found = people(frame, mapping, cam, dets)
      const valid = found.flatMap((b, ref) => (b.det ? [{ ...b.det, ref }] : []))
      if (valid.filter((d) => onCourt(d.court, 0.5, 1.5)).length >= 4) {
        fourRounds++
        fourFrames.push(fnum)
      }
      const ids = tracker.update(frame.timeSec, fnum, valid)
      // Identities the tracker exchanged after the fact change in the rounds already reported.
      for (const swap of tracker.takeSwaps()) relabelRounds(rounds, swap)
      // A player hidden behind their partner may still show in the partner's box.
      const within = seeHidden(
        frame,
        tracker,
        found.map((b) => b.box),
        ids,
        mapping,
        cam,
        fnum,
      )
      // Where each box's player is predicted to be as the round ends, so that the frames until
      // the next round can move the box with them (see movedBoxes).
      const atRound = tracker.predict(frame.timeSec)
      lastBoxes = found.map((b, ref) => {
        const i = tracker.tracks.findIndex((tr) => tr.id === ids.get(ref))
        return { box: b.box, from: i >= 0 ? courtToImage(mapping, atRound[i]!) : null, track: i }
      })
      // After a follow the next round is the detector's: nothing to follow until then.
      if (followOn) {
        if (followed) follower.clear()
        else {
          const mine = followable(found, valid, ids)
          if (mine.size === 4) follower.start(gray, mine)
          else follower.clear()
        }
      }
      const boxes: DetectionRound['boxes'] = [
        ...found.map((b, ref) => ({
          ...sourceBox(b.box),
          court: b.det ? roundPoint(b.det.court) : null,
          playerId: ids.get(ref) ?? null,
        })),
        ...within.map((h) => ({
          ...sourceBox({ ...h.box, score: 0 }),
          court: roundPoint(h.court),
          playerId: h.id,
          hidden: true as const,
        })),
      ]
      // A shared (merged) box names the player it was matched to; the partner's half position
      // is in the partner's samples.
      rounds.push({
        t: frame.timeSec,
        frame: fnum,
        look: followed ? 'follow' : expected ? 'mosaic' : 'tiles',
        boxes,
      })
      // A clip on which nobody could start being tracked is refused early, not after minutes of
      // detector calls: a few seconds of full rounds are enough to say so.
      if (!tracker.started && rounds.length >= EARLY_EXIT_ROUNDS && fourRounds <= 2) {
        stoppedEarly = true
        break
      }
    }
    prev = { gray, frame: raw }
    progress('frames', 10 + (85 * Math.min(total, raw.index + 1)) / total)
  }
  progress('summary', 96)
  const share = rounds.length ? fourRounds / rounds.length : 0
  const trackRounds = [1, 2, 3, 4].map(
    (id) =>
      new Set(tracker.tracks.find((t) => t.id === id)?.samples.map((s) => s.frame) ?? []).size,
  )
  const coverage = {
    rounds: rounds.length,
    roundsWithFourPlayers: fourRounds,
    share: Math.round(share * 1000) / 1000,
    frames: fourFrames,
    tracks: trackRounds,
  }
  const settings = {
    analysisFps,
    detectHz,
    fullRoundEvery: fullEvery,
    focus,
    frameWidth: decodedSize.width,
    frameHeight: decodedSize.height,
    tiles: tiles.map((t) => ({
      x: round2(t.x * sx),
      y: round2(t.y * sy),
      size: round2(t.size * sx),
    })),
  }
  const onsets = stoppedEarly
    ? null
    : await audioOnsets(input, { startSec: fromSec, endSec: toSec, signal })
  // A ball in flight covers ~4–25 m/s; pixels per metre taken mid-court.
  const ppm = pixelsPerMetre(mapping, { x: COURT_WIDTH_M / 2, y: COURT_LENGTH_M / 2 })
  const ball = {
    estimated: true as const,
    trajectories: linkTrajectories(ballFrames, {
      maxStepPx: (ppm * 25) / analysisFps,
      minStepPx: (ppm * 4) / analysisFps,
    }).map((tr) => ({ ...tr, points: tr.points.map(toSource) })),
  }
  // Inside a longer video, a rally cut by this chunk's edge is kept whole-or-short, and the cues
  // go along so the merge can segment the whole video at once.
  const openStart = fromSec > 0
  const openEnd = toSec < info.durationSec - 0.5
  const rallies = {
    ...ralliesFrom(
      energy,
      analysisFps,
      onsets,
      { openStart, openEnd },
      { rounds, balls: ball.trajectories },
    ),
    ...(openStart || openEnd ? { playCues: playCues(energy, analysisFps, onsets) } : {}),
  }
  const court = { corners, source }
  const analysedSec = (rounds.at(-1)?.t ?? fromSec) - fromSec + 1 / detectHz
  const camera = { moved: watch?.movedSpans(toSec) ?? [] }
  const reason = stoppedEarly
    ? `${fewPlayersReason(share)} A análise parou após ${Math.round(analysedSec)} s sem encontrar dois jogadores de cada lado da rede.`
    : verdict({
        durationSec: toSec - fromSec,
        rounds: rounds.length,
        fourRounds,
        started: tracker.started,
        trackRounds,
        cameraMoved: camera.moved,
      })
  progress('summary', 100)
  if (reason) {
    return {
      ...base,
      analysable: false,
      reason,
      court,
      settings,
      coverage,
      rallies,
      ball,
      detections: rounds,
      camera,
    }
  }
  const players = buildPlayers(new Map(tracker.tracks.map((t) => [t.id, t.samples])))
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
    camera,
  }
}

export const NO_CONTRAST =
  'Não foi possível separar os pontos das pausas: nem o movimento nem o som mudam entre jogo e intervalo neste vídeo (por exemplo, um único rali contínuo).'

/** Rounds of full tiles at the start after which a clip where nobody can be tracked is refused. */
const EARLY_EXIT_ROUNDS = 16

const round2 = (v: number) => Math.round(v * 100) / 100
const roundPoint = (p: Point) => ({ x: round2(p.x), y: round2(p.y) })

/** Rallies, the cues they came from, and the note when neither cue had contrast. */
export function ralliesFrom(
  energy: Array<{ t: number; frame: number; e: number }>,
  fps: number,
  onsets: Onset[] | null,
  opts: { openStart?: boolean; openEnd?: boolean } = {},
  players: { rounds: PlayerRound[]; balls: BallFlight[] } | null = null,
): AnalysisResult['rallies'] {
  const res = segmentRallies(energy, fps, {
    ...opts,
    strikes: onsets ? strikeSpans(onsets) : null,
    players: players ? { stances: stanceRounds(players.rounds), balls: players.balls } : null,
  })
  return {
    ...summarizeRallies(res.rallies),
    cues: res.cues,
    sound: onsets !== null && onsets.length > 0,
    ...(res.contrast ? {} : { note: NO_CONTRAST }),
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
