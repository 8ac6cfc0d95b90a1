import {
  advanceScore,
  isGoldenPoint,
  pointWinner,
  ZERO_SCORE,
  type MatchScore,
  type MatchTags,
  type PointEnding,
  type PointTag,
  type Stroke,
  type TrackId,
} from '@areia/contracts'

/** [server, how it ended, last stroke, by whom]. */
export type Told = [TrackId, PointEnding, Stroke, TrackId]

/**
 * A match tagged as the console would, the score carried forward: points 2.5 s long inside the
 * fixture's 12 s (at most three).
 */
export function tagged(told: Told[], start: MatchScore = ZERO_SCORE): MatchTags {
  let score = start
  const points = told.map(([server, ending, stroke, by], i): PointTag => {
    const serveOut = stroke === 'saque' && ending !== 'winner'
    const golden = isGoldenPoint(score)
    score = advanceScore(score, pointWinner({ ending, last_player: by }))
    return {
      start_sec: i * 3.5 + 0.5,
      end_sec: i * 3.5 + 3,
      rally_index: null,
      server,
      serve_in: !serveOut,
      returner: serveOut ? null : 3,
      return_in: serveOut ? null : true,
      ending,
      last_stroke: stroke,
      last_player: by,
      golden_point: golden,
      score_after: score,
    }
  })
  return { start_score: start, points }
}
