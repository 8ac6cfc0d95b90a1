import type { AnalystTagsBody, AnalystTagsResponse } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import { AppError, notFound } from '../../errors'
import { ANALYSIS_ERRORS } from './service'
import type { AnalysisStore } from './store'
import type { MatchTagsRow, TagsStore } from './tags-store'

export const TAGGING_ERRORS = {
  stale:
    'Estas marcações foram salvas depois em outra aba ou por outra pessoa. Recarregue a página para continuar da versão mais recente.',
  invalid: (why: string) =>
    `Marcações inválidas: ${why.charAt(0).toLowerCase()}${why.slice(1).replace(/\.$/, '')}.`,
}

/** The analyst's point-by-point tags of a video: read, and saved whole with a revision check. */
export class TaggingService {
  constructor(
    private readonly db: Db,
    private readonly analyses: AnalysisStore,
    private readonly tags: TagsStore,
    private readonly clock: Clock,
  ) {}

  async get(videoId: number): Promise<AnalystTagsResponse> {
    await this.load(videoId)
    return this.response(await this.tags.get(this.db, videoId))
  }

  async save(userId: string, videoId: number, body: AnalystTagsBody): Promise<AnalystTagsResponse> {
    const r = await this.load(videoId)
    // Tags feed the published figures: once the report is out (or the video refused), they stay.
    if (r.video.status === 'READY' || r.analysis?.stage === 'PUBLISHED') {
      throw new AppError(409, ANALYSIS_ERRORS.published, { code: 'analysis_published' })
    }
    if (r.video.status === 'FAILED')
      throw new AppError(409, ANALYSIS_ERRORS.rejected, { code: 'analysis_rejected' })
    // Points are tagged on the detected rallies: nothing to tag before the pipeline has run.
    if (!r.analysis) throw new AppError(409, ANALYSIS_ERRORS.running, { code: 'analysis_running' })
    const saved = await this.tags.save(this.db, {
      videoId,
      from: body.revision,
      tags: body.tags,
      savedBy: userId,
      savedAt: this.clock.now(),
    })
    if (!saved) throw new AppError(409, TAGGING_ERRORS.stale, { code: 'tags_stale' })
    return this.response(saved)
  }

  private response(row: MatchTagsRow | undefined): AnalystTagsResponse {
    return row
      ? { revision: row.revision, tags: row.tags, saved_at: row.savedAt.toISOString() }
      : { revision: 0, tags: null, saved_at: null }
  }

  private async load(videoId: number) {
    const r = await this.analyses.review(this.db, videoId)
    if (!r || (!r.analysis && !['QUEUED', 'ANALYZING', 'IN_REVIEW'].includes(r.video.status))) {
      throw notFound(ANALYSIS_ERRORS.notFound)
    }
    return r
  }
}
