import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { analystApi, seedAnalysed, staff, withTeam } from './helpers/analysis'
import { bearer, createTestApp, listen, signUpAndLogIn, type TestApp } from './helpers/app'
import { billingClient } from './helpers/billing'
import { concreteUrl, expectPtBrError, isStaffRoute, routeKey, routesOf } from './helpers/routes'
import { validInput } from './helpers/samples'
import { payingPlayer, uploadUrl } from './helpers/videos'

/**
 * Who may call each route. Every route of the table must be here (or under the console prefixes,
 * whose 401/403 walk is admin-authz.test.ts): a new route fails this file until it is classified.
 */
type Access =
  /** Anyone; a missing token is never the reason for a refusal. */
  | 'public'
  /** A signed-in player's own data, found through the session (no id in the URL). */
  | 'player'
  /** A per-user resource named by `:id`: another player gets 404 (see OWNED). */
  | 'owned'
  /** A signature in the URL (or the socket's token) stands in for the session. */
  | 'signed'
  /** The payment gateway, authenticated by its signature header. */
  | 'webhook'
  /** The embedded PagBank simulator (simulated payments only), PagBank's own auth. */
  | 'sandbox'

const ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /api/v1/auth/register/': 'public',
  'POST /api/v1/auth/login/': 'public',
  'POST /api/v1/auth/refresh/': 'public',
  'POST /api/v1/auth/logout/': 'public',
  'POST /api/v1/auth/password-reset/request': 'public',
  'POST /api/v1/auth/password-reset': 'public',
  'POST /api/v1/auth/email/confirm': 'public',
  'GET /api/v1/auth/google/config': 'public',
  'GET /api/v1/auth/google/start': 'public',
  'POST /api/v1/auth/google/': 'public',
  'GET /api/v1/subscriptions/plans': 'public',
  'GET /api/v1/public/legal': 'public',
  'GET /api/v1/notifications/public-key': 'public',
  // The token in the URL is the authority; revoked or unknown answers 404 (report-shares.test.ts).
  'GET /api/v1/shared-reports/:token': 'public',
  'GET /api/v1/shared-reports/:token/card.png': 'public',
  'PATCH /api/v1/users/me/password': 'player',
  'POST /api/v1/users/me/email/confirmation': 'player',
  'PUT /api/v1/users/me/email': 'player',
  'GET /api/v1/auth/me/status': 'player',
  'PUT /api/v1/profile/me': 'player',
  'GET /api/v1/users/me/export': 'player',
  'DELETE /api/v1/users/me': 'player',
  'GET /api/v1/chat/history': 'player',
  'GET /api/v1/progress': 'player',
  'PUT /api/v1/progress/goal': 'player',
  'GET /api/v1/progress/preferences': 'player',
  'PATCH /api/v1/progress/preferences': 'player',
  'POST /api/v1/chat/check-for-report': 'player',
  'POST /api/v1/subscriptions/coupons/validate': 'player',
  'POST /api/v1/waitlist/join': 'player',
  'GET /api/v1/payments/public-key': 'player',
  'POST /api/v1/payments/tokenize-card': 'player',
  'POST /api/v1/payments/orders': 'player',
  'GET /api/v1/subscriptions/me': 'player',
  'POST /api/v1/subscriptions/me/cancel': 'player',
  'POST /api/v1/subscriptions/me/withdraw': 'player',
  'GET /api/v1/subscriptions/me/upgrade': 'player',
  'POST /api/v1/subscriptions/me/change': 'player',
  'POST /api/v1/subscriptions/me/reactivate': 'player',
  'PUT /api/v1/subscriptions/me/card': 'player',
  'GET /api/v1/payments/receipts': 'player',
  'POST /api/v1/notifications/subscribe': 'player',
  'POST /api/v1/notifications/resubscribe': 'player',
  'POST /api/v1/notifications/unsubscribe': 'player',
  'POST /api/v1/videos/upload-url': 'player',
  'GET /api/v1/videos/me': 'player',
  'GET /api/v1/videos/awaiting-identification': 'player',
  'POST /api/v1/videos/from-link': 'player',
  // Agent slugs name the shared catalogue, not a player's resource.
  'GET /api/v1/agents': 'player',
  'GET /api/v1/agents/conversation': 'player',
  'POST /api/v1/agents/conversation': 'player',
  'DELETE /api/v1/agents/conversation/:slug': 'player',
  'POST /api/v1/agents/:slug/try': 'player',
  'GET /api/v1/memory': 'player',
  'PATCH /api/v1/memory/profile': 'player',
  'POST /api/v1/memory/facts': 'player',
  'DELETE /api/v1/memory/conversation': 'player',
  'GET /api/v1/payments/orders/:id': 'owned',
  'GET /api/v1/payments/receipts/:id': 'owned',
  'DELETE /api/v1/videos/:id': 'owned',
  'PATCH /api/v1/videos/:id/identify': 'owned',
  'GET /api/v1/videos/:id/identification': 'owned',
  'GET /api/v1/videos/:id/report': 'owned',
  'GET /api/v1/videos/:id/report/heatmap.png': 'owned',
  'GET /api/v1/videos/:id/report/share': 'owned',
  'GET /api/v1/videos/:id/report/card.png': 'owned',
  'POST /api/v1/videos/:id/report/share': 'owned',
  'DELETE /api/v1/videos/:id/report/share': 'owned',
  'PATCH /api/v1/memory/facts/:id': 'owned',
  'DELETE /api/v1/memory/facts/:id': 'owned',
  'GET /api/v1/chat/ws': 'signed',
  'PUT /api/v1/videos/uploads/:id': 'signed',
  'GET /api/v1/videos/:id/identification/frame': 'signed',
  'GET /api/v1/media/videos/:id/:kind/:name': 'signed',
  'GET /api/v1/shared-media/:share/:kind/:name': 'signed',
  'POST /api/v1/payments/webhooks/pagbank': 'webhook',
  'POST /sandbox/pagbank/orders': 'sandbox',
  'GET /sandbox/pagbank/orders/:id': 'sandbox',
  'POST /sandbox/pagbank/charges/:id/cancel': 'sandbox',
  'POST /sandbox/pagbank/charges/:id/chargeback': 'sandbox',
  'GET /sandbox/pagbank/public-keys/card': 'sandbox',
  'POST /sandbox/pagbank/public-keys': 'sandbox',
  'GET /sandbox/pagbank/sdk.js': 'sandbox',
  'POST /sandbox/pagbank/pix/pay/:id': 'sandbox',
}

type Resource = 'order' | 'receipt' | 'video' | 'reported-video' | 'fact'

/** For each owned route: whose resource it names, and a body valid for it (so only the id is wrong). */
const OWNED: Record<string, { resource: Resource; body?: unknown; ownerStatus?: number }> = {
  'GET /api/v1/payments/orders/:id': { resource: 'order' },
  'GET /api/v1/payments/receipts/:id': { resource: 'receipt' },
  'DELETE /api/v1/videos/:id': { resource: 'video' },
  // Still uploading: the owner hears why (409) where anyone else hears nothing (404).
  'PATCH /api/v1/videos/:id/identify': {
    resource: 'video',
    body: { player_identifier: 2 },
    ownerStatus: 409,
  },
  'GET /api/v1/videos/:id/identification': { resource: 'video' },
  'GET /api/v1/videos/:id/report': { resource: 'reported-video' },
  'GET /api/v1/videos/:id/report/heatmap.png': { resource: 'reported-video' },
  'GET /api/v1/videos/:id/report/share': { resource: 'reported-video' },
  'GET /api/v1/videos/:id/report/card.png': { resource: 'reported-video' },
  'POST /api/v1/videos/:id/report/share': { resource: 'reported-video' },
  'DELETE /api/v1/videos/:id/report/share': { resource: 'reported-video' },
  'PATCH /api/v1/memory/facts/:id': { resource: 'fact', body: { text: 'Joga de esquerda.' } },
  'DELETE /api/v1/memory/facts/:id': { resource: 'fact' },
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-authz-'))
let app: TestApp
let owner: TokenPair
let intruder: TokenPair
const ids = {} as Record<Resource, string>
/** Who owns each resource (orders need a player without a plan yet). */
const owners = {} as Record<Resource, TokenPair>

const call = (
  key: string,
  id: string | undefined,
  tokens: TokenPair | undefined,
  body?: unknown,
) => {
  const [method, url] = key.split(' ') as ['GET', string]
  return app.server.inject({
    method,
    url: concreteUrl(url, { id: id ?? '1', slug: 'nao-existe', kind: 'x', name: 'y' }),
    headers: tokens ? bearer(tokens.access_token) : {},
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir })
  // Listening: orders go through the PagBank simulator over loopback.
  const base = await listen(app)
  const first = await payingPlayer(app, 'dona@areia.test')
  owner = first.tokens
  intruder = (await payingPlayer(app, 'intrusa@areia.test')).tokens
  await withTeam(first.userId)

  const billing = billingClient(app, () => base)
  const pro = (await billing.plans()).find((p) => p.slug === 'standard')!
  owners.order = await signUpAndLogIn(app, 'compradora@areia.test')
  ids.order = (await billing.pixOrder(owners.order, pro.id)).id
  // A receipt: a PIX paid at the simulator.
  owners.receipt = await signUpAndLogIn(app, 'recibo@areia.test')
  await billing.payPix(await billing.pixOrder(owners.receipt, pro.id))
  ids.receipt = await vi.waitFor(
    async () => {
      const receipts = await app.server.inject({
        method: 'GET',
        url: '/api/v1/payments/receipts',
        headers: bearer(owners.receipt.access_token),
      })
      const [receipt] = receipts.json<Array<{ id: string }>>()
      expect(receipt).toBeDefined()
      return receipt!.id
    },
    { timeout: 10_000, interval: 100 },
  )
  const upload = await uploadUrl(app, owner)
  expect(upload.statusCode, upload.body).toBe(201)
  ids.video = String(upload.json<{ video_id: number }>().video_id)
  const fact = await app.server.inject({
    method: 'POST',
    url: '/api/v1/memory/facts',
    headers: bearer(owner.access_token),
    payload: { text: 'Prefere jogar de manhã.' },
  })
  expect(fact.statusCode, fact.body).toBeLessThan(300)
  ids.fact = String(fact.json<{ id: number }>().id)
  const reported = await seedAnalysed(app, dataDir, first.userId, { gameDate: '2026-11-20' })
  const analyst = analystApi(app, await staff(app, 'analista-matriz@areia.test', 'ANALYST'))
  await analyst.player(reported, 2)
  expect((await analyst.publish(reported)).statusCode).toBe(204)
  ids['reported-video'] = String(reported)
  owners.video = owners.fact = owners['reported-video'] = owner
}, 60_000)
afterAll(async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** What the owner sees of a resource, to prove another player's call changed nothing. */
async function ownerView(resource: Resource): Promise<unknown> {
  const url = {
    order: `/api/v1/payments/orders/${ids.order}`,
    receipt: '/api/v1/payments/receipts',
    video: '/api/v1/videos/me',
    'reported-video': `/api/v1/videos/${ids['reported-video']}/report`,
    fact: '/api/v1/memory',
  }[resource]
  const res = await app.server.inject({
    method: 'GET',
    url,
    headers: bearer(owners[resource].access_token),
  })
  expect(res.statusCode, url).toBe(200)
  // Signed media links are minted per request; everything else must be identical.
  const view = JSON.parse(res.body.replace(/"[^"]*[?&]signature=[^"]*"/g, '"<link>"')) as unknown
  if (resource !== 'reported-video') return view
  // The report's public link is part of what the owner sees of it.
  const share = await app.server.inject({
    method: 'GET',
    url: `${url}/share`,
    headers: bearer(owners[resource].access_token),
  })
  return { view, share: share.json<unknown>() }
}

describe('authorization matrix of the whole route table', () => {
  it('classifies every route (a new one fails here until it is)', () => {
    const unclassified = routesOf(app)
      .map(routeKey)
      .filter((key) => !isStaffRoute(key.split(' ')[1]!) && !ACCESS[key])
    expect(unclassified).toEqual([])
    for (const key of Object.keys(OWNED)) expect(ACCESS[key], key).toBe('owned')
    for (const [key, access] of Object.entries(ACCESS)) {
      if (access === 'owned') expect(OWNED[key], `${key}: recurso e corpo`).toBeDefined()
    }
  })

  it('every route with an id in its path is owned, signed, the sandbox or the console', () => {
    for (const key of routesOf(app).map(routeKey)) {
      if (!/:id\b/.test(key) || isStaffRoute(key.split(' ')[1]!)) continue
      expect(['owned', 'signed', 'sandbox'], key).toContain(ACCESS[key])
    }
  })

  const present = (access: Access) => () =>
    routesOf(app)
      .map(routeKey)
      .filter((key) => ACCESS[key] === access)

  it('public routes never ask for a session', async () => {
    for (const key of present('public')()) {
      const res = await call(key, undefined, undefined, key.startsWith('GET') ? undefined : {})
      expect(res.statusCode, key).not.toBe(401)
      expect(res.statusCode, key).toBeLessThan(500)
    }
  })

  it('player routes refuse a caller without a session', async () => {
    let reached = 0
    for (const key of present('player')()) {
      const route = routesOf(app).find((r) => routeKey(r) === key)!
      // An input the schemas accept, so nothing but the missing session can refuse it.
      const input = validInput(app, route)
      const res = await call(key, undefined, undefined, input?.body)
      if (input) {
        reached++
        expect(res.statusCode, `${key} ${res.body}`).toBe(401)
        expect(res.json(), key).toEqual({ detail: 'Não autenticado.', code: 'not_authenticated' })
      } else {
        // Inputs too particular to synthesise: validation may answer first, never the handler.
        expect([401, 400, 415, 422], `${key} ${res.body}`).toContain(res.statusCode)
        expectPtBrError(res, key)
      }
    }
    expect(reached, 'rotas testadas com uma entrada válida').toBeGreaterThan(25)
  })

  it("another player's id answers 404 and changes nothing; the owner's call works", async () => {
    // Reads and edits first; deletions last, each checked by the owner afterwards.
    const keys = present('owned')().sort(
      (a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')),
    )
    for (const key of keys) {
      const { resource, body, ownerStatus } = OWNED[key]!
      const id = ids[resource]
      const anonymous = await call(key, id, undefined, body)
      expect(anonymous.statusCode, `${key} sem sessão`).toBe(401)
      const before = await ownerView(resource)
      const other = await call(key, id, intruder, body)
      expect(await ownerView(resource), `${key}: nada mudou para a dona`).toEqual(before)
      expect(other.statusCode, `${key} de outra pessoa: ${other.body}`).toBe(404)
      expectPtBrError(other, key)
      const own = await call(key, id, owners[resource], body)
      if (ownerStatus) expect(own.statusCode, `${key} da dona: ${own.body}`).toBe(ownerStatus)
      else expect(own.statusCode, `${key} da dona: ${own.body}`).toBeLessThan(300)
    }
  })

  it('signed routes refuse a missing or forged signature', async () => {
    for (const key of present('signed')()) {
      const res = await call(key, ids.video, owner, key.startsWith('PUT') ? 'bytes' : undefined)
      expect(res.statusCode, `${key} ${res.body}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, key).toBeLessThan(500)
      expectPtBrError(res, key)
    }
  })

  it('the webhook refuses an unsigned call', async () => {
    for (const key of present('webhook')()) {
      const res = await call(key, undefined, owner, { id: ids.order })
      expect(res.statusCode, key).toBe(401)
      expectPtBrError(res, key)
    }
  })
})
