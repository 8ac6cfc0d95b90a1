import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { MatchTags, Plan, ReportShareResponse, TokenPair } from '@areia/contracts'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { videos } from '../src/db/schema'
import { analystApi, pointTag, seedAnalysed, staff, withTeam } from './helpers/analysis'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { billingClient, CARDS } from './helpers/billing'
import { testDatabase } from './helpers/database'
import { declaresStatus } from './helpers/fuzz-suite'
import { expectPtBrError, routeKey, routesOf } from './helpers/routes'
import { mutate, mutations } from './helpers/state-fuzz'
import { payingPlayer } from './helpers/videos'

/**
 * Bad input that only a real state reaches: the ids in the path exist and belong to the caller,
 * the body is one the route accepts with one or two of its values (nested ones included) turned
 * into junk or into integers past a column's range. The handlers' rules then run on it: never a
 * 500, every refusal a pt-BR `{detail, code}`. On the embedded database only, like the other
 * bad-input suites.
 */

const RUNS = 150

interface Target {
  /** The route, as the tables name it. */
  key: string
  token: () => TokenPair
  params?: () => Promise<Record<string, string>>
  /** A body the route accepts in the current state (fresh ids, the current revision…). */
  body?: () => Promise<unknown>
  query?: () => Promise<Record<string, unknown>>
  /** The request changed the state (a 2xx): what the next one needs is made again. */
  moved?: () => void
  /** Known inputs that must be refused cleanly, whatever the generator draws. */
  edges?: Array<(valid: Record<string, unknown>) => unknown>
}

const TAGS: MatchTags = {
  start_score: { sets: [], games: [0, 0], points: [0, 0], tiebreak: false },
  points: [
    pointTag({
      last_player: 2,
      score_after: { sets: [], games: [0, 0], points: [1, 0], tiebreak: false },
    }),
  ],
}

const BOXES = [0.05, 0.3, 0.55, 0.8].map((x, i) => ({
  number: i + 1,
  box: { x, y: 0.3, w: 0.1, h: 0.4 },
}))

let app: TestApp
let dataDir: string
const errorLines: string[] = []
let analyst: TokenPair
let player: { tokens: TokenPair; userId: string }
let buyer: TokenPair
let waiter: TokenPair
let pro: Plan
let targets: Target[] = []

const db = async () => (await testDatabase({ reset: false })).db

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-fuzz-state-'))
  app = await createTestApp(
    { DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    { logStream: { write: (line: string) => void errorLines.push(line) } },
  )
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`
  const billing = billingClient(app, () => base)
  pro = (await billing.plans()).find((p) => p.slug === 'standard')!
  analyst = await staff(app, 'analista-estado@areia.test', 'ANALYST')
  player = await payingPlayer(app, 'fuzz-estado@areia.test')
  await withTeam(player.userId)
  buyer = await signUpAndLogIn(app, 'fuzz-compra@areia.test')
  waiter = await signUpAndLogIn(app, 'fuzz-espera@areia.test')
  const api = analystApi(app, analyst)

  /** A video analysed and waiting for the analyst, its player track set. */
  const analysed = async () => {
    const id = await seedAnalysed(app, dataDir, player.userId, { gameDate: '2026-11-20' })
    expect((await api.player(id, 2)).statusCode).toBe(200)
    return id
  }
  /** A value made on first use and again after a request moved the state on. */
  const fresh = <T>(make: () => Promise<T>) => {
    let current: Promise<T> | undefined
    return { get: () => (current ??= make()), reset: () => (current = undefined) }
  }

  const tagsVideo = await analysed()
  const tagsRevision = async () =>
    (await api.call('GET', `/videos/${tagsVideo}/tags`)).json<{ revision: number }>().revision
  const analystVideo = await analysed()
  const awaiting = fresh(async () => {
    const [row] = await (
      await db()
    )
      .insert(videos)
      .values({
        userId: player.userId,
        source: 'GCS',
        status: 'AWAITING_IDENTIFICATION',
        contentType: 'video/mp4',
        storageKey: `users/${player.userId}/fuzz-${Date.now()}-${Math.random()}`,
        sizeBytes: 1000,
        identificationFrame: { status: 'ready', key: null, atSec: 3, players: BOXES },
      })
      .returning({ id: videos.id })
    return row!.id
  })
  const published = await analysed()
  expect(
    (await api.call('PUT', `/videos/${published}/tags`, { revision: 0, tags: TAGS })).statusCode,
  ).toBe(200)
  expect((await api.report(published, 'Bom jogo.')).statusCode).toBe(204)
  expect((await api.publish(published)).statusCode).toBe(204)
  /** The player's heatmap on the report's live link (a new link replaces it). */
  const sharedMedia = fresh(async () => {
    const shared = (
      await app.server.inject({
        method: 'POST',
        url: `/api/v1/videos/${published}/report/share`,
        headers: bearer(player.tokens.access_token),
        payload: { include_partner: true },
      })
    ).json<ReportShareResponse>()
    const report = (
      await app.server.inject({
        method: 'GET',
        url: `/api/v1/shared-reports/${shared.url.split('/r/')[1]}`,
      })
    ).json<{ player: { heatmap_url: string } }>()
    return new URL(report.player.heatmap_url, 'http://x')
  })

  const cardToken = (tokens: () => TokenPair) =>
    fresh(() => billing.tokenize(tokens(), { number: CARDS.visaApproved }))
  const buyerCard = cardToken(() => buyer)
  const playerCard = cardToken(() => player.tokens)
  const id = (n: number) => async () => ({ id: String(n) })

  targets = [
    {
      key: 'PUT /api/v1/analyst/videos/:id/tags',
      token: () => analyst,
      params: id(tagsVideo),
      body: async () => ({ revision: await tagsRevision(), tags: TAGS }),
      edges: [
        (v) => ({ ...v, revision: 2_147_483_648 }),
        (v) => ({ ...v, revision: 2_147_483_647 }),
        (v) => ({
          ...v,
          tags: { ...TAGS, points: [{ ...TAGS.points[0]!, rally_index: 2_147_483_648 }] },
        }),
        (v) => ({
          ...v,
          tags: { ...TAGS, points: [{ ...TAGS.points[0]!, start_sec: 1e308, end_sec: 1e308 }] },
        }),
      ],
    },
    {
      key: 'POST /api/v1/analyst/videos/:id/swap',
      token: () => analyst,
      params: id(analystVideo),
      body: async () => ({ a: 1, b: 2, from_sec: 3 }),
      edges: [(v) => ({ ...v, a: 2_147_483_648 }), (v) => ({ ...v, b: -2_147_483_649 })],
    },
    {
      key: 'PUT /api/v1/analyst/videos/:id/player',
      token: () => analyst,
      params: id(analystVideo),
      body: async () => ({ track_id: 2 }),
    },
    {
      key: 'PUT /api/v1/analyst/videos/:id/report',
      token: () => analyst,
      params: id(analystVideo),
      body: async () => ({ markdown: 'Jogou bem na rede.' }),
    },
    {
      key: 'PATCH /api/v1/videos/:id/identify',
      token: () => player.tokens,
      params: async () => ({ id: String(await awaiting.get()) }),
      body: async () => ({ player_identifier: 2, picked_box: BOXES[1]!.box }),
      moved: awaiting.reset,
      edges: [
        (v) => ({ ...v, player_identifier: 2_147_483_648 }),
        (v) => ({ ...v, picked_box: { x: 1e308, y: 0, w: 0.1, h: 0.1 } }),
      ],
    },
    {
      key: 'POST /api/v1/videos/:id/report/share',
      token: () => player.tokens,
      params: id(published),
      body: async () => ({ include_partner: false }),
      moved: sharedMedia.reset,
    },
    {
      key: 'GET /api/v1/shared-media/:share/:kind/:name',
      token: () => player.tokens,
      params: async () => {
        const [share, kind, name] = (await sharedMedia.get()).pathname.split('/').slice(4)
        return { share: share!, kind: kind!, name: name! }
      },
      query: async () => Object.fromEntries((await sharedMedia.get()).searchParams),
    },
    {
      key: 'POST /api/v1/payments/orders',
      token: () => buyer,
      body: async () => ({
        plan_id: pro.id,
        billing_cycle: 'MONTHLY',
        payment_method: 'CARD',
        coupon_code: 'AREIA10',
        card_token: await buyerCard.get(),
        card_cvv: '123',
      }),
      moved: buyerCard.reset,
      edges: [(v) => ({ ...v, plan_id: 2_147_483_648 }), (v) => ({ ...v, plan_id: -1 })],
    },
    {
      key: 'POST /api/v1/payments/tokenize-card',
      token: () => buyer,
      body: async () => {
        const { public_key } = await billing.publicKey(buyer)
        const { sealCardForTests } = await import('../src/adapters/payments/simulator-card')
        return {
          encrypted: sealCardForTests(public_key, {
            number: CARDS.visaApproved,
            securityCode: '123',
            expMonth: 12,
            expYear: 2099,
            holder: 'JOGADORA DA AREIA',
          }),
          holder: 'JOGADORA DA AREIA',
          brand: 'visa',
          exp_month: 12,
          exp_year: 2099,
        }
      },
      edges: [
        (v) => ({ ...v, exp_year: 2_147_483_648 }),
        (v) => ({ ...v, exp_month: 2 ** 53 + 1 }),
      ],
    },
    {
      key: 'POST /api/v1/subscriptions/coupons/validate',
      token: () => buyer,
      body: async () => ({ coupon_code: 'AREIA10' }),
    },
    {
      key: 'POST /api/v1/waitlist/join',
      token: () => waiter,
      body: async () => ({ plan_name: `${pro.name} Mensal`, final_price: pro.price_monthly }),
      edges: [(v) => ({ ...v, final_price: 1_000_000 })],
    },
    {
      key: 'POST /api/v1/subscriptions/me/change',
      token: () => player.tokens,
      // The same plan and cycle: any pending change is dropped (a move down is scheduled).
      body: async () => ({ plan_id: pro.id, billing_cycle: 'MONTHLY' }),
      edges: [(v) => ({ ...v, plan_id: 2_147_483_648 })],
    },
    {
      key: 'GET /api/v1/subscriptions/me/upgrade',
      token: () => player.tokens,
      query: async () => ({ plan_id: pro.id + 1, billing_cycle: 'MONTHLY' }),
      edges: [(v) => ({ ...v, plan_id: '2147483648' })],
    },
    {
      key: 'PUT /api/v1/subscriptions/me/card',
      token: () => player.tokens,
      body: async () => ({ card_token: await playerCard.get(), card_cvv: '123' }),
      moved: playerCard.reset,
    },
  ]
}, 120_000)
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Sends one request to `target` with `body`/`query` in place of the valid ones. */
async function send(
  target: Target,
  body: unknown,
  query: unknown,
): Promise<LightMyRequestResponse> {
  const [method, url] = target.key.split(' ') as [InjectOptions['method'], string]
  const params = (await target.params?.()) ?? {}
  const concrete = url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
  const search =
    query && typeof query === 'object'
      ? new URLSearchParams(
          // An object value ({ toString: false }) has no string form of its own: sent as JSON.
          Object.entries(query).map(([k, v]): [string, string] => [
            k,
            typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
          ]),
        ).toString()
      : ''
  return app.server.inject({
    method,
    url: search ? `${concrete}?${search}` : concrete,
    headers: { ...bearer(target.token().access_token), 'content-type': 'application/json' },
    ...(target.body ? { payload: JSON.stringify(body) ?? 'null' } : {}),
  })
}

async function check(target: Target, body: unknown, query: unknown) {
  const before = errorLines.length
  const res = await send(target, body, query)
  const log = errorLines.slice(before).join('')
  const label = `${target.key} ${res.statusCode} ${JSON.stringify({ body, query }).slice(0, 600)} ${res.body.slice(0, 300)} ${log.slice(0, 600)}`
  const route = routesOf(app).find((r) => routeKey(r) === target.key)!
  if (res.statusCode >= 500) expect(declaresStatus(route, res.statusCode), label).toBe(true)
  expect(log, label).not.toContain('unhandled error')
  if (res.statusCode >= 400) expectPtBrError(res, label)
  else target.moved?.()
  return res
}

describe('bad input on real state: valid ids, nearly valid bodies', () => {
  it('covers the routes it names', () => {
    const keys = routesOf(app).map(routeKey)
    for (const t of targets) expect(keys, t.key).toContain(t.key)
  })

  it.each([
    'PUT /api/v1/analyst/videos/:id/tags',
    'POST /api/v1/analyst/videos/:id/swap',
    'PUT /api/v1/analyst/videos/:id/player',
    'PUT /api/v1/analyst/videos/:id/report',
    'PATCH /api/v1/videos/:id/identify',
    'POST /api/v1/videos/:id/report/share',
    'GET /api/v1/shared-media/:share/:kind/:name',
    'POST /api/v1/payments/orders',
    'POST /api/v1/payments/tokenize-card',
    'POST /api/v1/subscriptions/coupons/validate',
    'POST /api/v1/waitlist/join',
    'POST /api/v1/subscriptions/me/change',
    'GET /api/v1/subscriptions/me/upgrade',
    'PUT /api/v1/subscriptions/me/card',
  ])('%s', { timeout: 300_000 }, async (key) => {
    const target = targets.find((t) => t.key === key)!
    // The valid request itself goes through: the state is what the route needs.
    const validBody = await target.body?.()
    const validQuery = await target.query?.()
    const valid = await check(target, validBody, validQuery)
    expect(valid.statusCode, `${key} ${valid.body}`).toBeLessThan(300)
    for (const edge of target.edges ?? []) {
      const body = await target.body?.()
      const query = await target.query?.()
      const res = target.body
        ? await check(target, edge(body as Record<string, unknown>), query)
        : await check(target, body, edge(query as Record<string, unknown>))
      expect(res.statusCode, `${key} ${res.body}`).toBeGreaterThanOrEqual(400)
    }
    let refused = 0
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        const body = await target.body?.()
        const query = await target.query?.()
        const res = target.body
          ? await check(target, mutate(body, changes), query)
          : await check(target, body, mutate(query, changes))
        if (res.statusCode >= 400) refused++
      }),
      { numRuns: RUNS },
    )
    // The mutations must reach the validator and the rules, not pass untouched.
    expect(refused, `${key}: recusados`).toBeGreaterThan(RUNS / 4)
  })
})
