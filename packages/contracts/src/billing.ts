import { z } from 'zod'
import { INT4_MAX } from './integers'
import { BillingCycle, PaymentMethod } from './enums'

/** A plan, plus what the modal needs to decide between checkout and the waiting list. */
export const Plan = z.object({
  id: z.number().int(),
  /** `standard` is the highlighted plan. */
  slug: z.string(),
  name: z.string(),
  /** In reais, as the API shows them; stored as centavos. */
  price_monthly: z.number(),
  price_annually: z.number(),
  features: z.array(z.string()),
  trial_days: z.number().int().nullable(),
  /** False when the plan has no free spots (or sales go through the waiting list): join it instead. */
  available: z.boolean(),
})
export type Plan = z.infer<typeof Plan>

export const PlansResponse = z.array(Plan)

export const CouponCode = z
  .string({ error: 'Por favor, insira um código.' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Por favor, insira um código.' })
  .max(40, { error: 'Este cupom é inválido ou não existe.' })

export const CouponValidateBody = z.object({ coupon_code: CouponCode })
export type CouponValidateBody = z.infer<typeof CouponValidateBody>

export const CouponValidateResponse = z.object({
  valid: z.boolean(),
  discount_percentage: z.number().int().nullable(),
})
export type CouponValidateResponse = z.infer<typeof CouponValidateResponse>

/** `plan_name` is the plan's name plus " Mensal" or " Anual". */
export const WaitlistJoinBody = z.object({
  plan_name: z
    .string({ error: 'Informe o plano.' })
    .trim()
    .min(1, { error: 'Informe o plano.' })
    .max(120),
  final_price: z.number({ error: 'Informe o preço.' }).min(0).max(1_000_000),
  coupon_code: CouponCode.nullable().optional(),
})
export type WaitlistJoinBody = z.infer<typeof WaitlistJoinBody>

/** Discount maths: price × (1 − percent/100), in centavos, rounded to the centavo. */
export function discountedCents(priceCents: number, percent: number | null | undefined): number {
  if (!percent) return priceCents
  return Math.round((priceCents * (100 - percent)) / 100)
}

/** A plan's id as a client sends it: an integer within its column's range. */
export const PlanId = z
  .number({ error: 'Informe o plano.' })
  .int({ error: 'Plano não encontrado.' })
  .min(1, { error: 'Plano não encontrado.' })
  .max(INT4_MAX, { error: 'Plano não encontrado.' })

/** `POST /api/v1/payments/orders`. A card order also carries the card token and CVV. */
export const OrderCreateBody = z.object({
  plan_id: PlanId,
  billing_cycle: BillingCycle,
  coupon_code: CouponCode.nullable().optional(),
  payment_method: PaymentMethod,
  card_token: z.string().max(200).optional(),
  card_cvv: z
    .string()
    .regex(/^\d{3,4}$/, { error: 'CVV inválido.' })
    .optional(),
})
export type OrderCreateBody = z.infer<typeof OrderCreateBody>

export const OrderStatus = z.enum(['PENDING', 'PAID', 'DECLINED', 'CANCELED'])
export type OrderStatus = z.infer<typeof OrderStatus>

export const OrderResponse = z.object({
  id: z.string(),
  payment_method: PaymentMethod,
  status: OrderStatus,
  /** In reais: what this first charge costs after the coupon. */
  amount: z.number(),
  /** A PNG data URL of the PIX QR code (rendered by us, so the page needs no other origin). */
  pix_qr_code_image: z.string().nullable(),
  pix_qr_code_text: z.string().nullable(),
  pix_expires_at: z.string().nullable(),
  /** Embedded mode only: where the checkout's "Simular pagamento" button posts. */
  simulator_pay_url: z.string().nullable(),
})
export type OrderResponse = z.infer<typeof OrderResponse>

export const SubscriptionStatus = z.enum(['ACTIVE', 'CANCELED', 'PAST_DUE', 'EXPIRED'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

/** The player's subscription; `null` when the player never subscribed. */
export const SubscriptionResponse = z
  .object({
    plan: z.object({ id: z.number().int(), name: z.string() }),
    billing_cycle: BillingCycle,
    status: SubscriptionStatus,
    expires_at: z.string(),
    /** Set while the CDC art. 49 withdrawal (full refund) still applies: its last moment. */
    withdrawal_until: z.string().nullable(),
    // The server always sends the fields below; optional so clients built before them still parse.
    /** How the next period is paid: CARD is charged automatically, PIX gets a code a few days ahead. */
    payment_method: PaymentMethod.optional(),
    /** PAST_DUE only: access lasts until here unless the renewal is paid. */
    grace_until: z.string().nullable().optional(),
    /** The PIX order for the next period while it is open (`GET /api/v1/payments/orders/{id}`). */
    renewal_order_id: z.string().nullable().optional(),
    /** When and how much the next renewal charges; null once it will not renew. */
    next_charge: z.object({ at: z.string(), amount: z.number() }).nullable().optional(),
    /** A smaller plan (or shorter cycle) the player chose: it starts at the next renewal. */
    next_plan: z
      .object({ id: z.number().int(), name: z.string(), billing_cycle: BillingCycle })
      .nullable()
      .optional(),
    /** The stored card renewals are charged to (brand and last four digits only). */
    card: z
      .object({
        brand: z.string().nullable(),
        last4: z.string().nullable(),
        holder: z.string().nullable(),
      })
      .nullable()
      .optional(),
  })
  .nullable()
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>

/**
 * `GET /api/v1/payments/public-key`: the key PagBank's browser SDK encrypts the card with, and
 * where that SDK is loaded from (PagBank's CDN in production, our stand-in in simulated mode).
 */
export const PublicKeyResponse = z.object({
  public_key: z.string(),
  sdk_url: z.string(),
})
export type PublicKeyResponse = z.infer<typeof PublicKeyResponse>

/** `POST /api/v1/payments/tokenize-card`: the card as `PagSeguro.encryptCard` sealed it. */
export const TokenizeCardBody = z.object({
  encrypted: z
    .string({ error: 'Dados do cartão inválidos.' })
    .min(16, { error: 'Dados do cartão inválidos.' })
    .max(4096, { error: 'Dados do cartão inválidos.' }),
  holder: z
    .string({ error: 'Informe o nome impresso no cartão.' })
    .trim()
    .min(2, { error: 'Informe o nome impresso no cartão.' })
    .max(100),
  brand: z.string().trim().max(30).optional().default(''),
  exp_month: z.coerce
    .number({ error: 'Mês de validade inválido.' })
    .int()
    .min(1, { error: 'Mês de validade inválido.' })
    .max(12, { error: 'Mês de validade inválido.' }),
  exp_year: z.coerce
    .number({ error: 'Ano de validade inválido.' })
    .int()
    .min(2000, { error: 'Ano de validade inválido.' })
    .max(2100, { error: 'Ano de validade inválido.' }),
})
export type TokenizeCardBody = z.infer<typeof TokenizeCardBody>

export const TokenizeCardResponse = z.object({ id: z.string() })
export type TokenizeCardResponse = z.infer<typeof TokenizeCardResponse>

/** `GET /api/v1/subscriptions/me/upgrade`: what moving up costs now, before paying. */
export const UpgradeQuoteQuery = z.object({
  plan_id: z.coerce
    .number({ error: 'Informe o plano.' })
    .int({ error: 'Plano não encontrado.' })
    .min(1, { error: 'Plano não encontrado.' })
    .max(INT4_MAX, { error: 'Plano não encontrado.' }),
  billing_cycle: BillingCycle,
})
export type UpgradeQuoteQuery = z.infer<typeof UpgradeQuoteQuery>

export const UpgradeQuote = z.object({
  plan: z.object({ id: z.number().int(), name: z.string() }),
  billing_cycle: BillingCycle,
  /** The new plan's price for the cycle, in reais. */
  price: z.number(),
  /** The unused part of the current period, taken off the price. */
  credit: z.number(),
  /** What is charged now. */
  amount: z.number(),
})
export type UpgradeQuote = z.infer<typeof UpgradeQuote>

/** `POST /api/v1/subscriptions/me/change`: a smaller plan or shorter cycle from the next renewal. */
export const PlanChangeBody = z.object({ plan_id: PlanId, billing_cycle: BillingCycle })
export type PlanChangeBody = z.infer<typeof PlanChangeBody>

/** `PUT /api/v1/subscriptions/me/card`: a new card for the renewals (tokenised like the checkout's). */
export const ChangeCardBody = z.object({
  card_token: z.string({ error: 'Informe os dados do cartão.' }).max(200),
  card_cvv: z.string().regex(/^\d{3,4}$/, { error: 'CVV inválido.' }),
})
export type ChangeCardBody = z.infer<typeof ChangeCardBody>

/** A payment's receipt, as "Meu Plano" lists them. */
export const Receipt = z.object({
  id: z.string(),
  paid_at: z.string(),
  plan_name: z.string(),
  billing_cycle: BillingCycle,
  payment_method: PaymentMethod,
  /** In reais: what was charged. */
  amount: z.number(),
  period_from: z.string().nullable(),
  period_until: z.string().nullable(),
  /** Set when the payment was given back. */
  refunded_at: z.string().nullable(),
  /** Where the receipt downloads (an HTML document to keep or print). */
  download_url: z.string(),
})
export type Receipt = z.infer<typeof Receipt>
export const ReceiptsResponse = z.array(Receipt)
