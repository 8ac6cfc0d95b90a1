import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type {
  AwaitingIdentificationList,
  FrameBox,
  FromLinkBody,
  Video,
  VideoSource,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { JobQueue } from '../../adapters/queue'
import { analysisPrefix, userPrefix, type VideoStorage } from '../../adapters/storage'
import { AppError, notFound } from '../../errors'
import type { MessageHook, PostedMessage } from '../coaching/service'
import type { UsersService } from '../users/service'
import { localToday } from './game-facts'
import { GAME_INFO_REQUEST, gameTalk } from './game-talk'
import { type MatchViewPort, videoCard } from './cards'
import { frameUrlOf, matchPick } from './identification'
import { directDownloadUrl, fetchLink, LinkError } from './link'
import {
  acceptedMessages,
  CANCELLED_TEXT,
  ERRORS,
  identifiedText,
  linkRefusal,
  pickedText,
  REFUSALS,
  refusedMessage,
  WARNINGS,
} from './messages'
import { probeVideo, SNIFF_BYTES, sniffVideo } from './probe'
import type { NewVideo, VideoRow, VideosStore } from './store'
import type { UploadUrlSigner } from './signing'
import { spoolIfNeeded } from './spool'

/** The quality gate: one game per video, between 30 s and 3 h; below 720p or 20 fps only warns. */
export const GATE = { minSeconds: 30, maxSeconds: 3 * 3600, minShortSide: 720, minFps: 20 }

export interface VideosSettings {
  maxBytes: number
  uploadUrlTtlSeconds: number
  link: { allowedHosts: string[]; timeoutMs: number; maxRedirects: number }
}

/**
 * What videos tell the analysis pipeline (built before videos, so videos holds these callbacks
 * instead of importing it).
 */
export interface AnalysisHooks {
  /** The player said who they are: the video is QUEUED for analysis. */
  queued(videoId: number): Promise<void>
  /** The video was deleted: its analysis files go with it. */
  removed(videoId: number): Promise<void>
}

/** The one thing videos need from the conversation. */
export interface ChatPoster {
  post(userId: string, messages: PostedMessage[]): Promise<void>
}

export function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    upload_timestamp: row.createdAt.toISOString(),
    status: row.status,
    source: row.source,
    failure_reason: row.failureReason,
    warnings: row.warnings,
    player_identifier: row.playerIdentifier,
    game_date: row.gameDate,
    game_week: row.gameWeek,
    game_outcome: row.gameOutcome,
    game_score: row.gameScore,
    probe: row.probe,
    thumbnail_url: null,
    video_url: null,
    analysis_percent: null,
    due_at: null,
    needs_analyst: false,
    allowance_returned: row.status === 'FAILED' && row.acceptedAt === null,
  }
}

export interface VideosServiceDeps {
  db: Db
  store: VideosStore
  storage: VideoStorage
  users: UsersService
  chat: ChatPoster
  queue: JobQueue
  signer: UploadUrlSigner
  clock: Clock
  settings: VideosSettings
  log: { error(obj: object, msg: string): void }
  /** The analysis pipeline: told of a video queued or removed. */
  analysis: AnalysisHooks
  /** Where each match's analysis stands, for Meus Vídeos. */
  matches: MatchViewPort
}

/**
 * Match videos: who may send them, the upload sessions, the quality gate, link imports, and
 * the chat around them (receipt, player identification, date and result of the game).
 */
export class VideosService {
  private readonly db: Db
  private readonly store: VideosStore
  private readonly storage: VideoStorage
  private readonly users: UsersService
  private readonly chat: ChatPoster
  private readonly queue: JobQueue
  private readonly signer: UploadUrlSigner
  private readonly clock: Clock
  private readonly settings: VideosSettings
  private readonly log: { error(obj: object, msg: string): void }
  private readonly analysis: AnalysisHooks
  private readonly matches: MatchViewPort

  constructor(deps: VideosServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      storage: this.storage,
      users: this.users,
      chat: this.chat,
      queue: this.queue,
      signer: this.signer,
      clock: this.clock,
      settings: this.settings,
      log: this.log,
      analysis: this.analysis,
      matches: this.matches,
    } = deps)
  }

  get maxBytes(): number {
    return this.settings.maxBytes
  }

  /** S3 parts need their length before the first byte; local disk streams any body. */
  get needsChunkLength(): boolean {
    return this.storage.kind === 's3'
  }

  /** Each video with its card: picture, file, and where its analysis stands. */
  async list(userId: string): Promise<Video[]> {
    const [rows, views] = await Promise.all([
      this.store.list(this.db, userId),
      this.matches.of(userId),
    ])
    const now = this.clock.now()
    return rows.map((row) => {
      const frameUrl = row.identificationFrame?.key ? frameUrlOf(this.signer, row.id, now) : null
      return videoCard(toVideo(row), frameUrl, views.get(row.id), this.matches)
    })
  }

  async awaitingIdentification(userId: string): Promise<AwaitingIdentificationList> {
    const rows = await this.store.listByStatus(this.db, userId, 'AWAITING_IDENTIFICATION')
    return rows.map((r) => ({ id: r.id, upload_timestamp: r.createdAt.toISOString() }))
  }

  /** A new upload session; `origin` is where the player reached us (the URL is absolute). */
  async createUpload(userId: string, contentType: string, origin: string) {
    if (!contentType.startsWith('video/'))
      throw new AppError(415, ERRORS.notVideoType, { code: 'not_a_video' })
    const row = await this.createRow(userId, 'GCS', { contentType })
    const expiresAt = new Date(
      this.clock.now().getTime() + this.settings.uploadUrlTtlSeconds * 1000,
    )
    return {
      upload_url: `${origin}/api/v1/videos/uploads/${row.id}?${this.signer.sign(row.id, expiresAt)}`,
      video_id: row.id,
      expires_at: expiresAt.toISOString(),
      max_bytes: this.settings.maxBytes,
    }
  }

  async fromLink(userId: string, body: FromLinkBody): Promise<{ id: number }> {
    const downloadUrl = directDownloadUrl(body.source, body.url)
    const row = await this.createRow(userId, body.source, { sourceUrl: body.url, downloadUrl })
    await this.queue.send('videos.import', { video_id: row.id })
    return { id: row.id }
  }

  /** Paying players only, within the month's allowance of their plan. */
  private async createRow(
    userId: string,
    source: VideoSource,
    extra: { contentType?: string; sourceUrl?: string; downloadUrl?: string },
  ): Promise<VideoRow> {
    const user = await this.users.findById(userId)
    if (user?.paymentStatus !== 'PAYMENT_OK')
      throw new AppError(403, ERRORS.notPaying, { code: 'not_subscribed' })
    const limit = (await this.store.monthlyVideoLimit(this.db, userId)) ?? 0
    if (limit <= 0) throw new AppError(403, ERRORS.planHasNoVideos, { code: 'plan_has_no_videos' })
    const now = this.clock.now()
    const month = localToday(now).slice(0, 7)
    // America/Sao_Paulo has kept UTC−3 all year since 2019.
    const monthStart = new Date(`${month}-01T00:00:00-03:00`)
    if ((await this.store.countForAllowance(this.db, userId, monthStart)) >= limit) {
      const [y, m] = month.split('-').map(Number) as [number, number]
      const next = new Date(
        `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01T00:00:00-03:00`,
      )
      const retry = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000))
      throw new AppError(429, ERRORS.monthlyLimit(limit), {
        code: 'monthly_video_limit',
        headers: { 'retry-after': String(retry) },
      })
    }
    const storageKey = `${userPrefix(userId)}${randomUUID()}`
    const storageSession = source === 'GCS' ? await this.storage.begin(storageKey) : null
    return this.store.insert(this.db, {
      userId,
      source,
      storageKey,
      storageSession,
      contentType: extra.contentType ?? null,
      sourceUrl: extra.sourceUrl ?? null,
      downloadUrl: extra.downloadUrl ?? null,
      createdAt: now,
      updatedAt: now,
    })
  }

  /** The video an upload URL names, once its signature and expiry check out. */
  async uploadTarget(videoId: number, expires?: string, signature?: string): Promise<VideoRow> {
    const verdict = this.signer.verify(videoId, expires, signature, this.clock.now())
    if (verdict === 'invalid')
      throw new AppError(403, ERRORS.badUploadUrl, { code: 'upload_url_invalid' })
    if (verdict === 'expired')
      throw new AppError(403, ERRORS.expiredUploadUrl, { code: 'upload_url_expired' })
    const row = await this.store.findById(this.db, videoId)
    if (!row || row.status === 'CANCELLED') throw notFound(ERRORS.notFound)
    return row
  }

  received(row: VideoRow): Promise<number> {
    return this.storage.received(row.storageKey, row.storageSession ?? '')
  }

  append(row: VideoRow, offset: number, body: Readable, length?: number): Promise<number> {
    return this.storage.append(row.storageKey, row.storageSession ?? '', offset, body, length)
  }

  /** The last byte arrived: close the session and run the quality gate. */
  async complete(row: VideoRow): Promise<VideoRow> {
    // Cancelled while the last bytes streamed: the file is gone already.
    const current = await this.store.findById(this.db, row.id)
    if (!current || current.status !== 'UPLOADING') return current ?? row
    await this.storage.finish(row.storageKey, row.storageSession ?? '')
    return this.gate(row)
  }

  async delete(userId: string, id: number): Promise<void> {
    const row = await this.store.find(this.db, userId, id)
    if (!row) throw notFound(ERRORS.notFound)
    await this.store.update(this.db, id, {
      status: 'CANCELLED',
      awaitingGameInfo: false,
      updatedAt: this.clock.now(),
    })
    await this.storage.delete(row.storageKey, row.storageSession)
    if (row.identificationFrame?.key) await this.storage.delete(row.identificationFrame.key)
    await this.analysis.removed(id)
    // Before analysis starts, deleting is cancelling the send, which the chat confirms as the
    // receipt's "Cancelar Envio" chip would; that chip stays after the player is identified, so a
    // QUEUED video counts too.
    if (['UPLOADING', 'AWAITING_IDENTIFICATION', 'QUEUED'].includes(row.status)) {
      await this.chat.post(userId, [{ text: CANCELLED_TEXT }])
    }
  }

  /**
   * With `pickedBox`, a person tapped on the identification picture (`position` is their number
   * there). A chip's answer is a place in the order of the first touch; once the picture is
   * shown, the chips follow its numbers instead, so a chip names that person of the picture.
   * They are kept apart: a place in `playerIdentifier`, a person of the picture in `playerPick`.
   */
  async identify(
    userId: string,
    id: number,
    position: number,
    pickedBox?: FrameBox,
  ): Promise<boolean> {
    const row = await this.store.find(this.db, userId, id)
    if (!row) throw notFound(ERRORS.notFound)
    if (row.status !== 'AWAITING_IDENTIFICATION') {
      throw new AppError(409, ERRORS.notAwaitingIdentification, {
        code: 'not_awaiting_identification',
      })
    }
    const frame = row.identificationFrame
    const picked = pickedBox
      ? matchPick(frame, position, pickedBox)
      : frame?.status === 'ready'
        ? (frame.players.find((p) => p.number === position) ?? null)
        : null
    if (pickedBox && !picked)
      throw new AppError(422, ERRORS.pickNotInFrame, { code: 'pick_not_in_frame' })
    const atSec = row.identificationFrame?.atSec ?? 0
    const ask =
      row.gameDate === null &&
      row.gameWeek === null &&
      row.gameOutcome === null &&
      row.gameScore === null &&
      row.gameDraft === null
    await this.db.transaction(async (tx) => {
      // Only the latest request for a date and result reads the player's next message.
      if (ask) await this.store.clearAwaitingGameInfo(tx, userId)
      await this.store.update(tx, id, {
        playerIdentifier: picked ? null : position,
        playerPick: picked ? { number: picked.number, box: picked.box, atSec } : null,
        status: 'QUEUED',
        awaitingGameInfo: ask,
        updatedAt: this.clock.now(),
      })
    })
    try {
      await this.analysis.queued(id)
    } catch (err) {
      // The player's answer is kept; an operator re-runs the analysis from the console.
      this.log.error({ err, videoId: id }, 'videos: analysis not enqueued')
    }
    const gender = (await this.users.getStatus(userId)).profile.gender
    await this.chat.post(userId, [
      { text: picked ? pickedText(picked.number, gender) : identifiedText(position, gender) },
      ...(ask ? [{ text: GAME_INFO_REQUEST }] : []),
    ])
    return ask
  }

  /**
   * Coaching's hook: a message answering "date and result?" is read back by the statistician
   * to be confirmed or corrected; only what the player confirms is kept as the game's.
   */
  readonly gameInfoHook: MessageHook = async (userId, text) => {
    const row = await this.store.awaitingGameInfo(this.db, userId)
    if (!row) return null
    const now = this.clock.now()
    const step = gameTalk(text, row.gameDraft, now)
    switch (step.kind) {
      case 'stop':
        // Not an answer: stop waiting, so the coaches take the conversation back.
        await this.store.clearAwaitingGameInfo(this.db, userId)
        return null
      case 'ask':
        break
      case 'read':
        await this.store.update(this.db, row.id, { gameDraft: step.draft, updatedAt: now })
        break
      case 'confirm':
        await this.store.update(this.db, row.id, {
          gameDate: step.facts.date,
          gameWeek: step.facts.week,
          gameOutcome: step.facts.outcome,
          gameScore: step.facts.score,
          gameDraft: null,
          awaitingGameInfo: false,
          updatedAt: now,
        })
        break
    }
    return step.messages.map((m) => ({ ...m, as: 'ESTATISTICO' as const }))
  }

  /** Job `videos.import`: fetch the link into storage, then the same gate as an upload. */
  async importLink(videoId: number): Promise<void> {
    const row = await this.store.findById(this.db, videoId)
    if (!row || row.status !== 'UPLOADING' || !row.downloadUrl) return
    let session = ''
    try {
      const fetched = await fetchLink(row.downloadUrl, {
        ...this.settings.link,
        maxBytes: this.settings.maxBytes,
      })
      const { body, length, cleanup } = await spoolIfNeeded(this.storage, fetched)
      try {
        session = await this.storage.begin(row.storageKey)
        await this.store.update(this.db, row.id, { storageSession: session }, ['UPLOADING'])
        await this.storage.append(row.storageKey, session, 0, body, length ?? undefined)
      } finally {
        await cleanup()
      }
      await this.storage.finish(row.storageKey, session)
    } catch (err) {
      await this.storage.delete(row.storageKey, session || null).catch(() => undefined)
      if (!(err instanceof LinkError))
        this.log.error({ err, videoId }, 'videos: link import failed')
      const reason =
        err instanceof LinkError
          ? linkRefusal(err.failure, this.settings.maxBytes)
          : REFUSALS.linkUnreachable
      await this.fail(row, reason)
      return
    }
    await this.gate({ ...row, storageSession: session })
  }

  /** Magic bytes and ffprobe, never the declared type; refused files are not kept. */
  private async gate(row: VideoRow): Promise<VideoRow> {
    let reason: string | null = null
    let accepted: Partial<NewVideo> | null = null
    let messages: PostedMessage[] = []
    try {
      const head = await this.readHead(row.storageKey)
      const probe = (await sniffVideo(head))
        ? await probeVideo(await this.storage.probeTarget(row.storageKey))
        : null
      if (!probe) reason = REFUSALS.notVideo
      else if (probe.durationSeconds < GATE.minSeconds)
        reason = REFUSALS.tooShort(probe.durationSeconds)
      else if (probe.durationSeconds > GATE.maxSeconds)
        reason = REFUSALS.tooLong(probe.durationSeconds)
      else {
        const warnings: string[] = []
        if (Math.min(probe.width, probe.height) < GATE.minShortSide)
          warnings.push(WARNINGS.lowResolution(probe))
        if (probe.fps > 0 && probe.fps < GATE.minFps) warnings.push(WARNINGS.lowFps(probe))
        const now = this.clock.now()
        accepted = {
          status: 'AWAITING_IDENTIFICATION',
          probe: {
            container: probe.container,
            codec: probe.codec,
            duration_seconds: probe.durationSeconds,
            width: probe.width,
            height: probe.height,
            fps: probe.fps,
          },
          warnings,
          sizeBytes: await this.storage.size(row.storageKey),
          storageSession: null,
          acceptedAt: now,
          updatedAt: now,
        }
        messages = acceptedMessages(row.id, probe, warnings)
      }
    } catch (err) {
      this.log.error({ err, videoId: row.id }, 'videos: quality gate failed to run')
      reason = REFUSALS.checkFailed
    }
    if (reason !== null || !accepted) return this.fail(row, reason ?? REFUSALS.checkFailed)
    const updated = await this.store.update(this.db, row.id, accepted, ['UPLOADING'])
    if (!updated) {
      // Cancelled while the gate ran: the file goes too.
      await this.storage.delete(row.storageKey)
      return { ...row, status: 'CANCELLED' }
    }
    await this.chat.post(row.userId, messages)
    // The picture to tell who the player is comes a little later; the chips work without it.
    await this.queue
      .send('videos.frame', { video_id: row.id })
      .catch((err: unknown) => this.log.error({ err, videoId: row.id }, 'videos: frame not queued'))
    return updated
  }

  private async fail(row: VideoRow, reason: string): Promise<VideoRow> {
    await this.storage.delete(row.storageKey, row.storageSession).catch(() => undefined)
    const updated = await this.store.update(
      this.db,
      row.id,
      {
        status: 'FAILED',
        failureReason: reason,
        storageSession: null,
        updatedAt: this.clock.now(),
      },
      ['UPLOADING'],
    )
    if (!updated) return { ...row, status: 'CANCELLED' }
    await this.chat.post(row.userId, [refusedMessage(reason)])
    return updated
  }

  private async readHead(key: string): Promise<Buffer> {
    const size = (await this.storage.size(key)) ?? 0
    if (size === 0) return Buffer.alloc(0)
    const stream = await this.storage.open(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 })
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  /** Account deletion, after the rows are gone: every file under the player's prefix. */
  deleteFilesOf(userId: string): Promise<void> {
    return this.storage.deletePrefix(userPrefix(userId))
  }

  /** Removes what the analysis pipeline made of these videos (account deletion). */
  async deleteAnalysisFilesOf(videoIds: readonly number[]): Promise<void> {
    for (const id of videoIds) await this.storage.deletePrefix(analysisPrefix(id))
  }
}
