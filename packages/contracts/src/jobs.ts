import { z } from 'zod'
import { ChatAction } from './chat'
import { Archetype } from './coaching'
import { PushPayload } from './notifications'

const VideoRun = { video_id: z.number().int().positive(), run: z.number().int().positive() }

/**
 * Every background job by name, with the schema of its payload: the API only
 * enqueues; workers parse the payload with the same schema before acting.
 */
export const JobPayloads = {
  /**
   * Dead letter of the analysis queues (declared first: the others name it). A step that failed
   * after all its retries lands here with the step's payload; the analysis goes to FAILED.
   */
  'analysis.failed': z.object({ ...VideoRun, index: z.number().int().min(0).optional() }),
  /** Probe the video, propose court corners (unless given), plan the chunks and enqueue them. */
  'analysis.run': z.object(VideoRun),
  /** Analyse one chunk of the video (players, rallies, ball) in a child process. */
  'analysis.chunk': z.object({ ...VideoRun, index: z.number().int().min(0) }),
  /** Every chunk done: merge, heatmaps, clips and highlights, then the analyst's review. */
  'analysis.finish': z.object(VideoRun),
  /** Dead letter of `mail.deliver` (declared first: it names it): the e-mail is marked FAILED. */
  'mail.dead': z.object({ outbox_id: z.number().int().positive() }),
  /** Send one outbox e-mail over SMTP; a failure is retried with back-off. */
  'mail.deliver': z.object({ outbox_id: z.number().int().positive() }),
  /** Queue one plain e-mail in the outbox (the push fallback's way in). */
  'mail.send': z.object({
    to: z.email(),
    subject: z.string().min(1).max(200),
    text: z.string().min(1).max(20_000),
  }),
  /**
   * A turn of a player's conversation, run by whichever worker takes it, one player's turns one
   * at a time across every node: the coaches' reply to a stored message (read back from the
   * database, with every other message still owed), the host's word when a socket opens, the
   * team's introductions, or messages another module puts in the chat.
   */
  'chat.reply': z.discriminatedUnion('turn', [
    z.object({
      turn: z.literal('message'),
      user_id: z.uuid(),
      message_id: z.number().int().positive(),
    }),
    z.object({ turn: z.enum(['connected', 'introductions']), user_id: z.uuid() }),
    z.object({
      turn: z.literal('post'),
      user_id: z.uuid(),
      messages: z
        .array(
          z.object({
            text: z.string().min(1).max(20_000),
            actions: z.array(ChatAction).optional(),
            as: z.union([z.literal('host'), Archetype]).optional(),
          }),
        )
        .min(1)
        .max(20),
    }),
  ]),
  /** Deliver one notification to one browser subscription, with retries on 5xx and 429. */
  'push.send': z.object({ subscription_id: z.number().int(), payload: PushPayload }),
  /**
   * Hourly billing sweep: PIX renewal codes 3 days ahead, stored cards charged at the period's
   * end, failed renewals past due, and access ended after a cancel or the grace (back to FREE).
   */
  'billing.expire': z.object({}),
  /** Fetch a shared link (Drive, Dropbox…) into storage, then run the quality gate. */
  'videos.import': z.object({ video_id: z.number().int() }),
  /** One frame of an accepted video with its players boxed, for the player to say who they are. */
  'videos.frame': z.object({ video_id: z.number().int() }),
  /**
   * Every few minutes: identified videos whose analysis never started (the process died between
   * the player's answer and the job, or between the job's row and its send) are started again.
   */
  'analysis.sweep': z.object({}),
  /** After account deletions (embedded database): rewrite the files that still hold their bytes. */
  'erasure.compact': z.object({}),
  /** Daily: records kept after account deletions (fiscal, sign-in) leave once past their date. */
  'retention.purge': z.object({}),
  /**
   * A report was just published: the statistical coach compares it with the match before and
   * moves the training plan's focus where a figure fell (once per report, however often it runs).
   */
  'progress.report': z.object({ user_id: z.uuid(), video_id: z.number().int().positive() }),
  /**
   * Every quarter of an hour: the players whose Monday morning it is get the week's summary
   * (once per week, however often it runs).
   */
  'progress.weekly': z.object({}),
} as const

export type JobName = keyof typeof JobPayloads
export type JobPayload<N extends JobName> = z.infer<(typeof JobPayloads)[N]>
