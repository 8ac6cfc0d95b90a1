import { buildPlayers, type AnalysisResult, type TrackSample } from '@areia/vision'

/**
 * The tracker confused two players: from `fromSec` on, track `a`'s positions are `b`'s and the
 * other way round. Every player's figures are then recomputed from the corrected positions with
 * vision's own metrics (partner distances depend on both tracks of a pair), and the boxes drawn
 * over the video follow.
 */
export function swapIdentities(
  result: AnalysisResult,
  a: number,
  b: number,
  fromSec = 0,
): AnalysisResult {
  const other = (id: number) => (id === a ? b : id === b ? a : id)
  const byId = new Map<number, TrackSample[]>([1, 2, 3, 4].map((id) => [id, []]))
  for (const p of result.players) {
    for (const s of p.positions) {
      const id = s.t >= fromSec ? other(p.id) : p.id
      byId.get(id)?.push({ t: s.t, frame: s.frame, x: s.x, y: s.y, ref: null })
    }
  }
  for (const samples of byId.values()) samples.sort((x, y) => x.t - y.t || x.frame - y.frame)
  return {
    ...result,
    players: buildPlayers(byId),
    detections: result.detections.map((round) =>
      round.t < fromSec
        ? round
        : {
            ...round,
            boxes: round.boxes.map((box) => ({
              ...box,
              playerId: box.playerId === null ? null : other(box.playerId),
            })),
          },
    ),
  }
}
