import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  serial,
  uniqueIndex,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { BillingCycle, OrderStatus, PaymentMethod, SubscriptionStatus } from '@areia/contracts'
import { values, createdAt } from '../../db/columns'
import { users } from '../users/tables'

export const billingCycleEnum = pgEnum('billing_cycle', values(BillingCycle.options))
export const orderStatusEnum = pgEnum('order_status', values(OrderStatus.options))
export const paymentMethodEnum = pgEnum('payment_method', values(PaymentMethod.options))
export const subscriptionStatusEnum = pgEnum(
  'subscription_status',
  values(SubscriptionStatus.options),
)

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
