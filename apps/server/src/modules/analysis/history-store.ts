import { matchProgress, type ProgressMatch } from '@areia/contracts'
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../adapters/db'
import { matchTags, videoAnalyses, videos } from '../../db/schema'
import { matchStatsOf, tagsOf } from './tagged-report'
import { resultOf } from './views'

const Figure = z.object({ value: z.number().finite() })

/** The part of vision's PlayerMetrics the history follows; the rest of the JSON is ignored. */
const Player = z.object({
  id: z.number().int(),
  distanceM: Figure,
  avgSpeedMps: Figure,
  timeNearNetSec: Figure,
  timeMidSec: Figure,
  timeBackSec: Figure,
})
const Players = z.object({ players: z.array(Player) })

/**
 * The player's published analyses that name the player's track, with the game as the player told
 * it and the analyst's tags: oldest first for the history, newest first (at most `limit`) for the
 * coaches. `readyOnly` leaves out the videos that are no longer READY.
 */
export async function publishedAnalyses(
  db: DbOrTx,
  userId: string,
  options: { newestFirst: boolean; readyOnly: boolean; limit?: number },
) {
  const order = options.newestFirst ? desc : asc
  const query = db
    .select({
      videoId: videoAnalyses.videoId,
      result: videoAnalyses.result,
      playerTrackId: videoAnalyses.playerTrackId,
      publishedAt: videoAnalyses.publishedAt,
      gameDate: videos.gameDate,
      gameOutcome: videos.gameOutcome,
      gameScore: videos.gameScore,
      tags: matchTags.tags,
    })
    .from(videoAnalyses)
    .innerJoin(videos, eq(videos.id, videoAnalyses.videoId))
    .leftJoin(matchTags, eq(matchTags.videoId, videoAnalyses.videoId))
    .where(
      and(
        eq(videos.userId, userId),
        options.readyOnly ? eq(videos.status, 'READY') : undefined,
        eq(videoAnalyses.stage, 'PUBLISHED'),
        isNotNull(videoAnalyses.publishedAt),
        isNotNull(videoAnalyses.playerTrackId),
      ),
    )
    .orderBy(order(videoAnalyses.publishedAt), order(videoAnalyses.videoId))
  return options.limit === undefined ? query : query.limit(options.limit)
}

/**
 * Every published match of the player, oldest first, with the figures its report shows (the
 * tags' for the confirmed track, the tracks' movement), read from the stored analyses and tags
 * each time: the history keeps no copy of its own.
 */
export async function matchHistory(db: DbOrTx, userId: string): Promise<ProgressMatch[]> {
  const rows = await publishedAnalyses(db, userId, { newestFirst: false, readyOnly: true })
  const out: ProgressMatch[] = []
  for (const row of rows) {
    const parsed = Players.safeParse(row.result)
    const player = parsed.success
      ? parsed.data.players.find((p) => p.id === row.playerTrackId)
      : undefined
    if (!player || !row.publishedAt) continue
    const tags = tagsOf(row.tags)
    const stats = tags ? matchStatsOf(tags, resultOf(row.result)) : null
    out.push({
      video_id: row.videoId,
      date: row.gameDate ?? row.publishedAt.toISOString().slice(0, 10),
      outcome: row.gameOutcome === 'WON' || row.gameOutcome === 'LOST' ? row.gameOutcome : null,
      score: row.gameScore ?? null,
      ...matchProgress(stats, player.id, {
        distance_m: player.distanceM.value,
        avg_speed_mps: player.avgSpeedMps.value,
        time_near_net_sec: player.timeNearNetSec.value,
        time_mid_sec: player.timeMidSec.value,
        time_back_sec: player.timeBackSec.value,
      }),
    })
  }
  // In the order the games were played; a game without a date falls on its report's day.
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
