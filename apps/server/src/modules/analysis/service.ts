import { heatmapPng, type AnalysisResult } from '@areia/vision'
import {
  type AnalystQueue,
  type AnalystQueueItem,
  type AnalystSwapBody,
  type AnalystVideo,
  type CourtCorners,
  PUBLISH_REFUSALS,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import type { VideoStorage } from '../../adapters/storage'
import { AppError, notFound } from '../../errors'
import type { UsersService } from '../users/service'
import type { VideoStatusPort } from '../videos/status'
import type { AuditPort } from '../admin/audit'
import { type AnalysisDelivery, deliveryMarkdown, rejectionMarkdown } from './delivery'
import { putBuffer, runPrefix } from './artifacts'
import type { MediaSigner } from './files'
import { commentaryOf, draftReport } from './report-draft'
import { gameOf } from './reports'
import type { AnalysisStore, ReviewRow } from './store'
import { swapIdentities } from './swap'
import {
  artifactsOf,
  nearestTrack,
  overlayOf,
  ralliesSummary,
  resultOf,
  trackedPlayers,
} from './views'

/** S1's pipeline: a (re)analysis of the video, with corners a person confirmed when given. */
export interface Reanalysis {
  enqueue(videoId: number, opts: { corners?: CourtCorners }): Promise<unknown>
}

export const ANALYSIS_ERRORS = {
  notFound: 'Vídeo não encontrado.',
  published: 'Esta análise já foi publicada.',
  rejected: 'Este vídeo já foi recusado.',
  running: 'A análise deste vídeo ainda não terminou.',
  failed: 'A análise deste vídeo falhou: reanalise ou recuse o vídeo.',
  notAnalysable: (why: string | null) =>
    `Este vídeo não pôde ser analisado${why ? ` (${why.replace(/\.$/, '')})` : ''}. Corrija os cantos e reanalise, ou recuse o vídeo.`,
  noPlayer: PUBLISH_REFUSALS.noPlayer,
  noTrack: 'Este jogador não foi encontrado na análise.',
  noCommentary: PUBLISH_REFUSALS.noCommentary,
}

export interface Actor {
  id: string
  email: string
}

export interface AnalysisServiceDeps {
  db: Db
  store: AnalysisStore
  storage: VideoStorage
  signer: MediaSigner
  delivery: AnalysisDelivery
  users: UsersService
  clock: Clock
  pipeline: Reanalysis
  /** The videos module's: publishing and rejecting move the video too. */
  videos: VideoStatusPort
  /** The console's audit log: every analyst action is written there. */
  audit: AuditPort
  log: { error(obj: object, msg: string): void }
}

/** The analyst's console: queue, review, corrections, publish and reject. */
export class AnalysisService {
  private readonly db: Db
  private readonly store: AnalysisStore
  private readonly storage: VideoStorage
  private readonly signer: MediaSigner
  private readonly delivery: AnalysisDelivery
  private readonly users: UsersService
  private readonly clock: Clock
  private readonly pipeline: Reanalysis
  private readonly videos: VideoStatusPort
  private readonly audit: AuditPort
  private readonly log: { error(obj: object, msg: string): void }

  constructor(deps: AnalysisServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      storage: this.storage,
      signer: this.signer,
      delivery: this.delivery,
      users: this.users,
      clock: this.clock,
      pipeline: this.pipeline,
      videos: this.videos,
      audit: this.audit,
      log: this.log,
    } = deps)
  }

  async actor(userId: string): Promise<Actor> {
    const user = await this.users.findById(userId)
    if (!user)
      throw new AppError(401, 'Sua sessão expirou. Faça login novamente.', {
        code: 'session_expired',
      })
    return { id: user.id, email: user.email }
  }

  async queue(): Promise<AnalystQueue> {
    const now = this.clock.now()
    return (await this.store.queue(this.db)).map((r) => this.item(r, now))
  }

  async video(videoId: number): Promise<AnalystVideo> {
    const r = await this.load(videoId)
    const id = r.video.id
    const result = resultOf(r.analysis?.result ?? null)
    const artifacts = artifactsOf(r.analysis?.artifacts)
    const probe = r.video.probe
    return {
      ...this.item(r, this.clock.now()),
      video_url: this.signer.url(id, 'source'),
      keyframe_url: artifacts.keyframe ? this.signer.url(id, 'keyframe') : '',
      width: result?.video.width ?? probe?.width ?? 0,
      height: result?.video.height ?? probe?.height ?? 0,
      duration_sec: result?.video.durationSec ?? probe?.duration_seconds ?? 0,
      fps: result?.video.fps ?? probe?.fps ?? 0,
      corners: r.analysis?.corners ?? result?.court?.corners ?? null,
      corners_source: r.analysis?.cornersSource ?? null,
      player_answer: r.video.playerIdentifier,
      player_pick: r.video.playerPick
        ? {
            number: r.video.playerPick.number,
            at_sec: r.video.playerPick.atSec,
            box: r.video.playerPick.box,
            nearest_track_id: result
              ? nearestTrack(result, r.video.playerPick.atSec, r.video.playerPick.box)
              : null,
          }
        : null,
      player_track_id: r.analysis?.playerTrackId ?? null,
      players: result ? trackedPlayers(id, result, artifacts, this.signer) : [],
      overlay: result ? overlayOf(result) : [],
      rallies: result ? ralliesSummary(id, result, artifacts, this.signer) : null,
      game: gameOf(r.video),
      report_markdown: r.analysis?.reportMarkdown || this.draft(r, result),
      published_at: r.analysis?.publishedAt?.toISOString() ?? null,
    }
  }

  async setCorners(userId: string, videoId: number, corners: CourtCorners): Promise<void> {
    await this.reanalyse(userId, videoId, 'analysis.corners', { corners })
  }

  async rerun(userId: string, videoId: number): Promise<void> {
    await this.reanalyse(userId, videoId, 'analysis.rerun', {})
  }

  private async reanalyse(
    userId: string,
    videoId: number,
    action: string,
    opts: { corners?: CourtCorners },
  ): Promise<void> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    this.assertOpen(r)
    await this.db.transaction(async (tx) => {
      await this.store.ensureAnalysis(tx, videoId)
      // A new run numbers the players afresh: the confirmed player and an untouched draft go.
      const untouched = this.untouched(r, resultOf(r.analysis?.result ?? null))
      await this.store.updateAnalysis(tx, videoId, {
        ...(opts.corners ? { corners: opts.corners, cornersSource: 'confirmed' as const } : {}),
        playerTrackId: null,
        ...(untouched ? { reportMarkdown: '' } : {}),
      })
      await this.record(tx, {
        ...this.auditActor(actor),
        action,
        videoId,
        details: opts.corners ? { corners: opts.corners } : {},
      })
    })
    await this.pipeline.enqueue(videoId, opts)
  }

  async swap(userId: string, videoId: number, body: AnalystSwapBody): Promise<AnalystVideo> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    const result = this.reviewable(r)
    if (!result.analysable)
      throw new AppError(422, ANALYSIS_ERRORS.notAnalysable(result.reason), {
        code: 'not_analysable',
      })
    const swapped = swapIdentities(result, body.a, body.b, body.from_sec ?? 0)
    const analysis = r.analysis!
    const artifacts = artifactsOf(analysis.artifacts)
    // New keys, so a heatmap URL signed before the swap never shows the corrected image late.
    const stamp = this.clock.now().getTime()
    const heatmaps = { ...artifacts.heatmaps }
    for (const id of [body.a, body.b]) {
      const player = swapped.players.find((p) => p.id === id)
      if (!player) continue
      const key = `${runPrefix(videoId, analysis.run)}heatmap-${id}-${stamp}.png`
      await putBuffer(this.storage, key, heatmapPng(player.heatmap))
      heatmaps[String(id)] = key
    }
    const regenerate = this.untouched(r, result)
    await this.db.transaction(async (tx) => {
      await this.store.updateAnalysis(tx, videoId, {
        result: swapped as unknown as Record<string, unknown>,
        artifacts: { ...(analysis.artifacts ?? {}), heatmaps },
        ...(regenerate ? { reportMarkdown: this.draft(r, swapped) } : {}),
      })
      await this.record(tx, {
        ...this.auditActor(actor),
        action: 'analysis.swap',
        videoId,
        details: { a: body.a, b: body.b, from_sec: body.from_sec ?? 0 },
      })
    })
    await this.deleteReplaced(artifacts.heatmaps, heatmaps)
    return this.video(videoId)
  }

  async setPlayer(userId: string, videoId: number, trackId: number): Promise<AnalystVideo> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    const result = this.reviewable(r)
    if (!result.players.some((p) => p.id === trackId)) {
      throw new AppError(422, ANALYSIS_ERRORS.noTrack, { code: 'no_track' })
    }
    const regenerate = this.untouched(r, result)
    const next: ReviewRow = { ...r, analysis: { ...r.analysis!, playerTrackId: trackId } }
    await this.db.transaction(async (tx) => {
      await this.store.updateAnalysis(tx, videoId, {
        playerTrackId: trackId,
        ...(regenerate ? { reportMarkdown: this.draft(next, result) } : {}),
      })
      await this.record(tx, {
        ...this.auditActor(actor),
        action: 'analysis.player',
        videoId,
        details: { track_id: trackId, player_answer: r.video.playerIdentifier },
      })
    })
    return this.video(videoId)
  }

  async saveReport(userId: string, videoId: number, markdown: string): Promise<void> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    this.reviewable(r)
    await this.db.transaction(async (tx) => {
      await this.store.updateAnalysis(tx, videoId, { reportMarkdown: markdown }, ['REVIEW'])
      await this.record(tx, {
        ...this.auditActor(actor),
        action: 'analysis.report',
        videoId,
        details: { characters: markdown.length },
      })
    })
  }

  async publish(userId: string, videoId: number): Promise<void> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    const result = this.reviewable(r)
    const analysis = r.analysis!
    if (!result.analysable)
      throw new AppError(422, ANALYSIS_ERRORS.notAnalysable(result.reason), {
        code: 'not_analysable',
      })
    if (analysis.playerTrackId === null)
      throw new AppError(422, ANALYSIS_ERRORS.noPlayer, { code: 'no_player' })
    const markdown = analysis.reportMarkdown || this.draft(r, result)
    if (r.humanReview && !commentaryOf(markdown)) {
      throw new AppError(422, ANALYSIS_ERRORS.noCommentary, { code: 'no_commentary' })
    }
    const now = this.clock.now()
    const messageId = await this.db.transaction(async (tx) => {
      // Only one call moves REVIEW → PUBLISHED; a second one finds nothing to update.
      const published = await this.store.updateAnalysis(
        tx,
        videoId,
        {
          stage: 'PUBLISHED',
          percent: 100,
          publishedAt: now,
          reviewedBy: actor.id,
          reportMarkdown: markdown,
        },
        ['REVIEW'],
      )
      if (!published)
        throw new AppError(409, ANALYSIS_ERRORS.published, { code: 'analysis_published' })
      const moved = await this.videos.move(videoId, { status: 'READY', at: now }, ['IN_REVIEW'], tx)
      if (!moved) throw new AppError(409, ANALYSIS_ERRORS.running, { code: 'analysis_running' })
      await this.record(tx, {
        ...this.auditActor(actor),
        action: 'analysis.publish',
        videoId,
        details: { track_id: analysis.playerTrackId, human_review: !!r.humanReview },
      })
      return this.delivery.storeCoachMessage(
        tx,
        r.video.userId,
        deliveryMarkdown(videoId, markdown),
      )
    })
    await this.delivery.ready(this.db, r.video.userId, videoId, messageId).catch((err: unknown) => {
      // Published and stored in the chat; the player sees it on their next load.
      this.log.error({ err, videoId }, 'analysis: delivery after publish failed')
    })
  }

  async reject(userId: string, videoId: number, reason: string): Promise<void> {
    const actor = await this.actor(userId)
    const r = await this.load(videoId)
    this.assertOpen(r)
    const now = this.clock.now()
    const messageId = await this.db.transaction(async (tx) => {
      // acceptedAt cleared: a refused video no longer uses the month's allowance.
      const moved = await this.videos.move(
        videoId,
        { status: 'FAILED', reason, at: now },
        ['QUEUED', 'ANALYZING', 'IN_REVIEW'],
        tx,
      )
      if (!moved) throw new AppError(409, ANALYSIS_ERRORS.rejected, { code: 'analysis_rejected' })
      await this.store.ensureAnalysis(tx, videoId)
      await this.store.updateAnalysis(tx, videoId, { stage: 'FAILED', reviewedBy: actor.id })
      await this.record(tx, {
        ...this.auditActor(actor),
        action: 'analysis.reject',
        videoId,
        details: { reason },
      })
      return this.delivery.storeCoachMessage(tx, r.video.userId, rejectionMarkdown(reason))
    })
    await this.delivery
      .rejected(this.db, r.video.userId, videoId, messageId)
      .catch((err: unknown) =>
        this.log.error({ err, videoId }, 'analysis: rejection notice failed'),
      )
  }

  private item(r: ReviewRow, now: Date): AnalystQueueItem {
    const stage = r.analysis?.stage ?? 'QUEUED'
    const open = r.video.status !== 'READY' && r.video.status !== 'FAILED'
    return {
      video_id: r.video.id,
      status: r.video.status,
      stage,
      percent: r.analysis?.percent ?? 0,
      player_name: r.playerName ?? r.playerEmail,
      plan_name: r.planName,
      human_commentary: !!r.humanReview,
      uploaded_at: (r.video.acceptedAt ?? r.video.createdAt).toISOString(),
      promised_at: r.promisedAt.toISOString(),
      overdue: open && r.promisedAt.getTime() <= now.getTime(),
      problem: r.analysis?.problem ?? (stage === 'FAILED' ? (r.analysis?.failure ?? null) : null),
    }
  }

  /** The draft for the confirmed player, or '' until one is confirmed. */
  private draft(r: ReviewRow, result: AnalysisResult | null): string {
    const player = result?.players.find((p) => p.id === r.analysis?.playerTrackId)
    if (!result || !player) return ''
    return draftReport({
      player,
      rallies: result.rallies,
      game: gameOf(r.video),
      humanReview: !!r.humanReview,
      camera: result.camera,
    })
  }

  /** The analyst has not written over the draft: it still reads as generated (or is empty). */
  private untouched(r: ReviewRow, result: AnalysisResult | null): boolean {
    const stored = r.analysis?.reportMarkdown ?? ''
    return stored === '' || stored === this.draft(r, result)
  }

  private async load(videoId: number): Promise<ReviewRow> {
    const r = await this.store.review(this.db, videoId)
    if (!r || (!r.analysis && !['QUEUED', 'ANALYZING', 'IN_REVIEW'].includes(r.video.status))) {
      throw notFound(ANALYSIS_ERRORS.notFound)
    }
    return r
  }

  private assertOpen(r: ReviewRow): void {
    if (r.video.status === 'READY' || r.analysis?.stage === 'PUBLISHED') {
      throw new AppError(409, ANALYSIS_ERRORS.published, { code: 'analysis_published' })
    }
    if (r.video.status === 'FAILED')
      throw new AppError(409, ANALYSIS_ERRORS.rejected, { code: 'analysis_rejected' })
  }

  /** The result a person can work on: the pipeline finished and nothing was decided yet. */
  private reviewable(r: ReviewRow): AnalysisResult {
    this.assertOpen(r)
    const result = resultOf(r.analysis?.result ?? null)
    if (r.analysis?.stage === 'FAILED')
      throw new AppError(409, ANALYSIS_ERRORS.failed, { code: 'analysis_failed' })
    if (r.analysis?.stage !== 'REVIEW' || !result)
      throw new AppError(409, ANALYSIS_ERRORS.running, { code: 'analysis_running' })
    return result
  }

  /** An analyst's action on a video, in the console's audit log. */
  private record(
    tx: DbOrTx,
    row: {
      actorId: string
      actorEmail: string
      action: string
      videoId: number
      details: Record<string, unknown>
    },
  ): Promise<void> {
    const { videoId, ...entry } = row
    return this.audit.record({ ...entry, targetType: 'video', targetId: String(videoId) }, tx)
  }

  private auditActor(actor: Actor) {
    return { actorId: actor.id, actorEmail: actor.email }
  }

  private async deleteReplaced(
    before: Record<string, string> | undefined,
    after: Record<string, string>,
  ): Promise<void> {
    const kept = new Set(Object.values(after))
    for (const key of Object.values(before ?? {})) {
      if (!kept.has(key)) await this.storage.delete(key).catch(() => undefined)
    }
  }
}
