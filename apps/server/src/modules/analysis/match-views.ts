import type { Db } from '../../adapters/db'
import { recentMatches } from './facts'
import type { MediaSigner } from './files'
import type { AnalysisStore } from './store'
import { artifactsOf } from './views'

/** What Meus Vídeos shows of one match's analysis. */
export interface MatchView {
  /** How far the computer vision got (ANALYZING only). */
  percent: number | null
  /** When the report is promised (ISO); null before the analysis can start or once it ended. */
  dueAt: string | null
  /** The automatic pass was refused: an analyst adjusts it before the report. */
  needsAnalyst: boolean
  /** The court frame the pipeline kept, signed; null when it made none. */
  keyframeUrl: string | null
}

/**
 * The analysis as the player's video list sees it: the same stage, percent and due time the
 * coaches quote, and the signed media the report uses.
 */
export class MatchViews {
  constructor(
    private readonly db: Db,
    private readonly store: AnalysisStore,
    private readonly signer: MediaSigner,
  ) {}

  async of(userId: string): Promise<ReadonlyMap<number, MatchView>> {
    const [matches, artifacts] = await Promise.all([
      recentMatches(this.db, userId, null),
      this.store.artifactsOfUser(this.db, userId),
    ])
    const keyframes = new Map<number, string>()
    for (const row of artifacts) {
      const key = artifactsOf(row.artifacts).keyframe
      if (key) keyframes.set(row.videoId, this.signer.url(row.videoId, 'keyframe', 0, key))
    }
    const views = new Map<number, MatchView>()
    for (const m of matches) {
      views.set(m.video_id, {
        percent: m.percent,
        dueAt: m.due_at,
        needsAnalyst: m.needs_analyst ?? false,
        keyframeUrl: keyframes.get(m.video_id) ?? null,
      })
    }
    return views
  }

  /** The uploaded file, signed like the analyst's view of it. */
  videoUrl(videoId: number): string {
    return this.signer.url(videoId, 'source')
  }
}
