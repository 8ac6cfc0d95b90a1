import vm from 'node:vm'
import type { OrderResponse, Plan, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardTokens, orders, subscriptions } from '../src/db/schema'
import { createTestApp, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { billingClient, CARDS } from './helpers/billing'
import { testDatabase } from './helpers/database'

let app: TestApp
let base: string
let pro: Plan
let client: ReturnType<typeof billingClient>
const logLines: string[] = []

beforeAll(async () => {
  app = await createTestApp(
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  )
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`
  client = billingClient(app, () => base)
  pro = (await client.plans()).find((p) => p.slug === 'standard')!
})
afterAll(() => app.close())

const db = async () => (await testDatabase({ reset: false })).db
const userId = async (tokens: TokenPair) =>
  (await status(app, tokens.access_token)).json<{ id: string }>().id

describe('the card SDK and its key', () => {
  it('hands out the public key and a same-origin SDK whose encryptCard the gateway can open', async () => {
    const tokens = await signUpAndLogIn(app, 'sdk@example.com')
    const key = await client.publicKey(tokens)
    expect(key.sdk_url).toBe('/sandbox/pagbank/sdk.js')
    expect(key.public_key).toMatch(/^MIIB[A-Za-z0-9+/]+=*$/)
    const anonymous = await app.server.inject({ method: 'GET', url: '/api/v1/payments/public-key' })
    expect(anonymous.statusCode).toBe(401)

    const script = await fetch(`${base}${key.sdk_url}`)
    expect(script.headers.get('content-type')).toContain('javascript')
    // The script as a browser runs it: a window, nothing else.
    const window: Record<string, unknown> = {}
    vm.runInNewContext(await script.text(), Object.assign(window, { window }))
    const sdk = window.PagSeguro as { encryptCard(o: object): Record<string, unknown> }
    const bad = sdk.encryptCard({
      publicKey: key.public_key,
      holder: 'Maria 2',
      number: '123',
      expMonth: '13',
      expYear: '2030',
      securityCode: '1',
    })
    expect(bad.hasErrors).toBe(true)
    expect((bad.errors as Array<{ code: string }>).map((e) => e.code).sort()).toEqual([
      'INVALID_EXPIRATION_MONTH',
      'INVALID_HOLDER',
      'INVALID_NUMBER',
      'INVALID_SECURITY_CODE',
    ])
    const sealed = sdk.encryptCard({
      publicKey: key.public_key,
      holder: 'Joana Ávila',
      number: CARDS.masterApproved,
      expMonth: '12',
      expYear: '2099',
      securityCode: '123',
    })
    expect(sealed).toMatchObject({ hasErrors: false, errors: [] })
    const tokenised = await client.inject(tokens, 'POST', '/api/v1/payments/tokenize-card', {
      encrypted: sealed.encryptedCard,
      holder: 'Joana Ávila',
      brand: '',
      exp_month: 12,
      exp_year: 2099,
    })
    expect(tokenised.statusCode).toBe(200)
    const res = await client.order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'YEARLY',
      payment_method: 'CARD',
      card_token: tokenised.json<{ id: string }>().id,
      card_cvv: '123',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'PAID', amount: 599 })
    // The holder on the charge is the name the player typed (the sealed copy is stripped of accents).
    const [charge] = app.simulator!.chargesOf('sdk@example.com')
    expect(charge?.payment_method).toMatchObject({ card: { holder: { name: 'Joana Ávila' } } })
  })

  it('refuses expired or malformed cards at tokenising', async () => {
    const tokens = await signUpAndLogIn(app, 'vencido@example.com')
    const past = app.clock.now()
    const expired = await client.inject(tokens, 'POST', '/api/v1/payments/tokenize-card', {
      encrypted: 'A'.repeat(344),
      holder: 'JOGADOR',
      exp_month: past.getUTCMonth() === 0 ? 12 : past.getUTCMonth(),
      exp_year: past.getUTCMonth() === 0 ? past.getUTCFullYear() - 1 : past.getUTCFullYear(),
    })
    expect(expired.statusCode).toBe(422)
    expect(expired.json()).toEqual({
      detail: 'Cartão vencido. Confira a validade ou use outro cartão.',
      code: 'card_expired',
    })
    const garbage = await client.inject(tokens, 'POST', '/api/v1/payments/tokenize-card', {
      encrypted: 'isto não é base64 <script>',
      holder: 'JOGADOR',
      exp_month: 12,
      exp_year: 2099,
    })
    expect(garbage.json()).toEqual({ detail: 'Dados do cartão inválidos.', code: 'card_invalid' })
  })
})

describe('with a real PagBank account', () => {
  it("admits PagBank's SDK origin for scripts only then, and mounts no simulator", async () => {
    const live = await createTestApp(
      { PAGBANK_TOKEN: 'token-de-producao', PUBLIC_ORIGIN: 'https://areia.example' },
      {},
      { resetDatabase: false },
    )
    try {
      expect(live.simulator).toBeUndefined()
      const res = await live.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self' https://assets.pagseguro.com.br;")
      expect(csp).toContain("connect-src 'self';")
      const sdk = await live.server.inject({ method: 'GET', url: '/sandbox/pagbank/sdk.js' })
      expect(sdk.statusCode).toBe(404)
    } finally {
      await live.close()
    }
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';")
  })
})

describe('card checkout with the sandbox test cards', () => {
  it.each([
    ['VISA', CARDS.visaApproved],
    ['MASTERCARD', CARDS.masterApproved],
  ])(
    'an approved %s card activates the plan at once, and stores the card for renewals',
    async (brand, number) => {
      const email = `aprovado-${brand.toLowerCase()}@example.com`
      const tokens = await signUpAndLogIn(app, email)
      const res = await client.payByCard(tokens, pro.id, { number }, { coupon_code: 'AREIA10' })
      expect(res.statusCode).toBe(200)
      const order = res.json<OrderResponse>()
      expect(order).toMatchObject({ payment_method: 'CARD', status: 'PAID', amount: 53.91 })
      expect(order.pix_qr_code_text).toBeNull()
      const sub = await client.subscription(tokens)
      expect(sub).toMatchObject({
        status: 'ACTIVE',
        payment_method: 'CARD',
        billing_cycle: 'MONTHLY',
      })
      expect(sub?.withdrawal_until).not.toBeNull()
      expect((await status(app, tokens.access_token)).json()).toMatchObject({
        payment_status: 'PAYMENT_OK',
      })
      const charges = app.simulator!.chargesOf(email)
      expect(charges).toHaveLength(1)
      expect(charges[0]).toMatchObject({
        status: 'PAID',
        amount: { value: 5391 },
        recurring: { type: 'INITIAL' },
      })
      const [row] = await (
        await db()
      )
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, await userId(tokens)))
      const stored = charges[0]!.payment_method as { card: { id: string } }
      expect(row?.cardId).toBe(stored.card.id)

      // The webhook PagBank sends for the same charge changes nothing.
      await new Promise((r) => setTimeout(r, 300))
      expect((await client.subscription(tokens))?.expires_at).toBe(sub?.expires_at)
      // The token was for one use.
      const tokenRows = await (
        await db()
      )
        .select()
        .from(cardTokens)
        .where(eq(cardTokens.userId, await userId(tokens)))
      expect(tokenRows).toHaveLength(0)
    },
  )

  it.each([
    ['VISA', CARDS.visaDeclined],
    ['MASTERCARD', CARDS.masterDeclined],
  ])(
    'a declined %s card answers 402 with the reason and activates nothing',
    async (brand, number) => {
      const email = `recusado-${brand.toLowerCase()}@example.com`
      const tokens = await signUpAndLogIn(app, email)
      const res = await client.payByCard(tokens, pro.id, { number }, {})
      expect(res.statusCode).toBe(402)
      expect(res.json()).toEqual({
        detail: 'Pagamento recusado pelo emissor do cartão. Confira os dados ou use outro cartão.',
        code: 'card_declined',
      })
      expect(await client.subscription(tokens)).toBeNull()
      expect((await status(app, tokens.access_token)).json()).toMatchObject({
        payment_status: 'FREE',
      })
      expect(app.simulator!.chargesOf(email)).toMatchObject([{ status: 'DECLINED' }])
      const rows = await (
        await db()
      )
        .select()
        .from(orders)
        .where(eq(orders.userId, await userId(tokens)))
      expect(rows.map((o) => o.status)).toEqual(['DECLINED'])
    },
  )

  it('a wrong CVV is declined with its own message', async () => {
    const tokens = await signUpAndLogIn(app, 'cvv@example.com')
    const res = await client.order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: await client.tokenize(tokens, { number: CARDS.visaApproved, cvv: '123' }),
      card_cvv: '999',
    })
    expect(res.statusCode).toBe(402)
    expect(res.json<{ detail: string }>().detail).toMatch(/código de segurança/)
    expect(await client.subscription(tokens)).toBeNull()
  })

  it('a token is used once, and only by its owner', async () => {
    const owner = await signUpAndLogIn(app, 'dono-token@example.com')
    const thief = await signUpAndLogIn(app, 'ladrao-token@example.com')
    const token = await client.tokenize(owner, { number: CARDS.visaApproved })
    const stolen = await client.order(thief, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: token,
      card_cvv: '123',
    })
    expect(stolen.statusCode).toBe(422)
    expect(app.simulator!.chargesOf('ladrao-token@example.com')).toHaveLength(0)
    const body = {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: token,
      card_cvv: '123',
    }
    expect((await client.order(owner, body)).statusCode).toBe(200)
    await client.inject(owner, 'POST', '/api/v1/subscriptions/me/cancel')
    const again = await client.order(owner, body)
    expect(again.statusCode).toBe(422)
    expect(app.simulator!.chargesOf('dono-token@example.com')).toHaveLength(1)
  })

  it("another player's order is not found", async () => {
    const a = await signUpAndLogIn(app, 'pedido-a@example.com')
    const b = await signUpAndLogIn(app, 'pedido-b@example.com')
    const created = (
      await client.order(a, { plan_id: pro.id, billing_cycle: 'MONTHLY', payment_method: 'PIX' })
    ).json<OrderResponse>()
    const mine = await client.inject(a, 'GET', `/api/v1/payments/orders/${created.id}`)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ id: created.id, status: 'PENDING' })
    const theirs = await client.inject(b, 'GET', `/api/v1/payments/orders/${created.id}`)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ detail: 'Pedido não encontrado.', code: 'not_found' })
    expect((await client.inject(b, 'GET', '/api/v1/payments/orders/nada')).statusCode).toBe(404)
  })
})

describe('idempotency at the gateway', () => {
  it('ten identical card orders at once with one key make one charge', async () => {
    const tokens = await signUpAndLogIn(app, 'dez-cartao@example.com')
    const body = {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: await client.tokenize(tokens, { number: CARDS.visaApproved }),
      card_cvv: '123',
    }
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.order(tokens, body, 'chave-cartao-0001')),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(results.map((r) => r.json<OrderResponse>().id)).size).toBe(1)
    expect(results.every((r) => r.json<OrderResponse>().status === 'PAID')).toBe(true)
    expect(app.simulator!.chargesOf('dez-cartao@example.com')).toHaveLength(1)
  })

  it('ten identical declined card orders at once with one key make one charge and one answer', async () => {
    const tokens = await signUpAndLogIn(app, 'dez-recusa@example.com')
    const body = {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: await client.tokenize(tokens, { number: CARDS.visaDeclined }),
      card_cvv: '123',
    }
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.order(tokens, body, 'chave-recusa-0001')),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(402))
    expect(app.simulator!.chargesOf('dez-recusa@example.com')).toHaveLength(1)
  })

  it('ten identical PIX orders at once with one key make one gateway order', async () => {
    const tokens = await signUpAndLogIn(app, 'dez-pix@example.com')
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.order(
          tokens,
          { plan_id: pro.id, billing_cycle: 'YEARLY', payment_method: 'PIX' },
          'chave-pix-00001',
        ),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
    const texts = new Set(results.map((r) => r.json<OrderResponse>().pix_qr_code_text))
    expect(texts.size).toBe(1)
    expect([...texts][0]).toMatch(/^000201/)
    expect(app.simulator!.ordersOf('dez-pix@example.com')).toHaveLength(1)
  })
})

describe('card data in logs', () => {
  it('never writes the number, the CVV or the sealed card', async () => {
    const tokens = await signUpAndLogIn(app, 'logs@example.com')
    const { public_key } = await client.publicKey(tokens)
    expect(public_key.length).toBeGreaterThan(100)
    const before = logLines.length
    const token = await client.tokenize(tokens, { number: CARDS.masterApproved, cvv: '321' })
    const res = await client.order(tokens, {
      plan_id: pro.id,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      card_token: token,
      card_cvv: '321',
    })
    expect(res.statusCode).toBe(200)
    const written = logLines.slice(before).join('\n')
    // Trace level logs every request; none of them carries card data.
    expect(written).toContain('/api/v1/payments/orders')
    expect(written).not.toContain(CARDS.masterApproved)
    expect(written).not.toContain('"321"')
    expect(written).not.toContain('card_cvv')
    expect(written).not.toMatch(/[A-Za-z0-9+/]{300,}/)
  })
})
