import {
  bigint,
  date,
  boolean,
  serial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { VideoSource, VideoStatus, type VideoProbe } from '@areia/contracts'
import { values, createdAt } from '../../db/columns'
import { users } from '../users/tables'

export const videoSourceEnum = pgEnum('video_source', values(VideoSource.options))
export const videoStatusEnum = pgEnum('video_status', values(VideoStatus.options))

/** The picture shown to say who the player is. */
export interface StoredIdentificationFrame {
  status: 'ready' | 'unavailable'
  /** Storage key of the JPEG (kept even when unavailable); null when none could be taken. */
  key: string | null
  atSec: number
  players: Array<{ number: number; box: { x: number; y: number; w: number; h: number } }>
}

export interface StoredPlayerPick {
  number: number
  box: { x: number; y: number; w: number; h: number }
  atSec: number
}

/** A reading of the game's date and result that the player has not confirmed yet. */
export interface StoredGameDraft {
  date: string | null
  week: string | null
  outcome: 'WON' | 'LOST' | null
  score: string | null
}

/** A match video: one game per video. The file lives in the storage adapter under `storageKey`. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: videoSourceEnum('source').notNull(),
    status: videoStatusEnum('status').notNull().default('UPLOADING'),
    contentType: text('content_type'),
    storageKey: text('storage_key').notNull(),
    /** The storage's handle of an upload in progress (S3 multipart upload id). */
    storageSession: text('storage_session'),
    /** The share link as the player sent it, and the direct download we derived from it. */
    sourceUrl: text('source_url'),
    downloadUrl: text('download_url'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    probe: jsonb('probe').$type<VideoProbe>(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    /** The chips' answer: the player's place in the order of the first touch on the ball (1–4). */
    playerIdentifier: integer('player_identifier'),
    /** The picture shown to say who the player is: its file, time and numbered boxes. */
    identificationFrame: jsonb('identification_frame').$type<StoredIdentificationFrame>(),
    /** The box the player tapped on that picture (a person in one frame, not a first-touch place). */
    playerPick: jsonb('player_pick').$type<StoredPlayerPick>(),
    /** Set while the player's next chat message is read as the game's date and result. */
    awaitingGameInfo: boolean('awaiting_game_info').notNull().default(false),
    /** What the player read back and confirmed ("confere"): the day, or the week's Monday. */
    gameDate: date('game_date'),
    gameWeek: date('game_week'),
    gameOutcome: text('game_outcome').$type<'WON' | 'LOST'>(),
    /** The sets, player's team first ("4/6 6/3 [4/10]"). */
    gameScore: text('game_score'),
    /** Read from the player's answer and shown back to be confirmed or corrected. */
    gameDraft: jsonb('game_draft').$type<StoredGameDraft>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the video passed the quality gate and counted against the month's allowance. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('videos_user_created_idx').on(t.userId, t.createdAt)],
)
