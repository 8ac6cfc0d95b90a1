import { execFile } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import type { ExportFile, FrameBox, IdentificationFrame } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { VideoStorage } from '../../adapters/storage'
import type { StoredIdentificationFrame } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import { ERRORS } from './messages'
import type { UploadUrlSigner } from './signing'
import type { VideoRow, VideosStore } from './store'

const run = promisify(execFile)
const FFMPEG = process.env.AREIA_FFMPEG ?? 'ffmpeg'

/** People the detector found in one picture, in its pixels. */
export interface StillPeople {
  width: number
  height: number
  people: Array<{ x: number; y: number; w: number; h: number; score: number }>
  /**
   * Where each person stands on the court plane (metres, the near baseline at y 0), null for
   * one off the court; absent or null when the court's lines were not found.
   */
  court?: Array<{ x: number; y: number } | null> | null
}

/** The video a picture was taken from, and when: to find the court its lines show. */
export interface PictureSource {
  video: string
  atSec: number
}

/**
 * Finds the people in a JPEG, and with its video where they stand on the court. In production
 * the analysis child processes run the person detector and the court's line search (their CPU
 * work never blocks the API); tests may pass another finder.
 */
export interface PeopleFinder {
  find(jpegFile: string, signal: AbortSignal, source?: PictureSource): Promise<StillPeople>
}

/** Longest side of the picture: the chat shows it a few hundred pixels wide. */
const FRAME_WIDTH = 1280
/** Upper bound of one attempt (one frame decoded, one picture searched). */
const FRAME_TIMEOUT_MS = 120_000
/** How long the picture's signed URL works; the chat asks again when it reloads. */
const FRAME_URL_TTL_SECONDS = 3600
/** Fewer people than this and the picture cannot help anyone tell who they are. */
const MIN_PLAYERS = 2
/** Boxes shorter than this share of the picture are people in the distance, not players. */
const MIN_HEIGHT_SHARE = 0.04
/** The net, in metres from the near baseline (an 8 × 16 m court). */
const NET_Y_M = 8

/** The picture's signed URL (an `<img>` sends no bearer token). */
export function frameUrlOf(signer: UploadUrlSigner, videoId: number, now: Date): string {
  const expires = new Date(now.getTime() + FRAME_URL_TTL_SECONDS * 1000)
  return `/api/v1/videos/${videoId}/identification/frame?${signer.signFrame(videoId, expires)}`
}

/** The picture sits next to the video, so account deletion (the player's prefix) takes it. */
export const frameKeyOf = (row: Pick<VideoRow, 'storageKey'>) =>
  `${row.storageKey}.identification.jpg`

/**
 * Some seconds into the match: the first frames are often black, a fade-in or the camera being
 * set up; far into a long video the players are no easier to see.
 */
export const frameTimeOf = (durationSec: number) =>
  Math.round(Math.min(30, Math.max(Math.min(1, durationSec / 2), durationSec * 0.2)) * 10) / 10

const round4 = (v: number) => Math.round(v * 10_000) / 10_000

type Found = StillPeople['people'][number]

/**
 * The (up to) four players of a picture, numbered as the chips below it count: with the court
 * found, only people standing on it or its margins (line judges, ball kids and the crowd are
 * not players), the surest four, the near pair first and each pair from left to right. Without
 * the court, the surest and largest people nearest the middle (cameras frame the court there,
 * and people at the sides are more often spectators), from left to right.
 */
export function numberPlayers(found: StillPeople): StoredIdentificationFrame['players'] {
  const { width, height } = found
  const centre = (p: Found) => p.x + p.w / 2
  const tall = found.people.filter((p) => p.h / height >= MIN_HEIGHT_SHARE)
  const onCourt = found.court
    ? found.people.flatMap((p, i) => {
        const at = found.court?.[i]
        return at ? [{ p, near: at.y < NET_Y_M }] : []
      })
    : []
  let chosen: Found[]
  if (onCourt.length >= MIN_PLAYERS) {
    chosen = onCourt
      .sort((a, b) => b.p.score - a.p.score)
      .slice(0, 4)
      .sort((a, b) => Number(b.near) - Number(a.near) || centre(a.p) - centre(b.p))
      .map((c) => c.p)
  } else {
    const weight = (p: Found) => p.score * p.h * (1 - 0.6 * Math.abs(centre(p) / width - 0.5))
    chosen = tall
      .sort((a, b) => weight(b) - weight(a))
      .slice(0, 4)
      .sort((a, b) => centre(a) - centre(b))
  }
  return chosen.map((p, i) => {
    const x = Math.max(0, p.x)
    const y = Math.max(0, p.y)
    return {
      number: i + 1,
      box: {
        x: round4(x / width),
        y: round4(y / height),
        w: round4(Math.min(p.x + p.w, width) / width - x / width),
        h: round4(Math.min(p.y + p.h, height) / height - y / height),
      },
    }
  })
}

/** The stored player a tapped box names: the same number and (almost) the same rectangle. */
export function matchPick(
  frame: StoredIdentificationFrame | null,
  number: number,
  box: FrameBox,
): StoredIdentificationFrame['players'][number] | null {
  const player = frame?.players.find((p) => p.number === number)
  if (!frame || frame.status !== 'ready' || !player) return null
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.01
  const b = player.box
  return close(b.x, box.x) && close(b.y, box.y) && close(b.w, box.w) && close(b.h, box.h)
    ? player
    : null
}

export interface IdentificationFramesDeps {
  db: Db
  store: VideosStore
  storage: VideoStorage
  finder: PeopleFinder
  signer: UploadUrlSigner
  clock: Clock
  log: { error(obj: object, msg: string): void }
}

/**
 * The picture a player looks at to say which player they are: one frame of the accepted video,
 * taken by a background job, with the people in it boxed and numbered.
 */
export class IdentificationFrames {
  private readonly db: Db
  private readonly store: VideosStore
  private readonly storage: VideoStorage
  private readonly finder: PeopleFinder
  private readonly signer: UploadUrlSigner
  private readonly clock: Clock
  private readonly log: { error(obj: object, msg: string): void }

  constructor(deps: IdentificationFramesDeps) {
    ;({
      db: this.db,
      store: this.store,
      storage: this.storage,
      finder: this.finder,
      signer: this.signer,
      clock: this.clock,
      log: this.log,
    } = deps)
  }

  /** Job `videos.frame`: once per accepted video; a failure leaves the chips only. */
  async prepare(videoId: number, signal?: AbortSignal): Promise<void> {
    const row = await this.store.findById(this.db, videoId)
    if (!row || row.status !== 'AWAITING_IDENTIFICATION' || row.identificationFrame) return
    const atSec = frameTimeOf(row.probe?.duration_seconds ?? 0)
    const limit = AbortSignal.timeout(FRAME_TIMEOUT_MS)
    const bounded = signal ? AbortSignal.any([signal, limit]) : limit
    let frame: StoredIdentificationFrame = { status: 'unavailable', key: null, atSec, players: [] }
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'areia-frame-'))
    try {
      const jpeg = path.join(dir, 'frame.jpg')
      const input = await this.storage.probeTarget(row.storageKey)
      await run(
        FFMPEG,
        // Input seeking lands on the exact time (it decodes from the keyframe before it).
        ['-v', 'error', '-y', '-ss', String(atSec), '-i', input, '-frames:v', '1'].concat([
          '-vf',
          `scale='min(${FRAME_WIDTH},iw)':-2`,
          '-q:v',
          '3',
          jpeg,
        ]),
        { signal: bounded },
      )
      // Kept even when nobody can be told apart in it: it is also the match's picture in
      // Meus Vídeos.
      const key = frameKeyOf(row)
      await putFile(this.storage, key, jpeg)
      frame = { ...frame, key }
      // The children may all be busy with analyses: the picture is not waited for past the bound.
      const people = this.finder.find(jpeg, bounded, { video: input, atSec })
      const players = numberPlayers(await untilAborted(people, bounded))
      if (players.length >= MIN_PLAYERS) frame = { status: 'ready', key, atSec, players }
    } catch (err) {
      this.log.error({ err, videoId }, 'videos: identification frame failed')
    } finally {
      await fsp.rm(dir, { recursive: true, force: true })
    }
    const updated = await this.store.update(
      this.db,
      videoId,
      { identificationFrame: frame, updatedAt: this.clock.now() },
      ['AWAITING_IDENTIFICATION', 'QUEUED'],
    )
    // Cancelled while the job ran: the picture goes with the video.
    if (!updated && frame.key) await this.storage.delete(frame.key).catch(() => undefined)
  }

  async view(userId: string, videoId: number): Promise<IdentificationFrame> {
    const row = await this.store.find(this.db, userId, videoId)
    if (!row) throw notFound(ERRORS.notFound)
    const frame = row.identificationFrame
    if (!frame) {
      // Only a video still waiting for its player gets a picture made.
      const status = row.status === 'AWAITING_IDENTIFICATION' ? 'pending' : 'unavailable'
      return { status, frame_url: null, players: [] }
    }
    if (frame.status !== 'ready' || !frame.key) {
      return { status: 'unavailable', frame_url: null, players: [] }
    }
    return {
      status: 'ready',
      frame_url: frameUrlOf(this.signer, videoId, this.clock.now()),
      players: frame.players,
    }
  }

  /** The picture, for a signed URL (an `<img>` sends no bearer token). */
  /** Download links of a player's identification pictures, until `expiresAt` (data export). */
  async exportFiles(userId: string, expiresAt: Date): Promise<ExportFile[]> {
    const rows = await this.store.list(this.db, userId)
    return rows
      .filter((row) => row.identificationFrame?.key)
      .map((row) => ({
        kind: 'identification_picture' as const,
        video_id: row.id,
        part: null,
        content_type: 'image/jpeg',
        url: `/api/v1/videos/${row.id}/identification/frame?${this.signer.signFrame(row.id, expiresAt)}`,
        expires_at: expiresAt.toISOString(),
      }))
  }

  async open(videoId: number, expires?: string, signature?: string): Promise<Readable> {
    const verdict = this.signer.verifyFrame(videoId, expires, signature, this.clock.now())
    if (verdict === 'invalid')
      throw new AppError(403, ERRORS.badFrameUrl, { code: 'frame_url_invalid' })
    if (verdict === 'expired')
      throw new AppError(403, ERRORS.expiredFrameUrl, { code: 'frame_url_expired' })
    const row = await this.store.findById(this.db, videoId)
    const key = row?.identificationFrame?.key
    if (!row || row.status === 'CANCELLED' || !key) throw notFound(ERRORS.notFound)
    return this.storage.open(key)
  }
}

/** Writes a whole object through the resumable-upload interface every storage offers. */
async function putFile(storage: VideoStorage, key: string, file: string): Promise<void> {
  const { size } = await fsp.stat(file)
  const session = await storage.begin(key)
  await storage.append(key, session, 0, fs.createReadStream(file), size)
  await storage.finish(key, session)
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}
