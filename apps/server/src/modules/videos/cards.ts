import type { Video, VideoStatus } from '@areia/contracts'

/**
 * What Meus Vídeos shows of each match's analysis (wired in app.ts: the analysis module knows
 * where it stands, when it is due, and signs its media).
 */
export interface MatchViewPort {
  of(userId: string): Promise<ReadonlyMap<number, MatchView>>
  videoUrl(videoId: number): string
}

export type MatchView = {
  percent: number | null
  dueAt: string | null
  needsAnalyst: boolean
  keyframeUrl: string | null
}

/** Statuses whose file is kept and can be watched. */
const PLAYABLE: readonly VideoStatus[] = [
  'AWAITING_IDENTIFICATION',
  'QUEUED',
  'ANALYZING',
  'IN_REVIEW',
  'READY',
]

/**
 * A video's card in Meus Vídeos: its picture (the identification frame, else the analysis'
 * court frame), its file while it is kept, and the analysis' percent and due time.
 */
export function videoCard(
  video: Video,
  frameUrl: string | null,
  view: MatchView | undefined,
  matches: MatchViewPort | null,
): Video {
  return {
    ...video,
    thumbnail_url: frameUrl ?? view?.keyframeUrl ?? null,
    video_url: matches && PLAYABLE.includes(video.status) ? matches.videoUrl(video.id) : null,
    analysis_percent:
      video.status === 'ANALYZING' && view?.percent != null ? Math.round(view.percent) : null,
    due_at: view?.dueAt ?? null,
    needs_analyst: view?.needsAnalyst ?? false,
  }
}
