import type { TrackedPlayer } from '@areia/contracts/analysis'
import {
  ZERO_SCORE,
  type MatchScore,
  type PointEnding,
  type PointTag,
  type ReportPoint,
  type Stroke,
  type TrackId,
} from '@areia/contracts/match'
import { advanceScore, isGoldenPoint, pointWinner } from '@areia/contracts/match-score'
import { computeMatchStats } from '@areia/contracts/match-stats'

/** [server, how it ended, last stroke, by whom, seconds long]. */
export type Told = [TrackId, PointEnding, Stroke, TrackId, number?]

/** A match tagged as an analyst would, the score carried forward from point to point. */
export function tagMatch(told: Told[], start: MatchScore = ZERO_SCORE) {
  let score = start
  let at = 5
  const tags: PointTag[] = told.map(([server, ending, last_stroke, last_player, sec = 6]) => {
    const serveOut = last_stroke === 'saque' && ending !== 'winner'
    const won = pointWinner({ ending, last_player })
    const golden = isGoldenPoint(score)
    score = advanceScore(score, won)
    const tag: PointTag = {
      start_sec: at,
      end_sec: at + sec,
      rally_index: null,
      server,
      serve_in: !serveOut,
      returner: serveOut ? null : server <= 2 ? 3 : 1,
      return_in: serveOut ? null : true,
      ending,
      last_stroke,
      last_player,
      golden_point: golden,
      score_after: score,
    }
    at += sec + 10
    return tag
  })
  const stats = computeMatchStats({ start_score: start, points: tags })
  const points: ReportPoint[] = tags.map((t, index) => ({
    index,
    start_sec: t.start_sec,
    end_sec: t.end_sec,
    won_by: pointWinner(t),
    ending: t.ending,
    last_stroke: t.last_stroke,
    last_player: t.last_player,
    clip_url: `/media/signed/point-${index}.mp4`,
  }))
  return { tags, stats, points }
}

const fig = (value: number) => ({ value, frames: [1] })

/** A player's movement figures as the pipeline gives them; tracks 1–2 are the near team. */
export const tracked = (track_id: number): TrackedPlayer => ({
  track_id,
  side: track_id <= 2 ? 'near' : 'far',
  partner_track_id: track_id === 1 ? 2 : track_id === 2 ? 1 : track_id === 3 ? 4 : 3,
  distance_m: fig(800),
  avg_speed_mps: fig(1.2),
  peak_speed_mps: fig(4),
  time_near_net_sec: fig(30),
  time_mid_sec: fig(30),
  time_back_sec: fig(40),
  avg_partner_distance_m: fig(3),
  heatmap_url: `/media/signed/heatmap-${track_id}.png`,
})
