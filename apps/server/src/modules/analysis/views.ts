import type { AnalysisResult, PlayerMetrics } from '@areia/vision'
import type { OverlayRound, RalliesSummary, TrackedPlayer } from '@areia/contracts'
import { z } from 'zod'
import type { MediaUrls } from './files'

/** `video_analyses.artifacts` as the pipeline records it (storage keys). */
export const Artifacts = z.object({
  keyframe: z.string().optional(),
  heatmaps: z.record(z.string(), z.string()).optional(),
  clips: z.record(z.string(), z.string()).optional(),
  highlights: z.string().nullable().optional(),
})
export type Artifacts = z.infer<typeof Artifacts>

/** The JSON column read back: a malformed value is treated as no artifacts, never trusted. */
export function artifactsOf(raw: unknown): Artifacts {
  const parsed = Artifacts.safeParse(raw ?? {})
  return parsed.success ? parsed.data : {}
}

/** vision's merged result as stored by the pipeline (our own JSON, written by `mergeAnalyses`). */
export const resultOf = (raw: Record<string, unknown> | null): AnalysisResult | null =>
  raw && typeof raw === 'object' && Array.isArray(raw.players)
    ? (raw as unknown as AnalysisResult)
    : null

export function trackedPlayer(p: PlayerMetrics, heatmapUrl: string): TrackedPlayer {
  return {
    track_id: p.id,
    side: p.side,
    partner_track_id: p.partnerId,
    distance_m: p.distanceM,
    avg_speed_mps: p.avgSpeedMps,
    peak_speed_mps: p.peakSpeedMps,
    time_near_net_sec: p.timeNearNetSec,
    time_mid_sec: p.timeMidSec,
    time_back_sec: p.timeBackSec,
    avg_partner_distance_m: p.avgPartnerDistanceM,
    heatmap_url: heatmapUrl,
  }
}

/** Every tracked player with a signed URL of its heatmap ('' when the pipeline made none). */
export function trackedPlayers(
  videoId: number,
  result: AnalysisResult,
  artifacts: Artifacts,
  signer: MediaUrls,
): TrackedPlayer[] {
  return result.players.map((p) => trackedPlayer(p, heatmapUrl(videoId, p.id, artifacts, signer)))
}

export function heatmapUrl(
  videoId: number,
  trackId: number,
  artifacts: Artifacts,
  signer: MediaUrls,
): string {
  const key = artifacts.heatmaps?.[String(trackId)]
  return key ? signer.url(videoId, 'heatmap', trackId, key) : ''
}

export function ralliesSummary(
  videoId: number,
  result: AnalysisResult,
  artifacts: Artifacts,
  signer: MediaUrls,
): RalliesSummary {
  const r = result.rallies
  return {
    count: r.count,
    total_play_sec: r.totalPlaySec,
    longest_sec: r.longestSec,
    items: r.items.map((item) => ({
      index: item.index,
      start_sec: item.startSec,
      end_sec: item.endSec,
      start_frame: item.startFrame,
      end_frame: item.endFrame,
      clip_url: artifacts.clips?.[String(item.index)]
        ? signer.url(videoId, 'clip', item.index)
        : null,
      serve: item.serve
        ? { at_sec: item.serve.t, track_id: item.serve.playerId, side: item.serve.side }
        : null,
    })),
    highlights_url: artifacts.highlights ? signer.url(videoId, 'highlights') : null,
    ...(r.sound === undefined ? {} : { video_sound: r.sound }),
  }
}

export function overlayOf(result: AnalysisResult): OverlayRound[] {
  return result.detections.map((round) => ({
    t: round.t,
    frame: round.frame,
    boxes: round.boxes.map((b) => ({
      x: b.x,
      y: b.y,
      w: b.w,
      h: b.h,
      track_id: b.playerId,
      ...(b.hidden ? { hidden: true } : {}),
    })),
  }))
}

/** The storage key a signed media URL names, or undefined when there is no such medium. */
export function artifactKey(
  artifacts: Artifacts,
  kind: 'keyframe' | 'heatmap' | 'clip' | 'highlights',
  name: string,
): string | undefined {
  switch (kind) {
    case 'keyframe':
      return artifacts.keyframe
    case 'heatmap':
      return artifacts.heatmaps?.[name]
    case 'clip':
      return artifacts.clips?.[name]
    case 'highlights':
      return artifacts.highlights ?? undefined
  }
}

/**
 * The track whose box, in the detection round nearest `atSec` (within a second), overlaps most
 * the box the player tapped (0–1 shares of the picture); null when none does.
 */
export function nearestTrack(
  result: AnalysisResult,
  atSec: number,
  pick: { x: number; y: number; w: number; h: number },
): number | null {
  const round = result.detections.reduce<AnalysisResult['detections'][number] | null>(
    (best, r) => (!best || Math.abs(r.t - atSec) < Math.abs(best.t - atSec) ? r : best),
    null,
  )
  const { width, height } = result.video
  if (!round || Math.abs(round.t - atSec) > 1 || !(width > 0 && height > 0)) return null
  let best: { id: number; overlap: number } | null = null
  for (const b of round.boxes) {
    if (b.playerId === null) continue
    const x = b.x / width
    const y = b.y / height
    const w = b.w / width
    const h = b.h / height
    const ix = Math.max(0, Math.min(x + w, pick.x + pick.w) - Math.max(x, pick.x))
    const iy = Math.max(0, Math.min(y + h, pick.y + pick.h) - Math.max(y, pick.y))
    const inter = ix * iy
    const overlap = inter / (w * h + pick.w * pick.h - inter)
    if (overlap > 0.1 && (!best || overlap > best.overlap)) best = { id: b.playerId, overlap }
  }
  return best?.id ?? null
}
