import { z } from 'zod'
import { ProgressMatch } from './progress'
import { Profile } from './users'

/**
 * `GET /api/v1/users/me/export` (LGPD art. 18 II and V): everything the product keeps about the
 * player, as one JSON document they can read or take elsewhere. Secrets stay out: password and
 * refresh-token hashes, push encryption keys, card tokens and the gateway's stored-card id.
 * Money is in reais, times are ISO 8601 (UTC).
 */

const time = z.string()
const maybeTime = time.nullable()
/** Stored as JSON by the engine or the pipeline; exported as it is. */
const json = z.unknown()

export const ExportAccount = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  payment_status: z.string(),
  onboarding_status: z.string(),
  /** Whether the account has a password (Google-only accounts have none); never the hash. */
  has_password: z.boolean(),
  created_at: time,
  updated_at: time,
})

export const ExportSession = z.object({
  id: z.string(),
  created_at: time,
  last_used_at: time,
  expires_at: time,
  revoked_at: maybeTime,
  revoked_reason: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
})

export const ExportIdentity = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  created_at: time,
})

export const ExportCoach = z.object({
  id: z.string(),
  name: z.string(),
  archetype: z.string(),
  position: z.number().int(),
  persona: json,
  created_at: time,
})

export const ExportChatMessage = z.object({
  id: z.number().int(),
  sender_type: z.string(),
  /** The coach, Agent Store partner or host who wrote it; null for the player's own messages. */
  sender_name: z.string().nullable(),
  coach_id: z.string().nullable(),
  partner_slug: z.string().nullable(),
  content: z.string(),
  actions: json,
  suggestions: json,
  created_at: time,
})

export const ExportMemoryFact = z.object({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  sentence: z.string().nullable(),
  details: json,
  source: z.string(),
  created_at: time,
  updated_at: time,
})

export const ExportPartner = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  added_at: time,
})

export const ExportOrder = z.object({
  id: z.string(),
  plan: z.string(),
  billing_cycle: z.string(),
  amount: z.number(),
  coupon_code: z.string().nullable(),
  payment_method: z.string(),
  status: z.string(),
  renewal: z.boolean(),
  gateway_order_id: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: time,
  paid_at: maybeTime,
  refunded_at: maybeTime,
})

export const ExportSubscription = z.object({
  plan: z.string(),
  billing_cycle: z.string(),
  status: z.string(),
  payment_method: z.string(),
  card_holder: z.string().nullable(),
  started_at: time,
  expires_at: time,
  canceled_at: maybeTime,
  grace_until: maybeTime,
})

export const ExportCouponRedemption = z.object({
  code: z.string(),
  discount_percentage: z.number().int(),
  redeemed_at: time,
})

export const ExportWaitlistEntry = z.object({
  plan: z.string(),
  billing_cycle: z.string(),
  final_price: z.number(),
  coupon_code: z.string().nullable(),
  created_at: time,
  invited_at: maybeTime,
})

export const ExportPushSubscription = z.object({
  endpoint: z.string(),
  user_agent: z.string().nullable(),
  created_at: time,
  last_success_at: maybeTime,
})

export const ExportVideo = z.object({
  id: z.number().int(),
  source: z.string(),
  status: z.string(),
  content_type: z.string().nullable(),
  size_bytes: z.number().nullable(),
  source_url: z.string().nullable(),
  probe: json,
  warnings: z.array(z.string()),
  failure_reason: z.string().nullable(),
  player_identifier: z.number().int().nullable(),
  /** The person the player tapped on the identification picture, when they tapped one. */
  player_pick: json,
  game_date: z.string().nullable(),
  /** The Monday of the game's week, when the player named the week, not the day. */
  game_week: z.string().nullable(),
  game_outcome: z.string().nullable(),
  game_score: z.string().nullable(),
  /** A reading of the date and result read back to the player and not confirmed. */
  game_draft: json,
  created_at: time,
  accepted_at: maybeTime,
})

export const ExportAnalysis = z.object({
  video_id: z.number().int(),
  stage: z.string(),
  percent: z.number(),
  court_corners: json,
  /** The player the analysis follows (track 1–4). */
  player_track_id: z.number().int().nullable(),
  /** The pipeline's figures: distances, speeds, court zones, rallies. */
  result: json,
  /** Names of the files made (keyframe, heatmaps, clips), kept in storage. */
  artifacts: json,
  problem: z.string().nullable(),
  report_markdown: z.string(),
  /** The analyst's point-by-point tags of the match, when it was tagged. */
  match_tags: z.object({ tags: json, revision: z.number().int(), saved_at: time }).nullable(),
  published_at: maybeTime,
  report_seen_at: maybeTime,
  created_at: time,
  updated_at: time,
})

/** An operator's change that concerned the player (the operator is not named). */
export const ExportAuditEntry = z.object({
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: json,
  created_at: time,
})

export const ExportEmail = z.object({
  subject: z.string(),
  body: z.string(),
  created_at: time,
  sent_at: maybeTime,
})

/**
 * A file the product keeps for the player, as a download link: the match video as sent, its
 * identification picture, and what the analysis made of it (court picture, heatmaps, clips).
 * The links open without signing in and stop working at `expires_at` (a day).
 */
export const ExportFile = z.object({
  kind: z.enum(['video', 'identification_picture', 'keyframe', 'heatmap', 'clip', 'highlights']),
  video_id: z.number().int(),
  /** The tracked player of a heatmap (1–4), the rally of a clip; null for the others. */
  part: z.number().int().nullable(),
  content_type: z.string(),
  url: z.string(),
  expires_at: time,
})
export type ExportFile = z.infer<typeof ExportFile>

export const DataExport = z.object({
  format: z.literal('areia-dados/1'),
  generated_at: time,
  account: ExportAccount,
  profile: Profile,
  sessions: z.array(ExportSession),
  identities: z.array(ExportIdentity),
  onboarding: z.object({ state: json, updated_at: time }).nullable(),
  /** The training week the statistical coach built and saved. */
  training_plan: z.object({ plan: json, updated_at: time }).nullable(),
  /**
   * Minha evolução: each analysed match's figures (computed from the reports above, not stored
   * apart), and which progress messages the coaches sent unprompted.
   */
  progress: z.object({
    matches: z.array(ProgressMatch),
    notes: z.array(
      z.object({
        kind: z.string(),
        key: z.string(),
        sent_at: time,
        /** A follow-up's answer from its chips ('done', 'missed'); null when not known. */
        outcome: z.string().nullable(),
      }),
    ),
    /** Which unprompted messages the player switched on or off; null while the defaults. */
    preferences: z
      .object({
        follow_ups: z.boolean(),
        weekly_chat: z.boolean(),
        weekly_push: z.boolean(),
        weekly_email: z.boolean(),
        updated_at: time,
      })
      .nullable(),
    /** The figures the player chose to follow their goal; null while they are the default. */
    goal_figures: z.array(z.string()).nullable(),
  }),
  coaches: z.array(ExportCoach),
  chat_messages: z.array(ExportChatMessage),
  memory_facts: z.array(ExportMemoryFact),
  partner_agents: z.array(ExportPartner),
  orders: z.array(ExportOrder),
  subscription: ExportSubscription.nullable(),
  coupon_redemptions: z.array(ExportCouponRedemption),
  waiting_list: z.array(ExportWaitlistEntry),
  push_subscriptions: z.array(ExportPushSubscription),
  videos: z.array(ExportVideo),
  analyses: z.array(ExportAnalysis),
  audit_entries: z.array(ExportAuditEntry),
  emails: z.array(ExportEmail),
  /** Download links of the player's own files, valid for a day from `generated_at`. */
  files: z.array(ExportFile),
})
export type DataExport = z.infer<typeof DataExport>
