import type {
  OrderResponse,
  Plan,
  PublicKeyResponse,
  SubscriptionResponse,
  TokenPair,
} from '@areia/contracts'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { sealCardForTests } from '../../src/adapters/payments/simulator-card'
import { mailOutbox } from '../../src/db/schema'
import { bearer, createTestApp, type TestApp } from './app'
import { testDatabase } from './database'

/** PagBank's sandbox test cards (developer.pagbank.com.br/docs/cartoes-de-teste). */
export const CARDS = {
  visaApproved: '4539620659922097',
  visaDeclined: '4929291898380766',
  masterApproved: '5240082975622454',
  masterDeclined: '5530062640663264',
} as const

export interface CardInput {
  number: string
  cvv?: string
  month?: number
  year?: number
  holder?: string
}

export interface BillingSuite {
  app: TestApp
  /** Where the app listens: the simulated gateway's pages and webhooks go through HTTP. */
  base: string
  client: ReturnType<typeof billingClient>
  pro: Plan
  ultra: Plan
}

/**
 * A suite's app, listening, with the billing client and the seeded Pro and Ultra plans; filled
 * before the suite's tests run and closed after them.
 */
export function billingSuite(): BillingSuite {
  const suite = {} as BillingSuite
  beforeAll(async () => {
    suite.app = await createTestApp()
    await suite.app.server.listen({ port: 0, host: '127.0.0.1' })
    suite.base = `http://127.0.0.1:${(suite.app.server.server.address() as { port: number }).port}`
    suite.client = billingClient(suite.app, () => suite.base)
    const catalogue = await suite.client.plans()
    suite.pro = catalogue.find((p) => p.slug === 'standard')!
    suite.ultra = catalogue.find((p) => p.slug === 'ultra')!
  })
  afterAll(() => suite.app.close())
  return suite
}

/** The billing API as the checkout page calls it. */
export function billingClient(app: TestApp, base: () => string) {
  const inject = (
    tokens: TokenPair,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.server.inject({
      method,
      url,
      headers: { ...bearer(tokens.access_token), ...headers },
      ...(payload ? { payload } : {}),
    })

  const client = {
    inject,
    plans: async () =>
      (await app.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })).json<
        Plan[]
      >(),
    subscription: async (tokens: TokenPair) =>
      (await inject(tokens, 'GET', '/api/v1/subscriptions/me')).json<SubscriptionResponse>(),
    order: (tokens: TokenPair, payload: Record<string, unknown>, key?: string) =>
      inject(
        tokens,
        'POST',
        '/api/v1/payments/orders',
        payload,
        key ? { 'x-idempotency-key': key } : {},
      ),
    /** A PIX order for the plan, monthly unless `extra` says otherwise, as the checkout opens it. */
    pixOrder: async (
      tokens: TokenPair,
      planId: number,
      extra: Record<string, unknown> = {},
    ): Promise<OrderResponse> => {
      const res = await client.order(tokens, {
        plan_id: planId,
        billing_cycle: 'MONTHLY',
        payment_method: 'PIX',
        ...extra,
      })
      if (res.statusCode !== 200) throw new Error(`PIX order failed: ${res.body}`)
      return res.json<OrderResponse>()
    },
    publicKey: async (tokens: TokenPair) =>
      (await inject(tokens, 'GET', '/api/v1/payments/public-key')).json<PublicKeyResponse>(),
    /** Seals the card as the SDK would and tokenises it; returns the token id. */
    tokenize: async (tokens: TokenPair, card: CardInput): Promise<string> => {
      const { public_key } = await client.publicKey(tokens)
      const expMonth = card.month ?? 12
      const expYear = card.year ?? 2099
      const holder = card.holder ?? 'JOGADORA DA AREIA'
      const encrypted = sealCardForTests(public_key, {
        number: card.number,
        securityCode: card.cvv ?? '123',
        expMonth,
        expYear,
        holder,
      })
      const res = await inject(tokens, 'POST', '/api/v1/payments/tokenize-card', {
        encrypted,
        holder,
        brand: 'visa',
        exp_month: expMonth,
        exp_year: expYear,
      })
      if (res.statusCode !== 200) throw new Error(`tokenize failed: ${res.body}`)
      return res.json<{ id: string }>().id
    },
    /** Tokenises and orders in one go, as the card form's submit does. */
    payByCard: async (
      tokens: TokenPair,
      planId: number,
      card: CardInput,
      extra: Record<string, unknown> = {},
    ) =>
      client.order(tokens, {
        plan_id: planId,
        billing_cycle: 'MONTHLY',
        payment_method: 'CARD',
        card_token: await client.tokenize(tokens, card),
        card_cvv: card.cvv ?? '123',
        ...extra,
      }),
    payPix: async (order: OrderResponse) => {
      const res = await fetch(`${base()}${order.simulator_pay_url}`, { method: 'POST' })
      if (res.status !== 200) throw new Error(`simulated PIX payment failed: ${res.status}`)
    },
  }
  return client
}

/** E-mails written to an address, newest first. */
export async function mailsTo(email: string) {
  const { db } = await testDatabase({ reset: false })
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id))
}

/** Moves the app's clock to `at` (never backwards) and returns how far it went, to undo it. */
export function moveClockTo(app: TestApp, at: Date): number {
  const seconds = Math.max(0, (at.getTime() - app.clock.now().getTime()) / 1000)
  app.clock.advance(seconds)
  return seconds
}
