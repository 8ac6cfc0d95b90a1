import { createHash, randomBytes } from 'node:crypto'
import type {
  ReportShareCreateBody,
  ReportShareResponse,
  ReportShareStatus,
  SharedReport,
  VideoReport,
} from '@areia/contracts'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { Limiter } from '../../adapters/rate-limit'
import { AppError, inTime, notFound, tooManyRequests } from '../../errors'
import { MEDIA_ERRORS, type MediaKind, type MediaQuery, type MediaUrls } from '../analysis/files'
import { type CardFormat, renderCard } from './card'
import type { SharedMediaParams, SharedMediaSigner } from './media'
import type { ReportSharesStore } from './store'

export const SHARED_REPORT_GONE =
  'Esta análise não está disponível: o link foi desativado ou não existe.'

/** What sharing needs of the rest of the app, passed in by the composition root. */
export interface ShareSources {
  /**
   * The owner's published report, its media signed by `urls`; throws 404 for another player's
   * video or one not published.
   */
  report(userId: string, videoId: number, urls?: MediaUrls): Promise<VideoReport>
  /** Streams a medium of the video (the caller has checked the authority). */
  media(
    videoId: number,
    kind: MediaKind,
    name: string,
    range: string | undefined,
    reply: FastifyReply,
    cacheControl: string,
  ): Promise<FastifyReply>
  /** The name the player chose, as stored (the first word is shown). */
  playerName(userId: string): Promise<string | null>
  /** The PNG of the player's heatmap in that report. */
  heatmap(userId: string, videoId: number): Promise<Buffer>
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** "Ana Paula Souza" → "Ana": the only part of the player's identity a shared report shows. */
export function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0]
  return first ? first.slice(0, 40) : null
}

/**
 * What a link shows of the four people on court: the player's figures and the clips of the
 * points they finished, and the partner's only when the player chose so. The team's score and
 * the rallies are the match's, and stay.
 */
export function sharedView(report: VideoReport, includePartner: boolean): VideoReport {
  const partner = includePartner ? report.partner : null
  const shown = new Set([report.player.track_id, ...(partner ? [partner.track_id] : [])])
  return {
    ...report,
    partner,
    stats: report.stats
      ? { ...report.stats, players: report.stats.players.filter((p) => shown.has(p.track_id)) }
      : null,
    points: report.points.map((p) => (shown.has(p.last_player) ? p : { ...p, clip_url: null })),
  }
}

export interface ReportSharesServiceDeps {
  db: Db
  store: ReportSharesStore
  sources: ShareSources
  clock: Clock
  limiter: Limiter
  media: SharedMediaSigner
  /** The public address of an app path. */
  link: (path: string) => string
}

/**
 * Links that open a published report without an account. The token is random and only its hash
 * is stored; the public answer keeps the match and the first name and leaves out the analyst's
 * text, which is free writing that may name people.
 */
export class ReportSharesService {
  private readonly db: Db
  private readonly store: ReportSharesStore
  private readonly sources: ShareSources
  private readonly clock: Clock
  private readonly limiter: Limiter
  private readonly media: SharedMediaSigner
  private readonly link: (path: string) => string

  constructor(deps: ReportSharesServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      sources: this.sources,
      clock: this.clock,
      limiter: this.limiter,
      media: this.media,
      link: this.link,
    } = deps)
  }

  async create(
    userId: string,
    videoId: number,
    body: ReportShareCreateBody,
  ): Promise<ReportShareResponse> {
    await this.sources.report(userId, videoId)
    const token = randomBytes(32).toString('base64url')
    const now = this.clock.now()
    await this.store.put(this.db, {
      videoId,
      tokenHash: hashOf(token),
      includePartner: body.include_partner,
      now,
    })
    return {
      url: this.link(`/r/${token}`),
      created_at: now.toISOString(),
      include_partner: body.include_partner,
    }
  }

  async status(userId: string, videoId: number): Promise<ReportShareStatus> {
    await this.sources.report(userId, videoId)
    const row = await this.store.ofVideo(this.db, videoId)
    return {
      created_at: row?.createdAt.toISOString() ?? null,
      include_partner: row?.includePartner ?? false,
    }
  }

  async revoke(userId: string, videoId: number): Promise<void> {
    await this.sources.report(userId, videoId)
    await this.store.remove(this.db, videoId)
  }

  async open(token: string, ip: string): Promise<SharedReport> {
    return (await this.byToken(token, ip)).report
  }

  /** The owner's card of their match, to post before (or without) making a link. */
  async ownerCard(userId: string, videoId: number, format: CardFormat): Promise<Buffer> {
    // Made to be posted anywhere: the partner's figures stay out, as on a link by default.
    const report = await this.shown(
      userId,
      sharedView(await this.sources.report(userId, videoId), false),
    )
    return renderCard(report, await this.sources.heatmap(userId, videoId), format)
  }

  /** The card of a shared report, for anyone with its link. */
  async sharedCard(token: string, ip: string, format: CardFormat): Promise<Buffer> {
    const { report, owner } = await this.byToken(token, ip)
    return renderCard(report, await this.sources.heatmap(owner.userId, owner.videoId), format)
  }

  /** What anyone may see of a report: the match and the first name. */
  private async shown(userId: string, report: VideoReport): Promise<SharedReport> {
    const { markdown: _markdown, video_id: _videoId, ...shown } = report
    return { ...shown, first_name: firstName(await this.sources.playerName(userId)) }
  }

  private async byToken(token: string, ip: string) {
    const limit = await this.limiter.hit(ip)
    if (!limit.allowed) {
      throw tooManyRequests(
        `Muitas aberturas de análises compartilhadas. Tente novamente ${inTime(limit.retryAfterSeconds)}.`,
        limit.retryAfterSeconds,
      )
    }
    const row = await this.store.byHash(this.db, hashOf(token))
    if (!row) throw notFound(SHARED_REPORT_GONE)
    let report: VideoReport
    try {
      report = await this.sources.report(row.userId, row.videoId, this.media.forShare(row.shareId))
    } catch (err) {
      // Published once, the analysis may since have been re-run or the video removed.
      if (err instanceof AppError && err.statusCode === 404) throw notFound(SHARED_REPORT_GONE)
      throw err
    }
    return {
      report: await this.shown(row.userId, sharedView(report, row.includePartner)),
      owner: row,
    }
  }

  /** A medium of a shared report: only while the link it was signed for stands. */
  async openMedia(
    params: SharedMediaParams,
    query: z.infer<typeof MediaQuery>,
    range: string | undefined,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    this.media.verify(params, query)
    const row = await this.store.byShareId(this.db, params.share)
    if (!row) throw notFound(MEDIA_ERRORS.missing)
    // The browser asks again each time: a revoked link must not live on in its cache.
    return this.sources.media(row.videoId, params.kind, params.name, range, reply, 'no-cache')
  }
}
