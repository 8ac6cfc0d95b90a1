import type { ErrorBody } from '@areia/contracts'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createDynamicPix, hasError } from 'pix-utils'
import { z } from 'zod'
import type { Clock } from '../clock'
import { webhookSignature } from './index'
import {
  brandOf,
  cardOutcome,
  loadOrCreateSimulatorKey,
  loadOrCreateSimulatorToken,
  parseSealedCard,
  simulatorSdkScript,
} from './simulator-card'

/**
 * A local stand-in for PagBank's Orders API (embedded mode and tests): the same paths and
 * shapes, real PIX BR Codes, card charges sealed by the SDK stand-in and decided by the
 * sandbox's test cards, stored cards for renewals, refunds, control actions to mark a PIX
 * order paid (as PagBank's sandbox offers) and to settle a cardholder's dispute against a paid
 * card charge (a chargeback), and signed webhooks to the order's notification URLs, retried on
 * failure. Orders live in memory, like a sandbox that resets; the key pair
 * lives under DATA_DIR. Never mounted in production.
 */
const Amount = z.object({ value: z.number().int().min(1) })
const CardCharge = z.object({
  reference_id: z.string().optional(),
  description: z.string().optional(),
  amount: Amount.extend({ currency: z.literal('BRL').default('BRL') }),
  payment_method: z.object({
    type: z.literal('CREDIT_CARD'),
    installments: z.number().int().min(1).default(1),
    capture: z.boolean().default(true),
    card: z.union([
      z.object({
        encrypted: z.string().min(1),
        security_code: z.string().optional(),
        store: z.boolean().optional(),
      }),
      z.object({ id: z.string().min(1) }),
    ]),
    holder: z.object({ name: z.string().min(1), tax_id: z.string().optional() }),
  }),
  recurring: z.object({ type: z.enum(['INITIAL', 'SUBSEQUENT']) }).optional(),
})
const CreateOrder = z
  .object({
    reference_id: z.string().min(1).max(200),
    customer: z.object({
      name: z.string().min(1),
      email: z.string(),
      tax_id: z.string().optional(),
    }),
    items: z
      .array(
        z.object({ name: z.string(), quantity: z.number().int(), unit_amount: z.number().int() }),
      )
      .min(1),
    qr_codes: z
      .array(z.object({ amount: Amount, expiration_date: z.string().optional() }))
      .length(1)
      .optional(),
    charges: z.array(CardCharge).length(1).optional(),
    notification_urls: z.array(z.url()).default([]),
  })
  .refine((o) => Boolean(o.qr_codes) !== Boolean(o.charges), {
    message: 'either qr_codes or charges',
  })

export interface SimCharge {
  id: string
  reference_id: string
  status: 'AUTHORIZED' | 'PAID' | 'DECLINED' | 'CANCELED' | 'CHARGEBACK'
  created_at: string
  paid_at?: string
  description?: string
  amount: {
    value: number
    currency: 'BRL'
    summary: { total: number; paid: number; refunded: number }
  }
  payment_response: { code: string; message: string; reference: string }
  payment_method:
    | { type: 'PIX' }
    | {
        type: 'CREDIT_CARD'
        installments: number
        capture: boolean
        card: {
          id?: string
          brand: string
          first_digits: string
          last_digits: string
          exp_month: string
          exp_year: string
          holder: { name: string }
        }
      }
  recurring?: { type: 'INITIAL' | 'SUBSEQUENT' }
}

export interface SimOrder {
  id: string
  reference_id: string
  created_at: string
  customer: z.infer<typeof CreateOrder>['customer']
  items: z.infer<typeof CreateOrder>['items']
  qr_codes?: Array<{
    id: string
    amount: { value: number }
    expiration_date: string
    text: string
    arrangements: ['PIX']
  }>
  notification_urls: string[]
  charges?: SimCharge[]
}

interface StoredCard {
  number: string
  expMonth: number
  expYear: number
  holder: string
}

/** What a test can see of the simulator, as one sees a sandbox's dashboard. */
export interface PagBankSimulator {
  plugin: (app: FastifyInstance) => Promise<void>
  /** The account token the app calls the simulator with; it also signs the webhooks. */
  token: string
  /** Orders created for a customer's e-mail, oldest first. */
  ordersOf(email: string): SimOrder[]
  /** Every charge attempted for a customer's e-mail (approved, declined or refunded). */
  chargesOf(email: string): SimCharge[]
}

const PREFIX = '/sandbox/pagbank'

const invalid = (parameter: string, description: string) => ({
  error_messages: [{ code: '40002', description, parameter_name: parameter }],
})

export function createPagBankSimulator(opts: {
  /** A standalone sandbox is given its token; the embedded one keeps a random one per DATA_DIR. */
  token?: string
  dataDir: string
  clock: Clock
  retryDelaysMs?: number[]
}): PagBankSimulator {
  const orders = new Map<string, SimOrder>()
  const idempotent = new Map<string, string>()
  const cards = new Map<string, StoredCard>()
  const retryDelays = opts.retryDelaysMs ?? [1_000, 5_000, 30_000]
  const key = loadOrCreateSimulatorKey(opts.dataDir)
  const token = opts.token ?? loadOrCreateSimulatorToken(opts.dataDir)
  let sdk: string | undefined
  const now = () => opts.clock.now()

  const notify = async (order: SimOrder) => {
    const body = JSON.stringify(order)
    for (const url of order.notification_urls) {
      for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-authenticity-token': webhookSignature(token, body),
            },
            body,
            signal: AbortSignal.timeout(10_000),
          })
          if (res.ok) break
        } catch {
          // Unreachable receiver: retried below, as PagBank does.
        }
        const delay = retryDelays[attempt]
        if (delay === undefined) break
        await new Promise((r) => setTimeout(r, delay))
      }
    }
  }

  /** One card charge, decided as the sandbox decides it, or PagBank's 400 for an unusable card. */
  const chargeCard = (
    input: z.infer<typeof CardCharge>,
    referenceId: string,
  ): SimCharge | { error: ReturnType<typeof invalid> } => {
    const pm = input.payment_method
    let card: StoredCard
    let securityMismatch = false
    let storedId: string | undefined
    if ('encrypted' in pm.card) {
      let sealed: ReturnType<typeof parseSealedCard> = null
      try {
        sealed = parseSealedCard(key.decrypt(pm.card.encrypted))
      } catch {
        sealed = null
      }
      if (!sealed) {
        return {
          error: invalid('charges[0].payment_method.card.encrypted', 'invalid encrypted card'),
        }
      }
      card = sealed
      securityMismatch =
        pm.card.security_code !== undefined && pm.card.security_code !== sealed.securityCode
      // PagBank keeps the card even when the charge is declined.
      if (pm.card.store) {
        storedId = `CARD_${randomUUID().toUpperCase()}`
        cards.set(storedId, card)
      }
    } else {
      const stored = cards.get(pm.card.id)
      if (!stored) return { error: invalid('charges[0].payment_method.card.id', 'card not found') }
      card = stored
      storedId = pm.card.id
    }
    const outcome = securityMismatch
      ? ({ approved: false, code: '20019', message: 'CODIGO DE SEGURANCA INVALIDO' } as const)
      : cardOutcome(card, now())
    const at = now().toISOString()
    return {
      id: `CHAR_${randomUUID().toUpperCase()}`,
      reference_id: input.reference_id ?? referenceId,
      // Without capture an approved charge is only authorised (nothing paid yet).
      status: outcome.approved ? (pm.capture ? 'PAID' : 'AUTHORIZED') : 'DECLINED',
      created_at: at,
      ...(outcome.approved && pm.capture ? { paid_at: at } : {}),
      ...(input.description ? { description: input.description } : {}),
      amount: {
        value: input.amount.value,
        currency: 'BRL',
        summary: {
          total: input.amount.value,
          paid: outcome.approved && pm.capture ? input.amount.value : 0,
          refunded: 0,
        },
      },
      payment_response: outcome.approved
        ? { code: '20000', message: 'SUCESSO', reference: randomUUID().slice(0, 12) }
        : { code: outcome.code, message: outcome.message, reference: randomUUID().slice(0, 12) },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: pm.installments,
        capture: pm.capture,
        card: {
          ...(storedId ? { id: storedId } : {}),
          brand: brandOf(card.number),
          first_digits: card.number.slice(0, 6),
          last_digits: card.number.slice(-4),
          exp_month: String(card.expMonth).padStart(2, '0'),
          exp_year: String(card.expYear),
          holder: { name: pm.holder.name },
        },
      },
      ...(input.recurring ? { recurring: input.recurring } : {}),
    }
  }

  /** A charge and the order it belongs to. */
  const chargeById = (id: string) => {
    const order = [...orders.values()].find((o) => o.charges?.some((c) => c.id === id))
    return { order, charge: order?.charges?.find((c) => c.id === id) }
  }

  const plugin = async (app: FastifyInstance) => {
    await app.register(
      async (sim) => {
        sim.addHook('onRequest', async (request, reply) => {
          const open =
            request.url.startsWith(`${PREFIX}/pix/pay/`) ||
            request.url.split('?')[0] === `${PREFIX}/sdk.js`
          if (!open && request.headers.authorization !== `Bearer ${token}`) {
            return reply.status(401).send({ error_messages: [{ code: 'UNAUTHORIZED' }] })
          }
        })

        sim.post('/orders', async (request, reply) => {
          const idemKey = request.headers['x-idempotency-key']
          const known = typeof idemKey === 'string' ? idempotent.get(idemKey) : undefined
          if (known) return reply.status(201).send(orders.get(known))
          const parsed = CreateOrder.safeParse(request.body)
          if (!parsed.success) {
            const issue = parsed.error.issues[0]
            return reply
              .status(400)
              .send(invalid(issue?.path.join('.') ?? '', issue?.message ?? 'invalid'))
          }
          const input = parsed.data
          const order: SimOrder = {
            id: `ORDE_${randomUUID().toUpperCase()}`,
            reference_id: input.reference_id,
            created_at: now().toISOString(),
            customer: input.customer,
            items: input.items,
            notification_urls: input.notification_urls,
          }
          const qr = input.qr_codes?.[0]
          if (qr) {
            const pix = createDynamicPix({
              merchantName: 'AREIA',
              merchantCity: 'SAO PAULO',
              url: `${request.headers.host ?? '127.0.0.1'}${PREFIX}/pix/v2/${randomUUID()}`,
              oneTime: true,
            })
            if (hasError(pix)) throw new Error('could not build the BR Code')
            order.qr_codes = [
              {
                id: `QRCO_${randomUUID().toUpperCase()}`,
                amount: qr.amount,
                expiration_date:
                  qr.expiration_date ?? new Date(now().getTime() + 86_400_000).toISOString(),
                text: pix.toBRCode(),
                arrangements: ['PIX'],
              },
            ]
          }
          const chargeInput = input.charges?.[0]
          if (chargeInput) {
            const charge = chargeCard(chargeInput, input.reference_id)
            if ('error' in charge) return reply.status(400).send(charge.error)
            order.charges = [charge]
          }
          orders.set(order.id, order)
          if (typeof idemKey === 'string') idempotent.set(idemKey, order.id)
          if (order.charges) void notify(order)
          return reply.status(201).send(order)
        })

        sim.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => {
          const order = orders.get(request.params.id)
          return order ? order : reply.status(404).send({ error_messages: [{ code: 'NOT_FOUND' }] })
        })

        // Refund: PagBank cancels the charge, in full here (that is all we ask of it).
        sim.post<{ Params: { id: string } }>('/charges/:id/cancel', async (request, reply) => {
          const body = z.object({ amount: Amount }).safeParse(request.body)
          if (!body.success) return reply.status(400).send(invalid('amount.value', 'required'))
          const { order, charge } = chargeById(request.params.id)
          if (!order || !charge)
            return reply.status(404).send({ error_messages: [{ code: 'NOT_FOUND' }] })
          if (charge.status === 'CANCELED') return charge
          if (
            (charge.status !== 'PAID' && charge.status !== 'AUTHORIZED') ||
            body.data.amount.value > charge.amount.value
          ) {
            return reply.status(400).send(invalid('amount.value', 'charge cannot be canceled'))
          }
          // An authorisation is released; a paid charge is refunded.
          if (charge.status === 'PAID') charge.amount.summary.refunded = body.data.amount.value
          charge.status = 'CANCELED'
          void notify(order)
          return charge
        })

        // A cardholder disputed a paid card charge with the issuer and won: the sale is undone and
        // the order's notification URLs hear of it like of any other change of the charge.
        sim.post<{ Params: { id: string } }>('/charges/:id/chargeback', async (request, reply) => {
          const { order, charge } = chargeById(request.params.id)
          if (!order || !charge)
            return reply.status(404).send({ error_messages: [{ code: 'NOT_FOUND' }] })
          if (charge.status === 'CHARGEBACK') return charge
          if (charge.status !== 'PAID' || charge.payment_method.type !== 'CREDIT_CARD') {
            return reply.status(400).send(invalid('id', 'only a paid card charge can be disputed'))
          }
          charge.status = 'CHARGEBACK'
          void notify(order)
          return charge
        })

        sim.get('/public-keys/card', async () => ({
          public_key: key.publicKey,
          created_at: now().getTime(),
        }))
        sim.post('/public-keys', async () => ({
          public_key: key.publicKey,
          created_at: now().getTime(),
        }))

        // The browser SDK's stand-in (same `PagSeguro.encryptCard`), built on first request.
        sim.get('/sdk.js', async (_request, reply) => {
          sdk ??= simulatorSdkScript()
          return reply
            .header('content-type', 'application/javascript; charset=utf-8')
            .header('cache-control', 'public, max-age=3600')
            .send(sdk)
        })

        // The sandbox's "pay this PIX" control; in embedded mode the checkout's "Simular pagamento" calls it.
        sim.post<{ Params: { id: string } }>('/pix/pay/:id', async (request, reply) => {
          const order = orders.get(request.params.id)
          const qr = order?.qr_codes?.[0]
          if (!order || !qr)
            return reply.status(404).send({
              detail: 'Pedido não encontrado no simulador.',
              code: 'not_found',
            } satisfies ErrorBody)
          if (new Date(qr.expiration_date) <= now())
            return reply.status(409).send({
              detail: 'Este QR Code PIX expirou.',
              code: 'pix_expired',
            } satisfies ErrorBody)
          if (!order.charges) {
            const at = now().toISOString()
            order.charges = [
              {
                id: `CHAR_${randomUUID().toUpperCase()}`,
                reference_id: order.reference_id,
                status: 'PAID',
                created_at: at,
                paid_at: at,
                amount: {
                  value: qr.amount.value,
                  currency: 'BRL',
                  summary: { total: qr.amount.value, paid: qr.amount.value, refunded: 0 },
                },
                payment_response: {
                  code: '20000',
                  message: 'SUCESSO',
                  reference: randomUUID().slice(0, 12),
                },
                payment_method: { type: 'PIX' },
              },
            ]
          }
          void notify(order)
          return { id: order.id, status: 'PAID' }
        })
      },
      { prefix: PREFIX },
    )
  }

  const ordersOf = (email: string) => [...orders.values()].filter((o) => o.customer.email === email)
  return {
    plugin,
    token,
    ordersOf,
    chargesOf: (email) => ordersOf(email).flatMap((o) => o.charges ?? []),
  }
}
