import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  date,
  boolean,
  serial,
  uniqueIndex,
  customType,
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
import {
  Archetype,
  BillingCycle,
  type ChatAction,
  DominantHand,
  Gender,
  OnboardingStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PlayerCategory,
  Role,
  SenderType,
  SubscriptionStatus,
  UserStatus,
  VideoSource,
  VideoStatus,
  type VideoProbe,
  AnalysisStage,
  type CourtCorners,
  type MatchTags,
  type MemoryFactKind,
} from '@areia/contracts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/** zod 4 types enum options as an array; Drizzle wants a non-empty tuple. */
const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]]

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const roleEnum = pgEnum('role', values(Role.options))
export const userStatusEnum = pgEnum('user_status', values(UserStatus.options))
export const paymentStatusEnum = pgEnum('payment_status', values(PaymentStatus.options))
export const onboardingStatusEnum = pgEnum('onboarding_status', values(OnboardingStatus.options))
export const playerCategoryEnum = pgEnum('player_category', values(PlayerCategory.options))
export const dominantHandEnum = pgEnum('dominant_hand', values(DominantHand.options))
export const genderEnum = pgEnum('gender', values(Gender.options))
export const billingCycleEnum = pgEnum('billing_cycle', values(BillingCycle.options))
export const orderStatusEnum = pgEnum('order_status', values(OrderStatus.options))
export const paymentMethodEnum = pgEnum('payment_method', values(PaymentMethod.options))
export const subscriptionStatusEnum = pgEnum(
  'subscription_status',
  values(SubscriptionStatus.options),
)
export const archetypeEnum = pgEnum('archetype', values(Archetype.options))
export const senderTypeEnum = pgEnum('sender_type', values(SenderType.options))
export const videoSourceEnum = pgEnum('video_source', values(VideoSource.options))
export const videoStatusEnum = pgEnum('video_status', values(VideoStatus.options))

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-cased (the service normalises), so a plain unique index suffices. */
  email: text('email').notNull().unique(),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  name: text('name'),
  role: roleEnum('role').notNull().default('USER'),
  status: userStatusEnum('status').notNull().default('ACTIVE'),
  paymentStatus: paymentStatusEnum('payment_status').notNull().default('FREE'),
  onboardingStatus: onboardingStatusEnum('onboarding_status').notNull().default('NOT_STARTED'),
  /** When the player proved the address is theirs (a link sent there, or Google saying so). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per user: billing fields and the coaching profile. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  selectedPlanName: text('selected_plan_name'),
  /**
   * The full name the billing form asks for (card holder, payer): billing uses it; the app and
   * the coaches keep calling the player by `users.name`, the name chosen when signing up.
   */
  billingName: text('billing_name'),
  taxId: text('tax_id'),
  addressStreet: text('address_street'),
  addressNumber: text('address_number'),
  addressComplement: text('address_complement'),
  addressNeighborhood: text('address_neighborhood'),
  addressCity: text('address_city'),
  addressRegionCode: text('address_region_code'),
  addressPostalCode: text('address_postal_code'),
  category: playerCategoryEnum('category'),
  heightCm: integer('height_cm'),
  dominantHand: dominantHandEnum('dominant_hand'),
  gender: genderEnum('gender'),
  /** Free text from onboarding: what the player wants from their game. */
  goal: text('goal'),
  goalFocus: text('goal_focus'),
  /** Training sessions a week, as the onboarding understood the answer. */
  trainingPerWeek: integer('training_per_week'),
  /** CBT age group (Sub-14, 40+…), when the player gave one. */
  ageGroup: text('age_group'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A login session, which is also the refresh-token family of RFC 9700: every refresh token
 * minted from one login belongs to it, and revoking it ends them all (and the access tokens,
 * which carry its id as `sid`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Refresh tokens are stored only as SHA-256 hashes. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token is exchanged; a second exchange after the grace window is theft. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

/**
 * Single-use links sent by e-mail (password reset, address confirmation), stored only as
 * SHA-256 hashes. `email` is the address the link proves (a new one, for an address change).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'PASSWORD_RESET' | 'EMAIL_CONFIRM'>().notNull(),
    /**
     * SHA-256 of a link's token. Null on the grant an e-mail is queued with: each delivery mints
     * a token of its own into a sibling row, so no usable token waits in the outbox.
     */
    tokenHash: bytea('token_hash').unique(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
)

/** Server-generated secrets (e.g. the JWT key when JWT_SECRET is unset), shared by every node. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: createdAt(),
})

/** A player's exclusive team: three coaches whose names and voices are theirs alone. */
export const coaches = pgTable(
  'coaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    archetype: archetypeEnum('archetype').notNull(),
    /** The engine's persona (voice, traits), kept so the coach stays the same person. */
    persona: jsonb('persona').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coaches_user_idx').on(t.userId)],
)

/**
 * Agent Store partners. Seeded from the coach engine's catalogue on start (missing slugs only),
 * then data: operators edit name, avatar, texts and knowledge, or hide a partner.
 */
export const partnerAgents = pgTable('partner_agents', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  sampleQuestion: text('sample_question').notNull(),
  sampleAnswer: text('sample_answer').notNull(),
  /** The engine's persona and knowledge topics (`PartnerKnowledge` of packages/coach). */
  knowledge: jsonb('knowledge').notNull(),
  /** Hidden partners leave the store and stop answering; rows stay for history. */
  hidden: boolean('hidden').notNull().default(false),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Partners a player added to their conversation; the plan's `partner_agent_limit` caps them. */
export const userPartnerAgents = pgTable(
  'user_partner_agents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partnerAgents.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] })],
)

/** What the team remembers about a player beyond the profile; the player edits or deletes it. */
export const memoryFacts = pgTable(
  'memory_facts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the fact is about; facts written before kinds existed are OUTRO. */
    kind: text('kind').$type<MemoryFactKind>().notNull().default('OUTRO'),
    /** Within a kind, a newer fact with the same key replaces the older (one racket, one partner). */
    key: text('key'),
    text: text('text').notNull(),
    /** Details the coaches use (a tournament's date, the injured body part), read from `text`. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The player's sentence it was noted from; null when written on the memory screen. */
    sentence: text('sentence'),
    source: text('source').$type<'PLAYER' | 'CHAT'>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_facts_user_idx').on(t.userId)],
)

/**
 * Every chat message, stored before it is sent. The bigserial id orders a player's messages
 * and is the cursor a reconnecting client catches up from.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderType: senderTypeEnum('sender_type').notNull(),
    coachId: uuid('coach_id').references(() => coaches.id, { onDelete: 'set null' }),
    /** Set when an Agent Store partner wrote it; the partner's name and avatar come from its row. */
    partnerId: integer('partner_id').references(() => partnerAgents.id, { onDelete: 'set null' }),
    /** Shown name when there is no coach row (the onboarding host). */
    senderName: text('sender_name'),
    content: text('content').notNull(),
    actions: jsonb('actions').$type<ChatAction[]>(),
    suggestions: jsonb('suggestions').$type<string[]>(),
    /**
     * The player's message this one answers and its place in that answer: a turn run again after
     * its worker died writes each part of the answer at most once.
     */
    replyTo: bigint('reply_to', { mode: 'number' }),
    replyIndex: integer('reply_index'),
    /**
     * The id the player's device gave its message: a message sent again after a lost connection
     * (the device's outbox) is stored once, and its echo still tells the device it arrived.
     */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_user_id_idx').on(t.userId, t.id),
    uniqueIndex('chat_messages_reply_idx').on(t.replyTo, t.replyIndex),
    uniqueIndex('chat_messages_client_idx').on(t.userId, t.clientId),
  ],
)

/**
 * Who is running a player's conversation turns now (one worker at a time across nodes, until
 * `held_until` unless renewed) and how far the player's messages have been answered.
 */
export const chatTurns = pgTable('chat_turns', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  holder: text('holder'),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  /** The player's message whose turn started last: found again, that turn was cut off. */
  turnMessageId: bigint('turn_message_id', { mode: 'number' }),
  /** Every player message up to this id has had its turn. */
  answeredThrough: bigint('answered_through', { mode: 'number' }).notNull().default(0),
})

/** Where the onboarding dialogue stands, as the coach engine's JSON state. */
export const onboardingStates = pgTable('onboarding_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The catalogue. Prices and limits are data: operators change them without a deploy. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  priceMonthlyCents: integer('price_monthly_cents').notNull(),
  priceYearlyCents: integer('price_yearly_cents').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  /** Free Trial only: how long it lasts. */
  trialDays: integer('trial_days'),
  /** Chat messages a day; null = unlimited. */
  dailyMessageLimit: integer('daily_message_limit'),
  /** Videos analysed a month; 0 = none. */
  monthlyVideoLimit: integer('monthly_video_limit').notNull().default(0),
  humanReview: boolean('human_review').notNull().default(false),
  /** Hours from upload to the promised analysis; orders the analyst's queue. */
  analysisTurnaroundHours: integer('analysis_turnaround_hours').notNull().default(24),
  partnerAgentLimit: integer('partner_agent_limit').notNull().default(0),
  /** Places on sale; null = unlimited. When taken, the modal offers the waiting list. */
  spots: integer('spots'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  /** Upper case, as the modal forces it. */
  code: text('code').notNull().unique(),
  discountPercentage: integer('discount_percentage').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

/** A coupon used on a first charge; once per player. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order that claimed the use: released (row deleted) if that order is never paid or is refunded. */
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('coupon_redemptions_once_per_user').on(t.couponId, t.userId)],
)

/** Players waiting for a spot, served in order of arrival. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    billingCycle: billingCycleEnum('billing_cycle').notNull(),
    finalPriceCents: integer('final_price_cents').notNull(),
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('waitlist_entries_user_idx').on(t.userId)],
)

/**
 * Every e-mail the app sends: queued here, delivered over SMTP by a job with retries; FAILED
 * once the retries are spent (the console shows it with the last error).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  html: text('html'),
  status: text('status').$type<'QUEUED' | 'SENT' | 'FAILED'>().notNull().default('QUEUED'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Deleted once delivered or given up on (the e-mail confirming an account's deletion). */
  eraseAfterSend: boolean('erase_after_send').notNull().default(false),
  /**
   * The account-token grant whose link this e-mail carries: `body` and `html` hold the link with
   * its token as `…`, and the token is minted only into the message handed to the transport.
   */
  linkGrant: integer('link_grant'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
})

/** The embedded mode's local SMTP mailbox: what players would have received, for the console. */
export const localMailbox = pgTable('local_mailbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Browsers a player allowed to notify; deleted when the push service says they are gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/** Sign-in identities from other providers (Google), keyed on the provider's stable `sub`. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
  ],
)

/** An authorization request in flight: what the callback must match, kept server-side, used once. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** A charge we asked the gateway for. Card data never reaches this table. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    billingCycle: billingCycleEnum('billing_cycle').notNull(),
    amountCents: integer('amount_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    status: orderStatusEnum('status').notNull().default('PENDING'),
    /** The gateway's id (ORDE_…), set once the gateway accepted the order. */
    gatewayOrderId: text('gateway_order_id').unique(),
    pixText: text('pix_text'),
    pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
    /** Client-chosen key: the same request retried returns the same order, never a second charge. */
    idempotencyKey: text('idempotency_key'),
    /** A renewal (card charged again, or the PIX sent before the period ends): never refundable by withdrawal. */
    renewal: boolean('renewal').notNull().default(false),
    /** The gateway's charge (CHAR_…): what a refund cancels. */
    gatewayChargeId: text('gateway_charge_id'),
    /** A declined card's message, so a retried request answers the same. */
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Why the money went back (late payment, stray order, gateway refund or chargeback). */
    refundReason: text('refund_reason'),
    /** This order holds one of a limited plan's spots until it is paid, or gives it back. */
    spotHeld: boolean('spot_held').notNull().default(false),
    /** An upgrade: the unused part of the current period, taken off this order's price. */
    upgradeCreditCents: integer('upgrade_credit_cents'),
    /** The period this order paid for, written when it is paid (receipts, refunds). */
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodUntil: timestamp('period_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId),
    // One purchase at a time per player: two open new-contract orders cannot both exist.
    uniqueIndex('orders_one_open_purchase_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING' and ${t.renewal} = false`),
  ],
)

/** The player's plan; one row per player, renewed in place. */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id),
  billingCycle: billingCycleEnum('billing_cycle').notNull(),
  status: subscriptionStatusEnum('status').notNull(),
  /** Access lasts until here; after a cancel, renewal stops but this date holds. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  /** How the next period is paid: the stored card is charged, or a PIX is sent ahead. */
  paymentMethod: paymentMethodEnum('payment_method').notNull().default('PIX'),
  /** PagBank's stored-card id (`store: true`); a reference only PagBank can charge, never card data. */
  cardId: text('card_id'),
  cardHolder: text('card_holder'),
  /** What the player sees of that card ("Visa final 2097"): brand and last four digits only. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** PAST_DUE: access lasts until here, then the subscription expires. */
  graceUntil: timestamp('grace_until', { withTimezone: true }),
  /** The payment that started this contract: the CDC art. 49 withdrawal counts from it. */
  firstOrderId: uuid('first_order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** The PIX sent for the next period (or after a declined card), until it is paid or dropped. */
  renewalOrderId: uuid('renewal_order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** A downgrade chosen by the player: the next period renews on this plan and cycle. */
  nextPlanId: integer('next_plan_id').references(() => plans.id),
  nextBillingCycle: billingCycleEnum('next_billing_cycle'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A card sealed in the browser by PagBank's SDK, between tokenising and the order (minutes).
 * Only PagBank's private key opens it; the row is deleted when used or expired.
 */
export const cardTokens = pgTable(
  'card_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    encrypted: text('encrypted').notNull(),
    holder: text('holder').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('card_tokens_expires_idx').on(t.expiresAt)],
)

/** A match video: one game per video. The file lives in the storage adapter under `storageKey`. */
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

/**
 * A published report's public link. Only a hash of the token is kept, so a copy of the database
 * opens nothing; one live link per video, and revoking deletes the row.
 */
export const reportShares = pgTable('report_shares', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /**
   * Names this link in its media URLs (signed with it): a new link gets a new id, so the media
   * of a revoked or replaced link stop answering at once.
   */
  shareId: uuid('share_id').notNull().defaultRandom().unique(),
  /** The player chose to show their partner's figures and points too. */
  includePartner: boolean('include_partner').notNull().default(false),
  createdAt: createdAt(),
})

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

/**
 * Every change made from the operations console: who (kept as text too, so the row outlives the
 * account), when, what and on which target. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
)

/**
 * What the law makes us keep after an account is deleted (Política de Privacidade §5): paid
 * orders (fiscal records, CTN arts. 173 and 195) and sign-in records (Marco Civil da Internet
 * art. 15), pseudonymised: no user id, e-mail, name or CPF, only a random `subject` shared by the
 * records of one deleted account. A daily job deletes them after `keep_until`.
 */
export const retainedRecords = pgTable(
  'retained_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: uuid('subject').notNull(),
    kind: text('kind').$type<'PAYMENT' | 'ACCESS'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('retained_records_keep_until_idx').on(t.keepUntil)],
)

/**
 * The player's training week as the statistical coach built it (the coach engine's plan, JSON), so
 * it can be asked for again and adjusted. One per player: a new plan replaces the old.
 */
export const trainingPlans = pgTable('training_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const schema = {
  users,
  profiles,
  sessions,
  refreshTokens,
  serverSecrets,
  coaches,
  chatMessages,
  onboardingStates,
  plans,
  coupons,
  couponRedemptions,
  waitlistEntries,
  mailOutbox,
  localMailbox,
  accountTokens,
  pushSubscriptions,
  userIdentities,
  oauthStates,
  orders,
  subscriptions,
  cardTokens,
  videos,
  videoAnalyses,
  reportShares,
  analysisChunks,
  auditLog,
  retainedRecords,
  trainingPlans,
}

export * from '../modules/progress/tables'
