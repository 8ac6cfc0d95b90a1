import type { AnalysisFacts, MatchStatus } from '@areia/contracts'
import { and, desc, eq, notInArray } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../adapters/db'
import { plans, subscriptions, videoAnalyses, videos } from '../../db/schema'
import { publishedAnalyses } from './history-store'
import { promisedAt } from './store'
import { matchStatsOf, taggedFacts, tagsOf } from './tagged-report'
import { resultOf } from './views'

/**
 * The figures the coaches quote when a player asks about their game: the newest published
 * analysis of the player's videos, read for the track the analyst confirmed as the player.
 */

const Figure = z.object({ value: z.number().finite() })

/** The part of vision's PlayerMetrics the coaches use; the rest of the JSON is ignored. */
const Player = z.object({
  id: z.number().int(),
  partnerId: z.number().int(),
  distanceM: Figure,
  avgSpeedMps: Figure,
  peakSpeedMps: Figure,
  timeNearNetSec: Figure,
  timeMidSec: Figure,
  timeBackSec: Figure,
  avgPartnerDistanceM: Figure,
})
type Player = z.infer<typeof Player>

const Result = z.object({
  players: z.array(Player),
  rallies: z.object({
    count: z.number().int().min(0),
    totalPlaySec: z.number().finite().min(0),
    longestSec: z.number().finite().min(0),
  }),
})

/** Share of the tracked time near the net, in the middle and at the back; null with no time. */
function shares(p: Player): { net: number; mid: number; back: number } | null {
  const net = Math.max(0, p.timeNearNetSec.value)
  const mid = Math.max(0, p.timeMidSec.value)
  const back = Math.max(0, p.timeBackSec.value)
  const total = net + mid + back
  if (!(total > 0)) return null
  return { net: net / total, mid: mid / total, back: back / total }
}

/** A few more are read than asked for, so one malformed result does not hide the history. */
const SPARE = 2

export async function latestAnalysisFacts(
  db: DbOrTx,
  userId: string,
): Promise<AnalysisFacts | null> {
  return (await publishedAnalysisFacts(db, userId, 1))[0] ?? null
}

/**
 * The player's published analyses, newest first, at most `limit`: the coaches compare a figure
 * of the newest with the match before.
 */
export async function publishedAnalysisFacts(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<AnalysisFacts[]> {
  const rows = await publishedAnalyses(db, userId, {
    newestFirst: true,
    readyOnly: false,
    limit: limit + SPARE,
  })
  const out: AnalysisFacts[] = []
  for (const row of rows) {
    if (out.length >= limit) break
    const parsed = Result.safeParse(row.result)
    if (!parsed.success || !row.publishedAt) continue
    const { players, rallies } = parsed.data
    const player = players.find((p) => p.id === row.playerTrackId)
    const own = player && shares(player)
    if (!player || !own) continue
    const partner = players.find((p) => p.id === player.partnerId && p.id !== player.id)
    const outcome = row.gameOutcome === 'WON' || row.gameOutcome === 'LOST' ? row.gameOutcome : null
    const tags = tagsOf(row.tags)
    out.push({
      video_id: row.videoId,
      published_at: row.publishedAt.toISOString(),
      game_date: row.gameDate ?? null,
      game_outcome: outcome,
      game_score: row.gameScore ?? null,
      distance_m: player.distanceM.value,
      avg_speed_mps: player.avgSpeedMps.value,
      peak_speed_mps: player.peakSpeedMps.value,
      net_share: own.net,
      mid_share: own.mid,
      back_share: own.back,
      avg_partner_distance_m: player.avgPartnerDistanceM.value,
      rallies: rallies.count,
      longest_rally_sec: rallies.longestSec,
      total_play_sec: rallies.totalPlaySec,
      partner_net_share: partner ? (shares(partner)?.net ?? null) : null,
      tagged: tags ? taggedFacts(matchStatsOf(tags, resultOf(row.result)), player.id) : null,
    })
  }
  return out
}

/** Enough to answer about "my last game" and "the one I sent yesterday". */
const RECENT_MATCHES = 3

/**
 * The player's newest matches (accepted or refused sends) and where each analysis stands;
 * `limit` null reads them all (Meus Vídeos).
 */
export async function recentMatches(
  db: DbOrTx,
  userId: string,
  limit: number | null = RECENT_MATCHES,
): Promise<MatchStatus[]> {
  const query = db
    .select({
      videoId: videos.id,
      createdAt: videos.createdAt,
      status: videos.status,
      failureReason: videos.failureReason,
      gameDate: videos.gameDate,
      gameOutcome: videos.gameOutcome,
      gameScore: videos.gameScore,
      stage: videoAnalyses.stage,
      percent: videoAnalyses.percent,
      problem: videoAnalyses.problem,
      promisedAt: promisedAt.mapWith(videos.createdAt),
    })
    .from(videos)
    .leftJoin(videoAnalyses, eq(videoAnalyses.videoId, videos.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, videos.userId))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(videos.userId, userId), notInArray(videos.status, ['UPLOADING', 'CANCELLED'])))
    .orderBy(desc(videos.createdAt), desc(videos.id))
  const rows = await (limit === null ? query : query.limit(limit))
  return rows.map((r) => {
    const running = r.status === 'QUEUED' || r.status === 'ANALYZING' || r.status === 'IN_REVIEW'
    return {
      video_id: r.videoId,
      uploaded_at: r.createdAt.toISOString(),
      status: r.status,
      stage: running ? (r.stage ?? null) : null,
      percent: r.status === 'ANALYZING' ? (r.percent ?? null) : null,
      due_at: running ? r.promisedAt.toISOString() : null,
      needs_analyst: running && r.problem !== null,
      failure_reason: r.status === 'FAILED' ? r.failureReason : null,
      game_date: r.gameDate ?? null,
      game_outcome: r.gameOutcome === 'WON' || r.gameOutcome === 'LOST' ? r.gameOutcome : null,
      game_score: r.gameScore ?? null,
    }
  })
}
