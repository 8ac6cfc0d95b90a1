import type {
  AdminAuditEntry,
  AdminCoupon,
  AdminOverview,
  AdminPlan,
  AdminPlayersPage,
  AdminWaitingVideo,
  AdminWaitlistEntry,
  Plan,
  TokenPair,
} from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { couponRedemptions, users, videos } from '../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { mailsTo } from './helpers/billing'
import { testDatabase } from './helpers/database'

let app: TestApp
let admin: TokenPair
let player: TokenPair
const db = async () => (await testDatabase({ reset: false })).db

async function withRole(email: string, role: 'ADMIN' | 'ANALYST' | 'USER') {
  const tokens = await signUpAndLogIn(app, email)
  await (await db()).update(users).set({ role }).where(eq(users.email, email))
  return tokens
}

const call = (
  tokens: TokenPair,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  app.server.inject({
    method,
    url,
    headers: bearer(tokens.access_token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function auditRows(): Promise<AdminAuditEntry[]> {
  const res = await call(admin, 'GET', '/api/v1/admin/audit')
  expect(res.statusCode).toBe(200)
  return res.json()
}

beforeAll(async () => {
  app = await createTestApp({ SALES_MODE: 'waitlist' })
  admin = await withRole('chefe@areia.test', 'ADMIN')
  player = await signUpAndLogIn(app, 'jogadora@areia.test')
})
afterAll(() => app.close())

describe('overview and the analysts’ queue', () => {
  it('counts players, paying players, waiting and overdue videos', async () => {
    const d = await db()
    await d
      .update(users)
      .set({ paymentStatus: 'PAYMENT_OK' })
      .where(eq(users.email, 'jogadora@areia.test'))
    const [owner] = await d.select().from(users).where(eq(users.email, 'jogadora@areia.test'))
    const now = app.clock.now().getTime()
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000)
    await d.insert(videos).values([
      {
        userId: owner!.id,
        source: 'GCS',
        status: 'QUEUED',
        storageKey: 'a',
        acceptedAt: hoursAgo(30),
      },
      {
        userId: owner!.id,
        source: 'GCS',
        status: 'IN_REVIEW',
        storageKey: 'b',
        acceptedAt: hoursAgo(2),
      },
      {
        userId: owner!.id,
        source: 'GCS',
        status: 'READY',
        storageKey: 'c',
        acceptedAt: hoursAgo(50),
      },
    ])
    const res = await call(admin, 'GET', '/api/v1/admin/overview')
    expect(res.statusCode).toBe(200)
    // The admin is staff, not a player.
    expect(res.json<AdminOverview>()).toEqual({
      players: 1,
      paying_players: 1,
      videos_waiting: 2,
      analyses_overdue: 1,
      waitlist_waiting: 0,
    })
    const queue = await call(admin, 'GET', '/api/v1/admin/videos/waiting')
    const rows = queue.json<AdminWaitingVideo[]>()
    expect(rows.map((v) => [v.status, v.overdue, v.player_email])).toEqual([
      ['QUEUED', true, 'jogadora@areia.test'],
      ['IN_REVIEW', false, 'jogadora@areia.test'],
    ])
  })
})

describe('players', () => {
  it('searches by e-mail or name, paginated, with plan and subscription', async () => {
    for (const n of [1, 2, 3]) await signUpAndLogIn(app, `busca${n}@areia.test`)
    await (
      await db()
    )
      .update(users)
      .set({ name: 'Marina Duarte' })
      .where(eq(users.email, 'busca2@areia.test'))
    const page1 = (
      await call(admin, 'GET', '/api/v1/admin/players?q=busca&page_size=2')
    ).json<AdminPlayersPage>()
    expect(page1.total).toBe(3)
    expect(page1.items).toHaveLength(2)
    const page2 = (
      await call(admin, 'GET', '/api/v1/admin/players?q=busca&page=2&page_size=2')
    ).json<AdminPlayersPage>()
    expect(page2.items).toHaveLength(1)
    const all = [...page1.items, ...page2.items].map((p) => p.email).sort()
    expect(all).toEqual(['busca1@areia.test', 'busca2@areia.test', 'busca3@areia.test'])
    const byName = (
      await call(admin, 'GET', '/api/v1/admin/players?q=marina')
    ).json<AdminPlayersPage>()
    expect(byName.items.map((p) => p.email)).toEqual(['busca2@areia.test'])
    expect(byName.items[0]).toMatchObject({
      role: 'USER',
      plan_name: null,
      subscription_status: null,
    })
    // LIKE wildcards are searched literally.
    const literal = (
      await call(admin, 'GET', '/api/v1/admin/players?q=%25')
    ).json<AdminPlayersPage>()
    expect(literal.total).toBe(0)
  })

  it('changes a role, audits it, and the new role applies at once', async () => {
    const target = (
      await call(admin, 'GET', '/api/v1/admin/players?q=busca1')
    ).json<AdminPlayersPage>().items[0]!
    const tokens = await signUpAndLogIn(app, 'analista@areia.test')
    const analyst = (
      await call(admin, 'GET', '/api/v1/admin/players?q=analista')
    ).json<AdminPlayersPage>().items[0]!
    expect((await call(tokens, 'GET', '/api/v1/admin/overview')).statusCode).toBe(403)
    const res = await call(admin, 'PUT', `/api/v1/admin/players/${analyst.id}/role`, {
      role: 'ANALYST',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ role: 'ANALYST' })
    expect((await call(tokens, 'GET', '/api/v1/admin/overview')).statusCode).toBe(200)
    expect((await call(tokens, 'GET', '/api/v1/admin/players')).statusCode).toBe(403)
    const [row] = await auditRows()
    expect(row).toMatchObject({
      actor_email: 'chefe@areia.test',
      action: 'player.role',
      target_type: 'user',
      target_id: analyst.id,
      details: { email: 'analista@areia.test', from: 'USER', to: 'ANALYST' },
    })
    const bad = await call(admin, 'PUT', `/api/v1/admin/players/${target.id}/role`, {
      role: 'ROOT',
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: string }>().detail).toMatch(/Papel inválido/)
    const me = (await status(app, admin.access_token)).json<{ id: string }>()
    const self = await call(admin, 'PUT', `/api/v1/admin/players/${me.id}/role`, { role: 'USER' })
    expect(self.statusCode).toBe(409)
    expect(self.json<{ detail: string }>().detail).toBe(
      'Você não pode alterar o seu próprio papel.',
    )
    const missing = await call(
      admin,
      'GET',
      '/api/v1/admin/players/6b0c8f3e-1f7e-4a55-9a8e-2f4f2e7e9d10',
    )
    expect(missing.statusCode).toBe(404)
  })
})

describe('plans', () => {
  it('edits prices, spots, limits and features; the public catalogue follows', async () => {
    const plans = (await call(admin, 'GET', '/api/v1/admin/plans')).json<AdminPlan[]>()
    const pro = plans.find((p) => p.slug === 'standard')!
    const res = await call(admin, 'PATCH', `/api/v1/admin/plans/${pro.id}`, {
      price_monthly: 64.9,
      spots: 10,
      partner_agent_limit: 2,
      analysis_turnaround_hours: 8,
      features: ['Chat ilimitado', 'Até 4 vídeos por mês'],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<AdminPlan>()).toMatchObject({
      price_monthly: 64.9,
      spots: 10,
      partner_agent_limit: 2,
      analysis_turnaround_hours: 8,
    })
    const pub = await app.server.inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })
    expect(
      pub
        .json<{ slug: string; price_monthly: number; features: string[] }[]>()
        .find((p) => p.slug === 'standard'),
    ).toMatchObject({
      price_monthly: 64.9,
      features: ['Chat ilimitado', 'Até 4 vídeos por mês'],
    })
    const [row] = await auditRows()
    expect(row).toMatchObject({
      action: 'plan.update',
      target_id: String(pro.id),
      details: { slug: 'standard' },
    })
  })

  it('refuses bad input with a pt-BR detail and changes nothing', async () => {
    const plans = (await call(admin, 'GET', '/api/v1/admin/plans')).json<AdminPlan[]>()
    const free = plans.find((p) => p.slug === 'free')!
    const before = (await auditRows()).length
    const priced = await call(admin, 'PATCH', `/api/v1/admin/plans/${free.id}`, {
      price_monthly: 10,
    })
    expect(priced.statusCode).toBe(422)
    expect(priced.json<{ detail: string }>().detail).toBe('O plano gratuito não pode ter preço.')
    const negative = await call(admin, 'PATCH', `/api/v1/admin/plans/${free.id}`, { spots: -1 })
    expect(negative.statusCode).toBe(422)
    expect(negative.json<{ detail: string }>().detail).toMatch(/Vagas: não pode ser negativo/)
    const instant = await call(admin, 'PATCH', `/api/v1/admin/plans/${free.id}`, {
      analysis_turnaround_hours: 0,
    })
    expect(instant.statusCode).toBe(422)
    expect(instant.json<{ detail: string }>().detail).toMatch(/Prazo da análise \(horas\)/)
    expect(
      (await call(admin, 'PATCH', `/api/v1/admin/plans/${free.id}`, {})).json<{ detail: string }>()
        .detail,
    ).toMatch(/Nada para alterar/)
    expect(
      (await call(admin, 'PATCH', '/api/v1/admin/plans/9999', { active: false })).statusCode,
    ).toBe(404)
    expect((await auditRows()).length).toBe(before)
  })
})

describe('coupons', () => {
  it('creates one a player can use, lists its redemptions, and expires it', async () => {
    const res = await call(admin, 'POST', '/api/v1/admin/coupons', {
      code: 'verao25',
      discount_percentage: 25,
      valid_until: new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
      max_redemptions: 50,
    })
    expect(res.statusCode).toBe(201)
    const coupon = res.json<AdminCoupon>()
    expect(coupon).toMatchObject({
      code: 'VERAO25',
      discount_percentage: 25,
      active: true,
      redemptions: 0,
    })
    const validate = () =>
      call(player, 'POST', '/api/v1/subscriptions/coupons/validate', { coupon_code: 'verao25' })
    expect((await validate()).json()).toEqual({ valid: true, discount_percentage: 25 })

    const [owner] = await (
      await db()
    )
      .select()
      .from(users)
      .where(eq(users.email, 'jogadora@areia.test'))
    await (await db()).insert(couponRedemptions).values({ couponId: coupon.id, userId: owner!.id })
    const used = await call(admin, 'GET', `/api/v1/admin/coupons/${coupon.id}/redemptions`)
    expect(used.json()).toEqual([expect.objectContaining({ user_email: 'jogadora@areia.test' })])

    const again = await call(admin, 'POST', '/api/v1/admin/coupons', {
      code: 'VERAO25',
      discount_percentage: 5,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json<{ detail: string }>().detail).toBe('Já existe um cupom com este código.')

    const expired = await call(admin, 'POST', `/api/v1/admin/coupons/${coupon.id}/expire`)
    expect(expired.json<AdminCoupon>()).toMatchObject({ active: false, redemptions: 1 })
    const other = await signUpAndLogIn(app, 'depois@areia.test')
    const late = await call(other, 'POST', '/api/v1/subscriptions/coupons/validate', {
      coupon_code: 'VERAO25',
    })
    expect(late.json()).toEqual({ valid: false, discount_percentage: null })
    const actions = (await auditRows()).slice(0, 2).map((r) => [r.action, r.details.code])
    expect(actions).toEqual([
      ['coupon.expire', 'VERAO25'],
      ['coupon.create', 'VERAO25'],
    ])
  })

  it('checks percentage, code and validity window', async () => {
    const bad = async (payload: object) => {
      const res = await call(admin, 'POST', '/api/v1/admin/coupons', payload)
      expect(res.statusCode).toBe(422)
      return res.json<{ detail: string }>().detail
    }
    expect(await bad({ code: 'X1Y', discount_percentage: 0 })).toMatch(/de 1% a 99%/)
    expect(await bad({ code: 'X1Y', discount_percentage: 100 })).toMatch(/de 1% a 99%/)
    expect(await bad({ code: 'a b', discount_percentage: 10 })).toMatch(/letras, números/)
    expect(
      await bad({
        code: 'JANELA',
        discount_percentage: 10,
        valid_from: '2026-02-01T00:00:00Z',
        valid_until: '2026-01-01T00:00:00Z',
      }),
    ).toMatch(/fim da validade deve ser depois do início/)
    // Past the column's range: refused like any bad number, never a server error.
    expect(
      await bad({ code: 'LIMITE', discount_percentage: 10, max_redemptions: 2_147_483_648 }),
    ).toMatch(/no máximo 1.000.000/)
  })
})

describe('waiting list', () => {
  it('opens N spots: the next N waiting players are e-mailed in order and marked invited', async () => {
    const line = ['fila1@areia.test', 'fila2@areia.test', 'fila3@areia.test']
    const players: TokenPair[] = []
    for (const email of line) {
      const tokens = await signUpAndLogIn(app, email)
      players.push(tokens)
      const joined = await call(tokens, 'POST', '/api/v1/waitlist/join', {
        plan_name: 'Ultra Mensal',
        final_price: 119.9,
      })
      expect(joined.statusCode).toBe(200)
      app.clock.advance(60)
    }
    const listed = (await call(admin, 'GET', '/api/v1/admin/waitlist')).json<AdminWaitlistEntry[]>()
    expect(listed.map((e) => [e.position, e.user_email, e.invited_at])).toEqual([
      [1, line[0], null],
      [2, line[1], null],
      [3, line[2], null],
    ])
    const opened = await call(admin, 'POST', '/api/v1/admin/waitlist/open-spots', { count: 2 })
    expect(opened.json()).toEqual({
      invited: [line[0], line[1]],
      message: '2 jogadores foram convidados por e-mail.',
    })
    for (const email of [line[0]!, line[1]!]) {
      const [mail] = await mailsTo(email)
      expect(mail?.subject).toBe('Abriu uma vaga no plano Ultra!')
    }
    expect((await mailsTo(line[2]!)).map((m) => m.subject)).not.toContain(
      'Abriu uma vaga no plano Ultra!',
    )
    const outbox = (await call(admin, 'GET', '/api/v1/admin/outbox')).json<
      { to: string; subject: string }[]
    >()
    expect(outbox.slice(0, 2).map((m) => m.to)).toEqual([line[1], line[0]])
    const after = (await call(admin, 'GET', '/api/v1/admin/waitlist')).json<AdminWaitlistEntry[]>()
    expect(after.map((e) => e.invited_at !== null)).toEqual([true, true, false])
    // Invited players are no longer waiting: their plan is open to them, not to the third.
    const seen = []
    for (const tokens of players) {
      const me = (await call(tokens, 'GET', '/api/v1/auth/me/status')).json<{
        payment_status: string
      }>()
      const plans = (await call(tokens, 'GET', '/api/v1/subscriptions/plans')).json<Plan[]>()
      seen.push([me.payment_status, plans.find((p) => p.slug === 'ultra')?.available])
    }
    expect(seen).toEqual([
      ['FREE', true],
      ['FREE', true],
      ['WAITING_LIST', false],
    ])
    const [row] = await auditRows()
    expect(row).toMatchObject({
      action: 'waitlist.open_spots',
      details: { requested: 2, invited: [line[0], line[1]] },
    })

    const rest = await call(admin, 'POST', '/api/v1/admin/waitlist/open-spots', { count: 5 })
    expect(rest.json<{ invited: string[] }>().invited).toEqual([line[2]])
    const none = await call(admin, 'POST', '/api/v1/admin/waitlist/open-spots', { count: 1 })
    expect(none.json()).toEqual({
      invited: [],
      message: 'Ninguém está aguardando na lista de espera.',
    })
    const zero = await call(admin, 'POST', '/api/v1/admin/waitlist/open-spots', { count: 0 })
    expect(zero.statusCode).toBe(422)
    expect(zero.json<{ detail: string }>().detail).toMatch(/^Abra pelo menos 1 vaga\./)
  })
})
