import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { OrderResponse, Plan, TokenPair } from '@areia/contracts'
import * as coach from '@areia/coach'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { PushSender } from '../../src/adapters/push'
import { analysisChunks, auditLog, userIdentities, users, videoAnalyses } from '../../src/db/schema'
import { createEmbeddedEngine } from '../../src/modules/coaching/embedded-engine'
import { CoachingStore } from '../../src/modules/coaching/store'
import { fixtureVideo } from '../fixtures/videos'
import { fixtureBytes, fixtureResult, staff } from './analysis'
import { callAs, createTestApp, listen, type Method, signUpAndLogIn, type TestApp } from './app'
import { billingClient } from './billing'
import { waitUntil } from './wait'
import { testDatabase } from './database'
import { TestSocket } from './socket'
import { pathOf } from './videos'

export interface PlayerContext {
  app: TestApp
  base: string
  dataDir: string
  /** Payloads the push sender was given. */
  pushed: string[]
}

/**
 * The app the whole-player suites run, listening, with its own data folder, pushes recorded and
 * the real (seeded) coaching engine; filled before the suite's tests run and closed after them.
 */
export function playerSuite(tmpPrefix: string): PlayerContext {
  const suite = { pushed: [] as string[] } as PlayerContext
  beforeAll(async () => {
    suite.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix))
    suite.app = await createTestApp(
      { DATA_DIR: suite.dataDir },
      {
        pushSender: recordingPushSender(suite.pushed),
        coachEngine: createEmbeddedEngine(coach.seededRng(7)),
      },
    )
    suite.base = await listen(suite.app)
  })
  afterAll(() => suite.app.close())
  return suite
}

/** A browser push service that accepts everything, so notifications flow through the job queue. */
export function recordingPushSender(pushed: string[]): PushSender {
  return {
    publicKey:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    send: async (_target, payload) => {
      pushed.push(payload)
    },
  }
}

const ok = async <R extends { statusCode: number; body: string }>(
  res: Promise<R>,
  expected = [200, 201],
): Promise<R> => {
  const r = await res
  if (!expected.includes(r.statusCode)) throw new Error(`${r.statusCode}: ${r.body}`)
  return r
}

/**
 * Builds a player who touched every module, through the API where it can (chat, waiting list,
 * PIX with a coupon, card, partner, memory, push, upload) and in the tables where the feature's
 * own path is not the point (team, analysis, Google identity); returns what the tests check.
 */
export async function playerWhoUsedEverything(
  { app, base, dataDir, pushed }: PlayerContext,
  { EMAIL, NAME, CPF }: { EMAIL: string; NAME: string; CPF: string },
) {
  const call = (tokens: TokenPair, method: Method, url: string, payload?: object) =>
    callAs(app, tokens, method, url, payload)
  const { db } = await testDatabase({ reset: false })
  const billing = billingClient(app, () => base)
  // Not derived from the player's e-mail, so the operator's rows never mention the player.
  const operatorEmail = `operadora-${Math.random().toString(36).slice(2, 8)}@areia.test`
  const operator = await staff(app, operatorEmail, 'ADMIN')
  const tokens = await signUpAndLogIn(app, EMAIL)
  const user = await app.services.users.findByEmail(EMAIL)
  if (!user) throw new Error('user missing')
  const userId = user.id

  await ok(
    call(tokens, 'PUT', '/api/v1/profile/me', {
      name: NAME,
      tax_id: CPF,
      address_street: 'Rua das Gaivotas',
      address_number: '12',
      address_neighborhood: 'Jurerê',
      address_city: 'Florianópolis',
      address_region_code: 'SC',
      address_postal_code: '88053000',
      category: 'C',
    }),
  )
  // Onboarding in the chat, then a team as the engine builds it.
  const socket = await TestSocket.open(
    `${base.replace('http', 'ws')}/api/v1/chat/ws?token=${tokens.access_token}`,
  )
  socket.send({ type: 'message', text: `Oi, eu sou a ${NAME}` })
  await socket.untilMessages(2)
  const team = coach.createTeam({ profile: { category: 'C' }, rng: coach.seededRng(userId) })
  await new CoachingStore().insertCoaches(
    db,
    userId,
    team.coaches.map((c) => ({ name: c.name, archetype: c.archetype, persona: c })),
  )
  await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, userId))

  // Waiting list for Ultra; an operator invites her (audit entry and e-mail name her). Paying
  // takes her off the list, so its row is gone before the deletion; the e-mails stay.
  await ok(
    call(tokens, 'POST', '/api/v1/waitlist/join', {
      plan_name: 'Ultra Mensal',
      final_price: 119.9,
    }),
  )
  await ok(call(operator, 'POST', '/api/v1/admin/waitlist/open-spots', { count: 1 }))

  // Pro through the simulated PagBank, PIX with the demo coupon; then a card tokenised.
  const plans = await billing.plans()
  const pro = plans.find((p: Plan) => p.slug === 'standard')!
  const order = (
    await ok(
      billing.order(tokens, {
        plan_id: pro.id,
        billing_cycle: 'MONTHLY',
        coupon_code: 'AREIA10',
        payment_method: 'PIX',
      }),
    )
  ).json<OrderResponse>()
  await billing.payPix(order)
  await waitUntil(async () => (await billing.subscription(tokens))?.status === 'ACTIVE')
  await billing.tokenize(tokens, { number: '4539620659922097', holder: NAME.toUpperCase() })

  // Agent Store partner, memory, push subscription, group chat.
  await ok(call(tokens, 'POST', '/api/v1/agents/conversation', { slug: 'cora-nutricao' }))
  await ok(
    call(tokens, 'POST', '/api/v1/memory/facts', { text: `${NAME} joga de manhã em Jurerê` }),
  )
  await ok(
    call(tokens, 'POST', '/api/v1/notifications/subscribe', {
      subscription_info: {
        endpoint: 'https://push.example.com/send/navegador-do-jogador',
        keys: {
          p256dh: recordingPushSender([]).publicKey,
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
        },
      },
    }),
  )
  const before = socket.messages().length
  socket.send({ type: 'message', text: '@Cora o que comer antes do jogo?' })
  await socket.untilMessages(before + 2)
  await socket.close()
  // After the chat: a role change closes the player's sockets (the app opens them again).
  await ok(call(operator, 'PUT', `/api/v1/admin/players/${userId}/role`, { role: 'ANALYST' }))
  await ok(call(operator, 'PUT', `/api/v1/admin/players/${userId}/role`, { role: 'USER' }))
  // A reply while no chat is open goes out as a push notification, through the job queue.
  await app.services.push.notify(userId, {
    title: 'Cora respondeu',
    body: `Boa, ${NAME}! Coma leve duas horas antes.`,
    url: '/chat',
    tag: 'chat',
  })
  await waitUntil(async () => pushed.length > 0)

  // A video in storage, and its analysis with artifacts under analyses/{videoId}/.
  const created = (
    await ok(call(tokens, 'POST', '/api/v1/videos/upload-url', { content_type: 'video/mp4' }))
  ).json<{
    upload_url: string
    video_id: number
  }>()
  await ok(
    app.server.inject({
      method: 'PUT',
      url: pathOf(created.upload_url),
      headers: { 'content-type': 'video/mp4' },
      payload: fixtureVideo('game').bytes,
    }),
  )
  const videoId = created.video_id
  const artifacts = path.join(dataDir, 'videos', 'analyses', String(videoId))
  fs.mkdirSync(artifacts, { recursive: true })
  for (const f of ['keyframe.jpg', 'heatmap.png', 'clip.mp4'] as const) {
    fs.writeFileSync(path.join(artifacts, f), fixtureBytes(f))
  }
  const result = fixtureResult() as unknown as Record<string, unknown>
  const [operatorRow] = await db.select().from(users).where(eq(users.email, operatorEmail))
  await db.insert(videoAnalyses).values({
    videoId,
    stage: 'PUBLISHED',
    percent: 100,
    result,
    artifacts: {
      keyframe: `analyses/${videoId}/keyframe.jpg`,
      heatmaps: { '1': `analyses/${videoId}/heatmap.png` },
      clips: [`analyses/${videoId}/clip.mp4`],
    },
    playerTrackId: 1,
    reportMarkdown: `## Relatório de ${NAME}\n\nVocê correu 1,2 km.`,
    reviewedBy: operatorRow!.id,
    publishedAt: app.clock.now(),
  })
  await db
    .insert(analysisChunks)
    .values({ videoId, run: 1, index: 0, fromSec: 0, toSec: 31, result })
  await db.insert(auditLog).values({
    actorId: operatorRow!.id,
    actorEmail: operatorEmail,
    action: 'analysis.publish',
    targetType: 'video',
    targetId: String(videoId),
    details: { player: NAME, player_email: EMAIL },
  })
  // Signed in with Google too.
  await db
    .insert(userIdentities)
    .values({ provider: 'google', subject: '1098765432101234567890', userId, email: EMAIL })
  return { userId, tokens, videoId, orderId: order.id, operatorEmail }
}
