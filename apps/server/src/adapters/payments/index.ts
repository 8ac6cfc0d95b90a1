import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** CHARGED_BACK: paid, then disputed by the cardholder and lost (the money went back). */
export type GatewayOrderStatus = 'WAITING' | 'PAID' | 'DECLINED' | 'CANCELED' | 'CHARGED_BACK'

export interface GatewayOrder {
  id: string
  referenceId: string
  status: GatewayOrderStatus
  pixText: string | null
  pixExpiresAt: Date | null
  paidAt: Date | null
  /** The first charge (CHAR_…), once there is one: what a refund cancels. */
  chargeId: string | null
  /** PagBank's stored-card id when the order asked for `store: true`. */
  cardId: string | null
  /** The name on that card: renewals send it again. */
  cardHolder: string | null
  /** What the player may see of the card: its brand and last four digits. */
  cardBrand: string | null
  cardLast4: string | null
  /** `payment_response.message` of a declined charge. */
  declineMessage: string | null
  /** Centavos given back on the charge (a refund or a chargeback); 0 while it stands. */
  refundedCents: number
}

interface OrderBase {
  referenceId: string
  customer: { name: string; email: string; taxId: string | null }
  itemName: string
  amountCents: number
  notificationUrl: string
  idempotencyKey: string
}

export interface PixOrderRequest extends OrderBase {
  expiresAt: Date
}

/** A first card charge: the SDK's sealed card (number, CVV, expiry inside), stored for renewals. */
export interface CardOrderRequest extends OrderBase {
  card: { encrypted: string; securityCode: string; holderName: string }
}

/** A renewal: the card PagBank stored on the first charge, charged without the player. */
export interface StoredCardOrderRequest extends OrderBase {
  card: { id: string; holderName: string }
}

/** The payment gateway in our own terms (PagBank's Orders API, or its local simulator). */
export interface PaymentGateway {
  createPixOrder(req: PixOrderRequest): Promise<GatewayOrder>
  createCardOrder(req: CardOrderRequest): Promise<GatewayOrder>
  chargeStoredCard(req: StoredCardOrderRequest): Promise<GatewayOrder>
  /**
   * A new card for renewals: PagBank stores a card only with a charge, so a small amount is
   * authorised without capture (`store: true`) and released at once. Null when declined.
   */
  verifyCard(req: CardOrderRequest): Promise<VerifiedCard | { declined: string | null }>
  getOrder(id: string): Promise<GatewayOrder>
  /** Full refund of a paid charge, or release of one still in analysis (PagBank cancels it). */
  refundCharge(chargeId: string, amountCents: number, idempotencyKey: string): Promise<void>
  /** The RSA key the browser SDK seals cards with (base64 DER, no PEM headers). */
  publicKey(): Promise<string>
  /** PagBank's `x-authenticity-token`: SHA-256 of `<token>-<raw body>`, hex. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean
}

export interface VerifiedCard {
  cardId: string
  holder: string | null
  brand: string | null
  last4: string | null
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export function webhookSignature(token: string, rawBody: Buffer | string): string {
  return createHash('sha256').update(`${token}-`).update(rawBody).digest('hex')
}

const PagBankOrder = z.object({
  id: z.string(),
  reference_id: z.string(),
  qr_codes: z
    .array(z.object({ text: z.string(), expiration_date: z.string().optional() }))
    .optional(),
  charges: z
    .array(
      z.object({
        id: z.string().optional(),
        status: z.string(),
        paid_at: z.string().optional(),
        amount: z
          .object({ summary: z.object({ refunded: z.number().optional() }).optional() })
          .optional(),
        payment_response: z.object({ message: z.string().optional() }).optional(),
        payment_method: z
          .object({
            card: z
              .object({
                id: z.string().optional(),
                brand: z.string().optional(),
                last_digits: z.string().optional(),
                holder: z.object({ name: z.string() }).optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
})

/**
 * AUTHORIZED, IN_ANALYSIS and WAITING are all "not decided yet" for us. CHARGEBACK is the
 * charge's state once the cardholder's dispute went against the sale.
 */
const STATUSES: Record<string, GatewayOrderStatus> = {
  PAID: 'PAID',
  DECLINED: 'DECLINED',
  CANCELED: 'CANCELED',
  CHARGEBACK: 'CHARGED_BACK',
}

function toGatewayOrder(raw: unknown): GatewayOrder {
  const order = PagBankOrder.parse(raw)
  const charge = order.charges?.[0]
  const qr = order.qr_codes?.[0]
  return {
    id: order.id,
    referenceId: order.reference_id,
    status: (charge && STATUSES[charge.status]) ?? 'WAITING',
    pixText: qr?.text ?? null,
    pixExpiresAt: qr?.expiration_date ? new Date(qr.expiration_date) : null,
    paidAt: charge?.paid_at ? new Date(charge.paid_at) : null,
    chargeId: charge?.id ?? null,
    cardId: charge?.payment_method?.card?.id ?? null,
    cardHolder: charge?.payment_method?.card?.holder?.name ?? null,
    cardBrand: charge?.payment_method?.card?.brand ?? null,
    cardLast4: charge?.payment_method?.card?.last_digits ?? null,
    declineMessage:
      charge?.status === 'DECLINED' ? (charge.payment_response?.message ?? null) : null,
    refundedCents: charge?.amount?.summary?.refunded ?? 0,
  }
}

const orderBase = (req: OrderBase) => ({
  reference_id: req.referenceId,
  customer: {
    name: req.customer.name,
    email: req.customer.email,
    ...(req.customer.taxId ? { tax_id: req.customer.taxId } : {}),
  },
  items: [
    {
      reference_id: req.referenceId,
      name: req.itemName,
      quantity: 1,
      unit_amount: req.amountCents,
    },
  ],
  notification_urls: [req.notificationUrl],
})

const cardCharge = (
  req: OrderBase,
  card: Record<string, unknown>,
  holderName: string,
  recurring: 'INITIAL' | 'SUBSEQUENT',
  capture = true,
) => ({
  reference_id: req.referenceId,
  description: req.itemName,
  amount: { value: req.amountCents, currency: 'BRL' },
  payment_method: {
    type: 'CREDIT_CARD',
    installments: 1,
    capture,
    soft_descriptor: 'AREIA',
    card,
    holder: { name: holderName, ...(req.customer.taxId ? { tax_id: req.customer.taxId } : {}) },
  },
  recurring: { type: recurring },
})

/** PagBank's Orders API over HTTP; `baseUrl` is PagBank's host or the embedded simulator. */
export function createPagBankClient(opts: {
  baseUrl: () => string
  token: string
}): PaymentGateway {
  const call = async (method: string, path: string, body?: unknown, idempotencyKey?: string) => {
    const res = await fetch(`${opts.baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${opts.token}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    })
    const json: unknown = await res.json().catch(() => null)
    if (!res.ok) throw new GatewayError(`PagBank ${method} ${path}: ${res.status}`, res.status)
    return json
  }
  /** A sealed card's first charge, stored for renewals; without capture it is only authorised. */
  const firstCardCharge = (req: CardOrderRequest, capture: boolean) => {
    const card = {
      encrypted: req.card.encrypted,
      security_code: req.card.securityCode,
      store: true,
    }
    return call(
      'POST',
      '/orders',
      {
        ...orderBase(req),
        charges: [cardCharge(req, card, req.card.holderName, 'INITIAL', capture)],
      },
      req.idempotencyKey,
    )
  }
  let cachedKey: string | undefined
  return {
    async createPixOrder(req) {
      const raw = await call(
        'POST',
        '/orders',
        {
          ...orderBase(req),
          qr_codes: [
            { amount: { value: req.amountCents }, expiration_date: req.expiresAt.toISOString() },
          ],
        },
        req.idempotencyKey,
      )
      return toGatewayOrder(raw)
    },
    async createCardOrder(req) {
      return toGatewayOrder(await firstCardCharge(req, true))
    },
    async chargeStoredCard(req) {
      const raw = await call(
        'POST',
        '/orders',
        {
          ...orderBase(req),
          charges: [cardCharge(req, { id: req.card.id }, req.card.holderName, 'SUBSEQUENT')],
        },
        req.idempotencyKey,
      )
      return toGatewayOrder(raw)
    },
    async verifyCard(req) {
      const order = PagBankOrder.parse(await firstCardCharge(req, false))
      const charge = order.charges?.[0]
      const stored = charge?.payment_method?.card
      if (!charge || charge.status !== 'AUTHORIZED' || !stored?.id) {
        return { declined: charge?.payment_response?.message ?? null }
      }
      // Only the authorisation was wanted: it is released (never captured, never charged).
      if (charge.id) {
        await call(
          'POST',
          `/charges/${encodeURIComponent(charge.id)}/cancel`,
          { amount: { value: req.amountCents } },
          `release-${req.idempotencyKey}`,
        )
      }
      return {
        cardId: stored.id,
        holder: stored.holder?.name ?? null,
        brand: stored.brand ?? null,
        last4: stored.last_digits ?? null,
      }
    },
    async getOrder(id) {
      return toGatewayOrder(await call('GET', `/orders/${encodeURIComponent(id)}`))
    },
    async refundCharge(chargeId, amountCents, idempotencyKey) {
      await call(
        'POST',
        `/charges/${encodeURIComponent(chargeId)}/cancel`,
        { amount: { value: amountCents } },
        idempotencyKey,
      )
    },
    async publicKey() {
      if (cachedKey) return cachedKey
      // The account's card key: read it, or create it the first time (PagBank keeps one per account).
      let raw: unknown
      try {
        raw = await call('GET', '/public-keys/card')
      } catch (err) {
        if (!(err instanceof GatewayError) || err.status !== 404) throw err
        raw = await call('POST', '/public-keys', { type: 'card' })
      }
      cachedKey = z.object({ public_key: z.string().min(100) }).parse(raw).public_key
      return cachedKey
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) return false
      const expected = Buffer.from(webhookSignature(opts.token, rawBody), 'hex')
      const given = Buffer.from(signature, 'hex')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
