import {
  ChangeCardBody,
  CouponValidateBody,
  CouponValidateResponse,
  ErrorBody,
  MessageBody,
  OrderCreateBody,
  OrderResponse,
  PlanChangeBody,
  PlansResponse,
  PublicKeyResponse,
  ReceiptsResponse,
  SubscriptionResponse,
  TokenizeCardBody,
  TokenizeCardResponse,
  UpgradeQuote,
  UpgradeQuoteQuery,
  WaitlistJoinBody,
} from '@areia/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PaymentGateway } from '../../adapters/payments'
import type { CardService } from './cards'
import type { CheckoutService } from './checkout'
import type { SubscriptionLifecycle } from './lifecycle'
import type { PlanManagement } from './manage'
import type { BillingService } from './service'

const errors = { 401: ErrorBody, 409: ErrorBody, 422: ErrorBody }

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  // The catalogue is public: prices are not a secret and the landing may show them. A signed-in
  // player invited from the waiting list sees their plan open to them.
  app.get(
    '/api/v1/subscriptions/plans',
    { preHandler: app.identifyUser, schema: { response: { 200: PlansResponse } } },
    async (request) => billing.listPlans(request.viewer?.id ?? null),
  )

  app.post(
    '/api/v1/subscriptions/coupons/validate',
    {
      preHandler: app.requireUser,
      schema: { body: CouponValidateBody, response: { 200: CouponValidateResponse, ...errors } },
    },
    async (request) => billing.validateCoupon(request.user.id, request.body.coupon_code),
  )

  app.post(
    '/api/v1/waitlist/join',
    {
      preHandler: app.requireUser,
      schema: { body: WaitlistJoinBody, response: { 200: MessageBody, ...errors } },
    },
    async (request) => billing.joinWaitlist(request.user.id, request.body),
  )
}

const Webhook = z.object({ id: z.string().min(1).max(100) })

/** Either spelling: PagBank's `x-idempotency-key`, or the plain `idempotency-key`. */
const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(8).max(100).optional(),
  'x-idempotency-key': z.string().min(8).max(100).optional(),
})

export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService
  cards: CardService
  lifecycle: SubscriptionLifecycle
  gateway: PaymentGateway
  manage: PlanManagement
}> = async (app, { checkout, cards, lifecycle, gateway, manage }) => {
  app.get(
    '/api/v1/payments/public-key',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: PublicKeyResponse, 401: ErrorBody, 502: ErrorBody } },
    },
    async () => cards.publicKey(),
  )

  app.post(
    '/api/v1/payments/tokenize-card',
    {
      preHandler: app.requireUser,
      schema: { body: TokenizeCardBody, response: { 200: TokenizeCardResponse, ...errors } },
    },
    async (request) => cards.tokenize(request.user.id, request.body),
  )

  app.post(
    '/api/v1/payments/orders',
    {
      preHandler: app.requireUser,
      schema: {
        body: OrderCreateBody,
        headers: IdempotencyHeaders,
        response: { 200: OrderResponse, ...errors, 402: ErrorBody, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) =>
      checkout.createOrder(
        request.user.id,
        request.body,
        request.headers['x-idempotency-key'] ?? request.headers['idempotency-key'] ?? null,
      ),
  )

  app.get(
    '/api/v1/payments/orders/:id',
    {
      preHandler: app.requireUser,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: OrderResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => checkout.order(request.user.id, request.params.id),
  )

  app.get(
    '/api/v1/subscriptions/me',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: SubscriptionResponse, 401: ErrorBody } },
    },
    async (request) => checkout.subscription(request.user.id),
  )

  app.post(
    '/api/v1/subscriptions/me/cancel',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: MessageBody, 404: ErrorBody, ...errors } },
    },
    async (request) => checkout.cancel(request.user.id),
  )

  // "Meu Plano": moving up (priced before paying), down (from the next renewal), reactivating,
  // the card renewals are charged to, and the receipts.
  app.get(
    '/api/v1/subscriptions/me/upgrade',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: UpgradeQuoteQuery,
        response: { 200: UpgradeQuote, 404: ErrorBody, ...errors },
      },
    },
    async (request) => manage.upgradeQuote(request.user.id, request.query),
  )

  app.post(
    '/api/v1/subscriptions/me/change',
    {
      preHandler: app.requireUser,
      schema: {
        body: PlanChangeBody,
        response: { 200: SubscriptionResponse, 404: ErrorBody, ...errors },
      },
    },
    async (request) => manage.scheduleChange(request.user.id, request.body),
  )

  app.post(
    '/api/v1/subscriptions/me/reactivate',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: SubscriptionResponse, 404: ErrorBody, ...errors } },
    },
    async (request) => manage.reactivate(request.user.id),
  )

  app.put(
    '/api/v1/subscriptions/me/card',
    {
      preHandler: app.requireUser,
      schema: {
        body: ChangeCardBody,
        response: {
          200: SubscriptionResponse,
          402: ErrorBody,
          404: ErrorBody,
          ...errors,
          502: ErrorBody,
        },
      },
    },
    async (request) => manage.changeCard(request.user.id, request.body),
  )

  app.get(
    '/api/v1/payments/receipts',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: ReceiptsResponse, 401: ErrorBody } },
    },
    async (request) => manage.receipts(request.user.id),
  )

  app.get(
    '/api/v1/payments/receipts/:id',
    {
      preHandler: app.requireUser,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        // An HTML document (a string is sent as it is).
        response: { 200: z.string(), 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { filename, html } = await manage.receipt(request.user.id, request.params.id)
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(html)
    },
  )

  // CDC art. 49: within 7 days of the first payment, a full refund and access ends now.
  app.post(
    '/api/v1/subscriptions/me/withdraw',
    {
      preHandler: app.requireUser,
      schema: {
        response: { 200: SubscriptionResponse, 404: ErrorBody, ...errors, 502: ErrorBody },
      },
    },
    async (request) => lifecycle.withdraw(request.user.id),
  )

  // PagBank notifications: the signature covers the raw bytes, so this route keeps them.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    )
    hooks.post('/api/v1/payments/webhooks/pagbank', async (request, reply) => {
      const raw = request.body as Buffer
      const signature = request.headers['x-authenticity-token']
      if (!gateway.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.status(401).send({
          detail: 'Assinatura do webhook inválida.',
          code: 'webhook_signature_invalid',
        } satisfies ErrorBody)
      }
      let parsed: z.infer<typeof Webhook> | undefined
      try {
        parsed = Webhook.parse(JSON.parse(raw.toString('utf8')))
      } catch {
        return reply
          .status(400)
          .send({ detail: 'Notificação malformada.', code: 'invalid_input' } satisfies ErrorBody)
      }
      // Charge-shaped notifications name no order; the order-shaped one for the same event follows.
      if (parsed.id.startsWith('ORDE_')) await checkout.gatewayNotified(parsed.id)
      return reply.status(200).send({ detail: 'ok' })
    })
  })
}
