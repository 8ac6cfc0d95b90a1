// Long videos are analysed in chunks by several worker processes; this joins their results into
// one. Each chunk numbers its players from where they stand at its start, so identities are
// re-linked at every boundary: the last known court position of each player before the boundary
// against the first positions after it, by minimum total distance. Metrics are then recomputed
// from the joined positions (not averaged), and rallies are told from the whole video's cues at
// once, as if it had been analysed in one piece.
import { buildPlayers, ralliesFrom, summarizeRallies, type AnalysisResult } from './analyze.js'
import { cueSamples, MIN_RALLY_SEC, type Rally } from './rallies.js'
import { assign } from './assign.js'
import type { TrackSample } from './tracker.js'
import { verdict } from './verdict.js'

/**
 * A chunk's tracked positions: its players' when it could show them, otherwise the tracked boxes
 * of its detection rounds (a chunk too short or too sparse on its own still adds its positions
 * to the match).
 */
function partSamples(part: AnalysisResult): Map<number, TrackSample[]> {
  const out = new Map<number, TrackSample[]>([1, 2, 3, 4].map((id) => [id, []]))
  if (part.players.length) {
    for (const p of part.players)
      out.get(p.id)?.push(...p.positions.map((s) => ({ ...s, ref: null })))
    return out
  }
  for (const round of part.detections) {
    for (const b of round.boxes) {
      if (b.playerId === null || !b.court) continue
      out.get(b.playerId)?.push({ t: round.t, frame: round.frame, ...b.court, ref: null })
    }
  }
  return out
}

/** Rallies closer than this (s) across a chunk boundary are one rally split in two. */
const BOUNDARY_JOIN_S = 0.5

export function mergeAnalyses(input: AnalysisResult[]): AnalysisResult {
  const parts = [...input].sort((a, b) => a.video.fromSec - b.video.fromSec)
  const first = parts[0]
  if (!first) throw new Error('Nenhum trecho para juntar.')
  const samples = new Map<number, TrackSample[]>([1, 2, 3, 4].map((id) => [id, []]))
  const detections: AnalysisResult['detections'] = []
  for (const part of parts) {
    const own = partSamples(part)
    const idMap = linkIdentities(samples, own)
    for (const [id, list] of own) samples.get(idMap.get(id)!)!.push(...list)
    for (const round of part.detections) {
      detections.push({
        ...round,
        boxes: round.boxes.map((b) => ({
          ...b,
          playerId: b.playerId === null ? null : (idMap.get(b.playerId) ?? null),
        })),
      })
    }
  }
  const rounds = parts.reduce((s, p) => s + p.coverage.rounds, 0)
  const four = parts.reduce((s, p) => s + p.coverage.roundsWithFourPlayers, 0)
  const share = rounds ? four / rounds : 0
  const coverage = {
    rounds,
    roundsWithFourPlayers: four,
    share: Math.round(share * 1000) / 1000,
    frames: parts.flatMap((p) => p.coverage.frames),
    tracks: [] as number[],
  }
  const court = parts.find((p) => p.court)?.court ?? null
  const trackRounds = [1, 2, 3, 4].map((id) => new Set(samples.get(id)!.map((s) => s.frame)).size)
  const reason = !court
    ? (first.reason ?? 'Não foi possível mapear a quadra.')
    : verdict({
        durationSec: Math.max(...parts.map((p) => p.video.toSec)) - first.video.fromSec,
        rounds,
        fourRounds: four,
        started: trackRounds.every((n) => n > 0),
        trackRounds,
        cameraMoved: parts.flatMap((p) => p.camera?.moved ?? []),
      })
  const analysable = reason === null
  coverage.tracks = trackRounds
  return {
    version: 1,
    analysable,
    reason,
    video: {
      ...first.video,
      fromSec: first.video.fromSec,
      toSec: Math.max(...parts.map((p) => p.video.toSec)),
    },
    court,
    settings: first.settings,
    coverage,
    players: analysable ? buildPlayers(samples) : [],
    rallies: mergeRallies(parts, detections),
    ball: { estimated: true, trajectories: parts.flatMap((p) => p.ball.trajectories) },
    detections,
    camera: { moved: parts.flatMap((p) => p.camera?.moved ?? []) },
  }
}

/** Chunk-local player id → match-wide id. */
function linkIdentities(
  sofar: Map<number, TrackSample[]>,
  part: Map<number, TrackSample[]>,
): Map<number, number> {
  const ids = [1, 2, 3, 4]
  const last = ids.map((id) => sofar.get(id)!.at(-1))
  if (last.every((s) => !s)) return new Map(ids.map((id) => [id, id]))
  const firsts = ids.map((id) => part.get(id)?.[0])
  // Unknown on either side costs the same for every pairing, so it never decides anything.
  const cost = ids.map((_, g) =>
    ids.map((__, l) => {
      const a = last[g]
      const b = firsts[l]
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 100
    }),
  )
  const pick = assign(cost, 1e6)
  return new Map(ids.map((id, l) => [id, ids[pick.indexOf(l)] ?? id]))
}

/**
 * The whole video's rallies from every chunk's cues, with the quiet and busy levels of the whole
 * video: a chunk's own levels depend on where its boundaries fall, and the same play must give
 * the same rally wherever they fall. Chunks stored without their cues are joined rally by rally.
 */
function mergeRallies(
  parts: AnalysisResult[],
  rounds: AnalysisResult['detections'],
): AnalysisResult['rallies'] {
  const cues = parts.flatMap((p) => (p.rallies.playCues ? [p.rallies.playCues] : []))
  if (cues.length < parts.length) {
    if (parts.length > 1) return summarizeRallies(joinRallies(parts))
    const { playCues: _, ...own } = parts[0]!.rallies
    return own
  }
  const energy = parts.flatMap((p, i) => cueSamples(cues[i]!, p.video.fps))
  const onsets = cues.every((c) => c.onsets) ? cues.flatMap((c) => c.onsets ?? []) : null
  const last = parts.at(-1)!.video
  // The players' stances with the match-wide identities (the serve names its server).
  const balls = parts.flatMap((p) => p.ball.trajectories)
  return ralliesFrom(
    energy,
    cues[0]!.fps,
    onsets,
    {
      openStart: parts[0]!.video.fromSec > 0,
      openEnd: last.toSec < last.durationSec - 0.5,
    },
    { rounds, balls },
  )
}

function joinRallies(parts: AnalysisResult[]): Rally[] {
  const out: Rally[] = []
  for (const part of parts) {
    for (const r of part.rallies.items) {
      const prev = out.at(-1)
      if (prev && r.startSec - prev.endSec <= BOUNDARY_JOIN_S) {
        prev.endSec = r.endSec
        prev.endFrame = r.endFrame
        prev.durationSec = Math.round((prev.endSec - prev.startSec) * 100) / 100
      } else out.push({ ...r })
    }
  }
  // Pieces kept at chunk edges that joined nothing long enough are not rallies.
  return out.filter((r) => r.durationSec >= MIN_RALLY_SEC).map((r, i) => ({ ...r, index: i + 1 }))
}
