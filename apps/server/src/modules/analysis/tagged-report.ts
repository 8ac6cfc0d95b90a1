import {
  computeMatchStats,
  MatchTags,
  pointWinner,
  type MatchStats,
  type ReportPoint,
  type StatFigure,
  type Stroke,
  type TaggedFacts,
  type TrackId,
} from '@areia/contracts'
import { NET_Y_M, NET_ZONE_M, type AnalysisResult } from '@areia/vision'

/** A position this far from the moment asked about no longer says where the player was. */
const NEAREST_SEC = 1

/**
 * Whether a tracked player stood within reach of the net (the net zone of the movement figures)
 * at a moment of the video, from the detection nearest in time; null when the tracks have no
 * court position of that player close enough to the moment.
 */
export function netFromTracks(
  result: Pick<AnalysisResult, 'detections'>,
): (track: TrackId, sec: number) => boolean | null {
  const byTrack = new Map<number, Array<{ t: number; y: number }>>()
  for (const round of result.detections ?? []) {
    for (const box of round.boxes) {
      if (box.playerId === null || !box.court) continue
      let list = byTrack.get(box.playerId)
      if (!list) byTrack.set(box.playerId, (list = []))
      list.push({ t: round.t, y: box.court.y })
    }
  }
  for (const list of byTrack.values()) list.sort((a, b) => a.t - b.t)
  return (track, sec) => {
    const list = byTrack.get(track)
    if (!list || list.length === 0) return null
    // Binary search for the first position at or after `sec`, then the closer of it and the one before.
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (list[mid]!.t < sec) lo = mid + 1
      else hi = mid
    }
    const near = [list[lo - 1], list[lo]]
      .filter((p): p is { t: number; y: number } => !!p)
      .reduce((a, b) => (Math.abs(b.t - sec) < Math.abs(a.t - sec) ? b : a))
    if (Math.abs(near.t - sec) > NEAREST_SEC) return null
    return Math.abs(near.y - NET_Y_M) <= NET_ZONE_M
  }
}

/** The stored tags read back: anything that no longer parses counts as no tags, never trusted. */
export function tagsOf(raw: unknown): MatchTags | null {
  const parsed = MatchTags.safeParse(raw)
  return parsed.success && parsed.data.points.length > 0 ? parsed.data : null
}

/** The tagged figures, with the tracks deciding who was at the net as each point ended. */
export function matchStatsOf(
  tags: MatchTags,
  result: Pick<AnalysisResult, 'detections'> | null,
): MatchStats {
  return computeMatchStats(tags, result ? { atNet: netFromTracks(result) } : {})
}

/** Rounded to a tenth of a second, as a media fragment reads it. */
const tenth = (sec: number) => Math.round(sec * 10) / 10

/**
 * What the report shows of the tags: the figures (with the tracks deciding who was at the net)
 * and every point with a clip of its own span of the match video.
 */
export function taggedReport(
  tags: MatchTags | null,
  result: Pick<AnalysisResult, 'detections'> | null,
  videoUrl: () => string,
): { stats: MatchStats | null; points: ReportPoint[] } {
  if (!tags) return { stats: null, points: [] }
  const stats = matchStatsOf(tags, result)
  const points = tags.points.map((p, index): ReportPoint => ({
    index,
    start_sec: p.start_sec,
    end_sec: p.end_sec,
    won_by: pointWinner(p),
    ending: p.ending,
    last_stroke: p.last_stroke,
    last_player: p.last_player,
    clip_url: `${videoUrl()}#t=${tenth(p.start_sec)},${tenth(p.end_sec)}`,
  }))
  return { stats, points }
}

const countOf = (f: StatFigure) => ({ value: f.value, of: f.of ?? f.value })

/** The tagged figures of one player (and their team) that the coaches quote. */
export function taggedFacts(stats: MatchStats, track: number): TaggedFacts | null {
  const player = stats.players.find((p) => p.track_id === track)
  if (!player || stats.points_tagged === 0) return null
  const team = stats.teams[player.team]
  let best: TaggedFacts['best_stroke'] = null
  for (const [stroke, f] of Object.entries(player.winners_by_stroke)) {
    if (f && f.value > 0 && (!best || f.value > best.winners)) {
      best = { stroke: stroke as Stroke, winners: f.value }
    }
  }
  return {
    score_line: stats.score_line,
    points_tagged: stats.points_tagged,
    team_points_won: countOf(team.points_won),
    serves_in: countOf(player.serves_in),
    points_won_on_serve: countOf(player.points_won_on_serve),
    points_won_on_return: countOf(player.points_won_on_return),
    winners: player.winners.value,
    unforced_errors: player.unforced_errors.value,
    best_stroke: best,
    smashes_converted: countOf(player.smashes_converted),
    net_points_won: player.net_points_won ? countOf(player.net_points_won) : null,
    golden_points: countOf(team.golden_points),
  }
}
