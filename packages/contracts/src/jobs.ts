import { z } from 'zod'
import { PushPayload } from './notifications'

/**
 * Every background job by name, with the schema of its payload (STYLE §5): the API only
 * enqueues; workers parse the payload with the same schema before acting.
 */
export const JobPayloads = {
  /** Deliver one e-mail through the configured mailer, with retries. */
  'mail.send': z.object({
    to: z.email(),
    subject: z.string().min(1).max(200),
    text: z.string().min(1).max(20_000),
  }),
  /** Deliver one notification to one browser subscription, with retries on 5xx and 429. */
  'push.send': z.object({ subscription_id: z.number().int(), payload: PushPayload }),
  /**
   * Hourly billing sweep: PIX renewal codes 3 days ahead, stored cards charged at the period's
   * end, failed renewals past due, and access ended after a cancel or the grace (back to FREE).
   */
  'billing.expire': z.object({}),
  /** Fetch a shared link (Drive, Dropbox…) into storage, then run the quality gate. */
  'videos.import': z.object({ video_id: z.number().int() }),
} as const

export type JobName = keyof typeof JobPayloads
export type JobPayload<N extends JobName> = z.infer<(typeof JobPayloads)[N]>
