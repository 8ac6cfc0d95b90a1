import { z } from 'zod'
import { INT4_MAX } from './integers'

/** GCS is a file sent from the device; the others are share links the server fetches. */
export const VideoSource = z.enum(['GCS', 'GOOGLE_DRIVE', 'GOOGLE_PHOTOS', 'DROPBOX', 'ICLOUD'])
export type VideoSource = z.infer<typeof VideoSource>

export const LinkSource = VideoSource.exclude(['GCS'])
export type LinkSource = z.infer<typeof LinkSource>

/**
 * The lifecycle of a video. CANCELLED videos (cancelled or deleted by the player) keep a row
 * without a file, so a month's allowance cannot be refilled by deleting analysed videos.
 */
export const VideoStatus = z.enum([
  'UPLOADING',
  'AWAITING_IDENTIFICATION',
  'QUEUED',
  'ANALYZING',
  'IN_REVIEW',
  'READY',
  'FAILED',
  'CANCELLED',
])
export type VideoStatus = z.infer<typeof VideoStatus>

export const UploadUrlBody = z.object({
  content_type: z
    .string({ error: 'Informe o tipo do arquivo (content_type).' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Informe o tipo do arquivo (content_type).' })
    .max(100),
})
export type UploadUrlBody = z.infer<typeof UploadUrlBody>

/**
 * `upload_url` speaks Google Cloud Storage's resumable-upload protocol: PUT the whole file, or
 * chunks with `Content-Range: bytes a-b/N`; `308` with `Range: bytes=0-x` means "send from x+1";
 * an empty PUT whose Content-Range has a star for the range (and the total N) asks how much
 * arrived.
 */
export const UploadUrlResponse = z.object({
  upload_url: z.string(),
  video_id: z.number().int(),
  /** When the URL stops accepting bytes (ISO 8601). */
  expires_at: z.string(),
  /** Largest file accepted, in bytes. */
  max_bytes: z.number().int(),
})
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>

export const FromLinkBody = z.object({
  url: z
    .string({ error: 'Por favor, insira uma URL válida.' })
    .trim()
    .max(2048, { error: 'Por favor, insira uma URL válida.' })
    .pipe(z.url({ protocol: /^https?$/, error: 'Por favor, insira uma URL válida.' })),
  source: LinkSource,
})
export type FromLinkBody = z.infer<typeof FromLinkBody>

export const FromLinkResponse = z.object({ id: z.number().int() })
export type FromLinkResponse = z.infer<typeof FromLinkResponse>

export const PLAYER_LABELS = ['1º jogador', '2º jogador', '3º jogador', '4º jogador'] as const

/**
 * The chip's `value` ("2º jogador"), or the position as a number or numeric string (1–4); the
 * server keeps the position.
 */
export const IdentifyBody = z.object({
  player_identifier: z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const text = String(v).toLowerCase()
    const label = PLAYER_LABELS.findIndex((l) => l === text)
    const position = label >= 0 ? label + 1 : /^[1-4]$/.test(text) ? Number(text) : 0
    if (position === 0) {
      ctx.addIssue({ code: 'custom', message: 'Escolha um jogador de 1º a 4º.' })
      return z.NEVER
    }
    return position
  }),
})
export type IdentifyBody = z.input<typeof IdentifyBody>

/** A rectangle in a picture, as shares (0–1) of its width and height from the top left. */
export const FrameBox = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().gt(0).max(1),
    h: z.number().gt(0).max(1),
  })
  .refine((b) => b.x + b.w <= 1.001 && b.y + b.h <= 1.001, {
    error: 'A marcação do jogador está fora da foto.',
  })
export type FrameBox = z.infer<typeof FrameBox>

/**
 * `picked_box` is the box the player tapped on the identification picture, and then
 * `player_identifier` is that box's number in the picture. Without it, the chip's place in the
 * first-touch order, unless the picture is ready: the chips then follow its numbers.
 */
export const IdentifyRequest = IdentifyBody.extend({ picked_box: FrameBox.optional() })
export type IdentifyRequest = z.input<typeof IdentifyRequest>

export const IdentificationStatus = z.enum(['pending', 'ready', 'unavailable'])
export type IdentificationStatus = z.infer<typeof IdentificationStatus>

/**
 * One frame of the video with the players found in it (on the court, when its lines were found),
 * numbered 1–4, the near pair first and each pair from left to right:
 * `pending` until it is made, `unavailable` when fewer than two people were found (the chips
 * still work). `frame_url` is signed and short-lived; null unless ready.
 */
export const IdentificationFrame = z.object({
  status: IdentificationStatus,
  frame_url: z.string().nullable(),
  players: z.array(z.object({ number: z.number().int().min(1).max(4), box: FrameBox })),
})
export type IdentificationFrame = z.infer<typeof IdentificationFrame>

export const IdentifyResponse = z.object({ game_info_request_triggered: z.boolean() })
export type IdentifyResponse = z.infer<typeof IdentifyResponse>

export const VideoIdParams = z.object({
  id: z.coerce.number().int().min(1).max(INT4_MAX),
})

export const GameOutcome = z.enum(['WON', 'LOST'])
export type GameOutcome = z.infer<typeof GameOutcome>

export const GAME_OUTCOME_LABEL: Record<GameOutcome, string> = { WON: 'Vitória', LOST: 'Derrota' }

/** What the quality gate measured (ffprobe). */
export const VideoProbe = z.object({
  container: z.string(),
  codec: z.string(),
  duration_seconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  fps: z.number(),
})
export type VideoProbe = z.infer<typeof VideoProbe>

/** One row of "Meus Vídeos" (id, upload_timestamp, status), with what its card shows. */
export const Video = z.object({
  id: z.number().int(),
  upload_timestamp: z.string(),
  status: VideoStatus,
  source: VideoSource,
  /** Why the video was refused or could not be fetched (FAILED only). */
  failure_reason: z.string().nullable(),
  /** Quality warnings that did not stop the video (low resolution, low fps). */
  warnings: z.array(z.string()),
  player_identifier: z.number().int().min(1).max(4).nullable(),
  /** The game's day (YYYY-MM-DD), as the player confirmed it. */
  game_date: z.string().nullable(),
  /** The Monday of the game's week, when the player named the week and not the day. */
  game_week: z.string().nullable(),
  game_outcome: GameOutcome.nullable(),
  /** The sets, player's team first: "4/6 6/3 [4/10]" (see game-result.ts). */
  game_score: z.string().nullable(),
  probe: VideoProbe.nullable(),
  /**
   * A frame of the match (the picture taken for identification, or the analysis' court frame),
   * signed and short-lived; null until one exists.
   */
  thumbnail_url: z.string().nullable(),
  /** The uploaded file itself, signed and short-lived; null before it arrived or once refused. */
  video_url: z.string().nullable(),
  /** How far the computer vision got (ANALYZING only). */
  analysis_percent: z.number().int().min(0).max(100).nullable(),
  /**
   * When the report is promised (ISO): the plan's turnaround from the moment the analysis could
   * start, as the analysts' queue promises it; null before that or once it ended.
   */
  due_at: z.string().nullable(),
  /** The automatic pass could not read the video: an analyst adjusts it, within the same promise. */
  needs_analyst: z.boolean(),
  /** A refused video does not use the month's allowance (false unless FAILED). */
  allowance_returned: z.boolean(),
})
export type Video = z.infer<typeof Video>

export const VideoList = z.array(Video)
export type VideoList = z.infer<typeof VideoList>

export const AwaitingIdentificationItem = z.object({
  id: z.number().int(),
  upload_timestamp: z.string(),
})
export const AwaitingIdentificationList = z.array(AwaitingIdentificationItem)
export type AwaitingIdentificationList = z.infer<typeof AwaitingIdentificationList>
