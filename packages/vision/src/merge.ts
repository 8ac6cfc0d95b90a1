// Long videos are analysed in chunks by several worker processes; this joins their results into
// one. Each chunk numbers its players from where they stand at its start, so identities are
// re-linked at every boundary: the last known court position of each player before the boundary
// against the first positions after it, by minimum total distance. Metrics are then recomputed
// from the joined positions (not averaged), and a rally cut by a boundary becomes one again.
import {
  buildPlayers,
  fewPlayersReason,
  MIN_FOUR_PLAYER_SHARE,
  summarizeRallies,
  type AnalysisResult,
} from './analyze.js'
import { MIN_RALLY_SEC, type Rally } from './rallies.js'
import { assign, type TrackSample } from './tracker.js'

/** Rallies closer than this (s) across a chunk boundary are one rally split in two. */
const BOUNDARY_JOIN_S = 0.5

export function mergeAnalyses(input: AnalysisResult[]): AnalysisResult {
  const parts = [...input].sort((a, b) => a.video.fromSec - b.video.fromSec)
  const first = parts[0]
  if (!first) throw new Error('Nenhum trecho para juntar.')
  const samples = new Map<number, TrackSample[]>([1, 2, 3, 4].map((id) => [id, []]))
  const detections: AnalysisResult['detections'] = []
  for (const part of parts) {
    const idMap = linkIdentities(samples, part)
    for (const p of part.players) {
      const target = samples.get(idMap.get(p.id)!)!
      for (const s of p.positions) target.push({ ...s, ref: null })
    }
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
  }
  const court = parts.find((p) => p.court)?.court ?? null
  const tracked = [...samples.values()].every((s) => s.length > 0)
  const analysable = !!court && tracked && share >= MIN_FOUR_PLAYER_SHARE
  const reason = analysable
    ? null
    : !court
      ? (first.reason ?? 'Não foi possível mapear a quadra.')
      : fewPlayersReason(share)
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
    rallies: summarizeRallies(joinRallies(parts)),
    ball: { estimated: true, trajectories: parts.flatMap((p) => p.ball.trajectories) },
    detections,
  }
}

/** Chunk-local player id → match-wide id. */
function linkIdentities(
  sofar: Map<number, TrackSample[]>,
  part: AnalysisResult,
): Map<number, number> {
  const ids = [1, 2, 3, 4]
  const last = ids.map((id) => sofar.get(id)!.at(-1))
  if (last.every((s) => !s)) return new Map(ids.map((id) => [id, id]))
  const firsts = ids.map((id) => part.players.find((p) => p.id === id)?.positions[0])
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
