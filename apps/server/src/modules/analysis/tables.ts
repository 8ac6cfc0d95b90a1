import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { AnalysisStage, type CourtCorners, type MatchTags } from '@areia/contracts'
import { values, createdAt } from '../../db/columns'
import { users } from '../users/tables'
import { videos } from '../videos/tables'

export const analysisStageEnum = pgEnum('analysis_stage', values(AnalysisStage.options))

/**
 * One video's analysis: the pipeline's merged result (vision's AnalysisResult, with the analyst's
 * identity swaps applied), the analyst's review and the published report. `run` grows with every
 * (re)analysis so results of a superseded run are ignored.
 */
export const videoAnalyses = pgTable(
  'video_analyses',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    stage: analysisStageEnum('stage').notNull().default('QUEUED'),
    percent: integer('percent').notNull().default(0),
    run: integer('run').notNull().default(1),
    corners: jsonb('corners').$type<CourtCorners>(),
    cornersSource: text('corners_source').$type<'proposed' | 'confirmed'>(),
    /** vision's merged AnalysisResult (JSON); null until the pipeline finishes. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Storage keys of what the pipeline made: keyframe, heatmaps, clips, highlights. */
    artifacts: jsonb('artifacts').$type<Record<string, unknown>>().notNull().default({}),
    /** Why the pipeline could not analyse it (pt-BR), for the analyst. */
    problem: text('problem'),
    /** Why the job failed after its retries (technical, for operators). */
    failure: text('failure'),
    playerTrackId: integer('player_track_id'),
    reportMarkdown: text('report_markdown').notNull().default(''),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When `POST /chat/check-for-report` handed this report to the player. */
    reportSeenAt: timestamp('report_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_analyses_stage_idx').on(t.stage)],
)

/** A slice of a long video analysed by one worker; merged when every chunk of the run is done. */
export const analysisChunks = pgTable(
  'analysis_chunks',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videoAnalyses.videoId, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    index: integer('index').notNull(),
    fromSec: integer('from_sec').notNull(),
    toSec: integer('to_sec').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.run, t.index] })],
)

/**
 * The analyst's point-by-point tags of a video (contracts' MatchTags, parsed on every write).
 * `revision` grows with every save, so an older console tab cannot overwrite a newer one.
 */
export const matchTags = pgTable('match_tags', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  tags: jsonb('tags').$type<MatchTags>().notNull(),
  revision: integer('revision').notNull(),
  savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
})
