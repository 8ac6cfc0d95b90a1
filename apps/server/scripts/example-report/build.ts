/**
 * Builds the example report the web app ships at /relatorio/exemplo: the vision result of a
 * generated match (`analyze-generated.ts` wrote `analysis.json`) and the points an analyst would
 * tag on its rallies (`tags.json`, by hand: who served, how each point ended and by whom; the
 * score is carried forward as the console does). The figures come from `computeMatchStats`, the
 * heatmaps from the tracks. No clips: the example ships without video.
 *
 *   npx tsx apps/server/scripts/example-report/build.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  advanceScore,
  computeMatchStats,
  isGoldenPoint,
  MatchScore,
  MatchTags,
  pointWinner,
  type PointTag,
  type ReportPoint,
  SharedReport,
  type TrackId,
} from '@areia/contracts'
import { heatmapPng, type AnalysisResult } from '@areia/vision'
import { z } from 'zod'
import { trackedPlayer } from '../../src/modules/analysis/views'

const HERE = import.meta.dirname
const OUT = path.join(HERE, '../../../web/public/exemplo')
/** The player the example is about (the near team's track 2), by a first name, as shared. */
const PLAYER_TRACK = 2
const FIRST_NAME = 'Marina'
/** Distance to the net (m) under which a player counts as at the net (vision's net zone). */
const NET_ZONE_M = 3
const NET_Y_M = 8

const HandTags = z.object({
  start_score: MatchScore,
  points: z.array(
    z.object({
      start_sec: z.number(),
      end_sec: z.number(),
      rally_index: z.number().int().nullable(),
      server: z.number().int(),
      serve_in: z.boolean(),
      returner: z.number().int().nullable(),
      return_in: z.boolean().nullable(),
      ending: z.enum(['winner', 'forced_error', 'unforced_error']),
      last_stroke: z.string(),
      last_player: z.number().int(),
    }),
  ),
})

const result = JSON.parse(
  fs.readFileSync(path.join(HERE, 'analysis.json'), 'utf8'),
) as AnalysisResult
const hand = HandTags.parse(JSON.parse(fs.readFileSync(path.join(HERE, 'tags.json'), 'utf8')))

let score = hand.start_score
const tags = MatchTags.parse({
  start_score: hand.start_score,
  points: hand.points.map((p) => {
    const golden_point = isGoldenPoint(score)
    score = advanceScore(score, pointWinner({ ending: p.ending, last_player: p.last_player }))
    return { ...p, golden_point, score_after: score } as PointTag
  }),
})

/** Where a tracked player stood at a moment, from the nearest tracked position. */
function atNet(track: TrackId, sec: number): boolean | null {
  const player = result.players.find((p) => p.id === track)
  if (!player || player.positions.length === 0) return null
  let best = player.positions[0]!
  for (const q of player.positions) if (Math.abs(q.t - sec) < Math.abs(best.t - sec)) best = q
  if (Math.abs(best.t - sec) > 1) return null
  return Math.abs(best.y - NET_Y_M) < NET_ZONE_M
}

const stats = computeMatchStats(tags, { atNet })
const points: ReportPoint[] = tags.points.map((t, index) => ({
  index,
  start_sec: t.start_sec,
  end_sec: t.end_sec,
  won_by: pointWinner(t),
  ending: t.ending,
  last_stroke: t.last_stroke,
  last_player: t.last_player,
  clip_url: null,
}))

fs.mkdirSync(OUT, { recursive: true })
const player = result.players.find((p) => p.id === PLAYER_TRACK)!
const partner = result.players.find((p) => p.id === player.partnerId) ?? null
for (const p of [player, partner]) {
  if (p) fs.writeFileSync(path.join(OUT, `heatmap-${p.id}.png`), heatmapPng(p.heatmap))
}
const heatmap = (id: number) => `/exemplo/heatmap-${id}.png`
const report = SharedReport.parse({
  first_name: FIRST_NAME,
  published_at: '2026-11-16T18:00:00.000Z',
  game: { date: '2026-11-15', week: null, outcome: 'WON', score: stats.score_line },
  player: trackedPlayer(player, heatmap(player.id)),
  partner: partner ? trackedPlayer(partner, heatmap(partner.id)) : null,
  rallies: {
    count: result.rallies.count,
    total_play_sec: result.rallies.totalPlaySec,
    longest_sec: result.rallies.longestSec,
    items: result.rallies.items.map((r) => ({
      index: r.index,
      start_sec: r.startSec,
      end_sec: r.endSec,
      start_frame: r.startFrame,
      end_frame: r.endFrame,
      clip_url: null,
    })),
    highlights_url: null,
  },
  stats,
  points,
})
fs.writeFileSync(path.join(OUT, 'relatorio.json'), `${JSON.stringify(report)}\n`)
process.stdout.write(
  `${stats.score_line} · ${stats.points_tagged} pontos · ${tags.points.map((p) => p.score_after.points.join('-')).join(' ')}\n`,
)
