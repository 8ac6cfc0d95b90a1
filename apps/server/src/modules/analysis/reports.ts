import { heatmapPng } from '@areia/vision'
import type { CheckForReportResponse, ExportFile, VideoReport } from '@areia/contracts'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { VideoStorage } from '../../adapters/storage'
import { notFound } from '../../errors'
import { deliveryMarkdown } from './delivery'
import {
  MEDIA_ERRORS,
  type MediaParams,
  type MediaQuery,
  type MediaKind,
  type MediaSigner,
  type MediaUrls,
  readObject,
  sendObject,
} from './files'
import type { AnalysisStore } from './store'
import { taggedReport, tagsOf } from './tagged-report'
import { TagsStore } from './tags-store'
import {
  artifactKey,
  artifactsOf,
  heatmapUrl,
  ralliesSummary,
  resultOf,
  trackedPlayer,
} from './views'

const REPORT_NOT_FOUND = 'Relatório não encontrado.'

/** The numbers that key an artifact map (tracks, rallies), in order. */
const numbered = (map: Record<string, string> | undefined) =>
  Object.keys(map ?? {})
    .map(Number)
    .sort((a, b) => a - b)

const CONTENT_TYPES = {
  keyframe: 'image/jpeg',
  heatmap: 'image/png',
  clip: 'video/mp4',
  highlights: 'video/mp4',
} as const

/** The date and result the player confirmed, as the report and the console carry them. */
export function gameOf(video: {
  gameDate: string | null
  gameWeek: string | null
  gameOutcome: 'WON' | 'LOST' | null
  gameScore: string | null
}): VideoReport['game'] {
  return {
    date: video.gameDate,
    week: video.gameWeek,
    outcome: video.gameOutcome,
    score: video.gameScore,
  }
}

export interface ReportsServiceDeps {
  db: Db
  store: AnalysisStore
  storage: VideoStorage
  signer: MediaSigner
  clock: Clock
}

/** What the player reads of a published analysis, and the signed media of every analysis. */
export class ReportsService {
  private readonly tags = new TagsStore()

  private readonly db: Db
  private readonly store: AnalysisStore
  private readonly storage: VideoStorage
  private readonly signer: MediaSigner
  private readonly clock: Clock

  constructor(deps: ReportsServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      storage: this.storage,
      signer: this.signer,
      clock: this.clock,
    } = deps)
  }

  /** `urls` signs the media links: the owner's by default, a share's for a shared link. */
  async report(
    userId: string,
    videoId: number,
    urls: MediaUrls = this.signer,
  ): Promise<VideoReport> {
    const { video, analysis, result, player } = await this.published(userId, videoId)
    const artifacts = artifactsOf(analysis.artifacts)
    const partner = result.players.find((p) => p.id === player.partnerId)
    const heatmap = (id: number) => heatmapUrl(videoId, id, artifacts, urls)
    const stored = await this.tags.get(this.db, videoId)
    const tagged = taggedReport(tagsOf(stored?.tags ?? null), result, () =>
      urls.url(videoId, 'source'),
    )
    return {
      video_id: videoId,
      published_at: analysis.publishedAt!.toISOString(),
      game: gameOf(video),
      markdown: analysis.reportMarkdown,
      player: trackedPlayer(player, heatmap(player.id)),
      partner: partner ? trackedPlayer(partner, heatmap(partner.id)) : null,
      rallies: ralliesSummary(videoId, result, artifacts, urls),
      stats: tagged.stats,
      points: tagged.points,
    }
  }

  /** The player's own heatmap (bearer auth, for the image in the chat message). */
  async heatmap(userId: string, videoId: number): Promise<Buffer> {
    const { analysis, player } = await this.published(userId, videoId)
    const key = artifactsOf(analysis.artifacts).heatmaps?.[String(player.id)]
    if (key && (await this.storage.size(key)) !== null) return readObject(this.storage, key)
    // The figures are the truth; the image can always be drawn again from them.
    return heatmapPng(player.heatmap)
  }

  /** The newest published report not handed out yet through this call (then marked), or `{}`. */
  async checkForReport(userId: string): Promise<CheckForReportResponse> {
    const claimed = await this.store.claimUnseenReport(this.db, userId, this.clock.now())
    if (!claimed?.publishedAt) return {}
    return {
      content: deliveryMarkdown(claimed.videoId, claimed.reportMarkdown),
      created_at: claimed.publishedAt.toISOString(),
    }
  }

  /**
   * Download links of the files a player's videos left (the video as sent, and what its
   * analysis made), signed until `expiresAt`, as paths: the data export makes them absolute.
   */
  async exportFiles(userId: string, expiresAt: Date): Promise<ExportFile[]> {
    const rows = await this.store.filesOfUser(this.db, userId)
    const files: ExportFile[] = []
    const add = (
      videoId: number,
      kind: Exclude<ExportFile['kind'], 'identification_picture'>,
      part: number | null,
      contentType: string,
    ) =>
      files.push({
        kind,
        video_id: videoId,
        part,
        content_type: contentType,
        url: this.signer.url(
          videoId,
          kind === 'video' ? 'source' : kind,
          part ?? 0,
          undefined,
          expiresAt,
        ),
        expires_at: expiresAt.toISOString(),
      })
    for (const row of rows) {
      if ((await this.storage.size(row.storageKey)) !== null) {
        add(row.videoId, 'video', null, row.contentType ?? 'video/mp4')
      }
      const artifacts = artifactsOf(row.artifacts)
      if (artifacts.keyframe) add(row.videoId, 'keyframe', null, CONTENT_TYPES.keyframe)
      for (const track of numbered(artifacts.heatmaps)) {
        add(row.videoId, 'heatmap', track, CONTENT_TYPES.heatmap)
      }
      for (const rally of numbered(artifacts.clips)) {
        add(row.videoId, 'clip', rally, CONTENT_TYPES.clip)
      }
      if (artifacts.highlights) add(row.videoId, 'highlights', null, CONTENT_TYPES.highlights)
    }
    return files
  }

  /** A signed media URL: the source video for the analyst, or an artifact of the pipeline. */
  async media(
    params: z.infer<typeof MediaParams>,
    query: z.infer<typeof MediaQuery>,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    this.signer.verify(params, query)
    return this.serve(params.id, params.kind, params.name, range, reply)
  }

  /**
   * A medium of a video, its authority already checked (a signature, a live share);
   * `cacheControl` for media whose authority can end before their URL does.
   */
  async serve(
    videoId: number,
    kind: MediaKind,
    name: string,
    range: string | undefined,
    reply: FastifyReply,
    cacheControl?: string,
  ): Promise<FastifyReply> {
    const video = await this.store.videoFile(this.db, videoId)
    if (!video || video.status === 'CANCELLED') throw notFound(MEDIA_ERRORS.missing)
    if (kind === 'source') {
      return sendObject(
        this.storage,
        video.storageKey,
        video.contentType ?? 'video/mp4',
        range,
        reply,
        cacheControl,
      )
    }
    const analysis = await this.store.analysisOf(this.db, videoId)
    const key = analysis && artifactKey(artifactsOf(analysis.artifacts), kind, name)
    if (!key) throw notFound(MEDIA_ERRORS.missing)
    return sendObject(this.storage, key, CONTENT_TYPES[kind], range, reply, cacheControl)
  }

  private async published(userId: string, videoId: number) {
    const row = await this.store.published(this.db, userId, videoId)
    const result = resultOf(row?.analysis.result ?? null)
    const player = result?.players.find((p) => p.id === row?.analysis.playerTrackId)
    if (!row || !result || !player) throw notFound(REPORT_NOT_FOUND)
    return { ...row, result, player }
  }
}
