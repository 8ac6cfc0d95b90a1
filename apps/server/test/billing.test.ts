import type { Plan, TokenPair } from '@areia/contracts'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, couponRedemptions, mailOutbox, users, waitlistEntries } from '../src/db/schema'
import {
  bearer,
  createTestApp,
  signUpAndLogIn,
  status,
  type TestApp,
  deleteAccount,
} from './helpers/app'
import { SIGN_UP_CONFIRMATION, testDatabase } from './helpers/database'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const db = async () => (await testDatabase({ reset: false })).db

const validate = (tokens: TokenPair, code: unknown) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/coupons/validate',
    headers: bearer(tokens.access_token),
    payload: { coupon_code: code },
  })

const join = (tokens: TokenPair, payload: Record<string, unknown>) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/waitlist/join',
    headers: bearer(tokens.access_token),
    payload,
  })

describe('GET /api/v1/subscriptions/plans', () => {
  it('lists the seeded catalogue with prices in reais and Pro as the highlighted "standard"', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
    expect(res.statusCode).toBe(200)
    const plans = res.json<Plan[]>()
    expect(plans.map((p) => [p.slug, p.name, p.price_monthly, p.price_annually])).toEqual([
      ['free', 'Free Trial', 0, 0],
      ['standard', 'Pro', 59.9, 599],
      ['ultra', 'Ultra', 119.9, 1199],
    ])
    expect(plans[0]?.trial_days).toBe(7)
    for (const p of plans) {
      expect(p.features.length).toBeGreaterThan(2)
      expect(p.available).toBe(true)
    }
  })

  it('offers the waiting list instead when sales are closed or spots are gone', async () => {
    const closed = await createTestApp({ SALES_MODE: 'waitlist' }, {}, { resetDatabase: false })
    try {
      const plans = (
        await closed.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
      ).json<Plan[]>()
      expect(plans.every((p) => !p.available)).toBe(true)
    } finally {
      await closed.close()
    }
  })
})

describe('POST /api/v1/subscriptions/coupons/validate', () => {
  let tokens: TokenPair
  beforeAll(async () => {
    tokens = await signUpAndLogIn(app, 'cupom@example.com')
    const day = 86_400_000
    const now = app.clock.now().getTime()
    await (await db()).insert(coupons).values([
      { code: 'VENCIDO', discountPercentage: 20, validUntil: new Date(now - day) },
      { code: 'FUTURO', discountPercentage: 20, validFrom: new Date(now + day) },
      { code: 'DESATIVADO', discountPercentage: 20, active: false },
      { code: 'ESGOTADO', discountPercentage: 20, maxRedemptions: 1 },
      { code: 'USADO', discountPercentage: 15 },
      {
        code: 'VERAO25',
        discountPercentage: 25,
        validFrom: new Date(now - day),
        validUntil: new Date(now + day),
        maxRedemptions: 100,
      },
    ])
    const rows = await (await db()).select().from(coupons)
    const id = (code: string) => rows.find((c) => c.code === code)!.id
    const { id: userId } = (await status(app, tokens.access_token)).json<{ id: string }>()
    await (await db()).insert(couponRedemptions).values([
      { couponId: id('ESGOTADO'), userId: null },
      { couponId: id('USADO'), userId },
    ])
  })

  it('accepts a valid code in any case, with its percentage', async () => {
    expect((await validate(tokens, 'verao25')).json()).toEqual({
      valid: true,
      discount_percentage: 25,
    })
    expect((await validate(tokens, ' AREIA10 ')).json()).toEqual({
      valid: true,
      discount_percentage: 10,
    })
  })

  it.each(['VENCIDO', 'FUTURO', 'DESATIVADO', 'ESGOTADO', 'USADO', 'NAOEXISTE'])(
    'refuses %s',
    async (code) => {
      const res = await validate(tokens, code)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ valid: false, discount_percentage: null })
    },
  )

  it('asks for a code when it is empty', async () => {
    const res = await validate(tokens, '   ')
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toContain('Por favor, insira um código.')
  })

  it('stops a player from guessing codes by trying them all', async () => {
    const guesser = await signUpAndLogIn(app, 'adivinha@example.com')
    const codes = Array.from({ length: 20 }, (_, i) => `TENTA${i}`)
    for (const code of codes) expect((await validate(guesser, code)).statusCode).toBe(200)
    const blocked = await validate(guesser, 'VERAO25')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json<{ detail: string }>().detail).toMatch(/^Muitas tentativas de cupom\./)
  })

  it('needs a signed-in player', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/coupons/validate',
      payload: { coupon_code: 'AREIA10' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/v1/waitlist/join', () => {
  it('puts the player on the list with the price they were offered, and e-mails them', async () => {
    const tokens = await signUpAndLogIn(app, 'espera@example.com')
    const res = await join(tokens, {
      plan_name: 'Pro Mensal',
      final_price: 53.91,
      coupon_code: 'AREIA10',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Obrigado! Você está na lista de espera do plano Pro.' })
    const me = (await status(app, tokens.access_token)).json<{
      id: string
      payment_status: string
    }>()
    expect(me.payment_status).toBe('WAITING_LIST')
    const [entry] = await (
      await db()
    )
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, me.id))
    expect(entry).toMatchObject({
      billingCycle: 'MONTHLY',
      finalPriceCents: 5391,
      couponCode: 'AREIA10',
    })
    const mails = await (
      await db()
    )
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, 'espera@example.com'), ne(mailOutbox.subject, SIGN_UP_CONFIRMATION)),
      )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Você está na lista de espera do plano Pro')
    // Joining again (another plan) keeps one place in line.
    expect(
      (await join(tokens, { plan_name: 'Ultra Anual', final_price: 1199, coupon_code: null }))
        .statusCode,
    ).toBe(200)
    const entries = await (
      await db()
    )
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, me.id))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      billingCycle: 'YEARLY',
      finalPriceCents: 119900,
      couponCode: null,
    })
  })

  it.each([
    [{ plan_name: 'Pro Mensal', final_price: 10 }, 'O preço informado não confere'],
    [{ plan_name: 'Platinum Mensal', final_price: 10 }, 'Plano não encontrado.'],
    [{ plan_name: 'Free Trial Mensal', final_price: 0 }, 'Plano não encontrado.'],
    [{ plan_name: 'Pro', final_price: 59.9 }, 'Plano não encontrado.'],
    [
      { plan_name: 'Pro Mensal', final_price: 59.9, coupon_code: 'NAOEXISTE' },
      'Este cupom é inválido ou não existe.',
    ],
    [{ plan_name: 'Pro Mensal' }, ''],
  ])('refuses %o and changes nothing', async (payload, detail) => {
    const tokens = await signUpAndLogIn(app, `recusa${Math.random()}@example.com`)
    const res = await join(tokens, payload)
    expect(res.statusCode).toBe(422)
    expect(res.json<{ detail: string }>().detail).toContain(detail)
    expect((await status(app, tokens.access_token)).json()).toMatchObject({
      payment_status: 'FREE',
    })
  })

  it('refuses a player who already pays', async () => {
    const tokens = await signUpAndLogIn(app, 'pagante@example.com')
    await (
      await db()
    )
      .update(users)
      .set({ paymentStatus: 'PAYMENT_OK' })
      .where(eq(users.email, 'pagante@example.com'))
    const res = await join(tokens, { plan_name: 'Pro Mensal', final_price: 59.9 })
    expect(res.statusCode).toBe(409)
  })
})

describe('account deletion', () => {
  it('removes the e-mails written to the player along with everything else', async () => {
    const tokens = await signUpAndLogIn(app, 'apaga-espera@example.com')
    await join(tokens, { plan_name: 'Pro Mensal', final_price: 59.9 })
    const mailsTo = async () =>
      (await db()).select().from(mailOutbox).where(eq(mailOutbox.to, 'apaga-espera@example.com'))
    // The waiting-list e-mail and the sign-up's confirmation link.
    expect(await mailsTo()).toHaveLength(2)
    const res = await deleteAccount(app, tokens.access_token)
    expect(res.statusCode).toBe(204)
    expect(await mailsTo()).toHaveLength(0)
    expect(
      await (
        await db()
      )
        .select()
        .from(waitlistEntries)
        .innerJoin(users, eq(users.id, waitlistEntries.userId))
        .where(eq(users.email, 'apaga-espera@example.com')),
    ).toHaveLength(0)
  })
})
