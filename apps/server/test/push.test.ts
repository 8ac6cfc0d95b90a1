import https from 'node:https'
import webpush from 'web-push'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebPushSender } from '../src/adapters/push'
import { mailOutbox, pushSubscriptions } from '../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { SIGN_UP_CONFIRMATION, testDatabase } from './helpers/database'
import { startPushService } from './helpers/push-service'
import { waitUntil } from './helpers/wait'

let app: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
const keys = webpush.generateVAPIDKeys()

beforeAll(async () => {
  service = await startPushService()
  app = await createTestApp(
    // The local push service listens on loopback, which only an allowed host may.
    { PUSH_ALLOWED_HOSTS: '127.0.0.1' },
    {
      pushSender: createWebPushSender({
        keys,
        subject: 'mailto:teste@areia.app.br',
        agent: new https.Agent({ ca: service.ca }),
      }),
    },
  )
})
afterAll(async () => {
  await app.close()
  await service.close()
})

const subscribe = (token: string, subscription_info: unknown) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/notifications/subscribe',
    headers: bearer(token),
    payload: { subscription_info },
  })

const subscriptionsOf = async (userId: string) =>
  (await testDatabase({ reset: false })).db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))

describe('web push', () => {
  it('gives the VAPID public key', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/v1/notifications/public-key' })
    expect(res.json()).toEqual({ public_key: keys.publicKey })
  })

  it('delivers an encrypted, VAPID-signed notification that the browser can read', async () => {
    const tokens = await signUpAndLogIn(app, 'push@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    const browser = service.browser()
    expect((await subscribe(tokens.access_token, browser.subscription)).statusCode).toBe(201)
    const sent = await app.services.push.notify(id, {
      title: 'Rafa respondeu',
      body: 'Sobre o seu saque: …',
      url: '/chat',
      tag: 'chat',
    })
    expect(sent).toBe(1)
    await waitUntil(() => service.received.some((r) => r.endpointId === browser.id))
    const got = service.received.find((r) => r.endpointId === browser.id)!
    expect(JSON.parse(got.plaintext)).toEqual({
      title: 'Rafa respondeu',
      body: 'Sobre o seu saque: …',
      url: '/chat',
      tag: 'chat',
    })
    expect(got.headers.ttl).toBe('86400')
    expect(got.headers['content-encoding']).toBe('aes128gcm')
    expect(String(got.headers.topic)).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
    expect(got.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:teste@areia.app.br' })
    // Signed with our key, and the one the browser subscribed with.
    expect(got.vapidKey).toBe(keys.publicKey)
    expect(Number(got.vapid.exp)).toBeGreaterThan(Date.now() / 1000)
    await waitUntil(async () => (await subscriptionsOf(id))[0]?.lastSuccessAt != null)
  })

  it('retries after a 5xx and deletes a subscription the push service says is gone', async () => {
    const tokens = await signUpAndLogIn(app, 'push2@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    const flaky = service.browser()
    const gone = service.browser()
    service.respond(flaky, 503)
    service.respond(gone, 410)
    await subscribe(tokens.access_token, flaky.subscription)
    await subscribe(tokens.access_token, gone.subscription)
    expect(
      await app.services.push.notify(id, {
        title: 'Análise pronta',
        body: 'Veja',
        url: '/videos',
        tag: 'video-1',
      }),
    ).toBe(2)
    await waitUntil(() => service.received.some((r) => r.endpointId === flaky.id), 30_000)
    await waitUntil(async () => (await subscriptionsOf(id)).length === 1)
    expect((await subscriptionsOf(id))[0]?.endpoint).toBe(flaky.subscription.endpoint)
  }, 40_000)

  it('validates the subscription and lets a player unsubscribe only their own browsers', async () => {
    const a = await signUpAndLogIn(app, 'push-a@example.com')
    const b = await signUpAndLogIn(app, 'push-b@example.com')
    const browser = service.browser()
    expect(
      (
        await subscribe(a.access_token, {
          endpoint: 'http://inseguro',
          keys: browser.subscription.keys,
        })
      ).statusCode,
    ).toBe(422)
    expect(
      (
        await subscribe(a.access_token, {
          ...browser.subscription,
          keys: { p256dh: 'curta', auth: 'x' },
        })
      ).statusCode,
    ).toBe(422)
    await subscribe(a.access_token, browser.subscription)
    const unsubscribe = (token: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/v1/notifications/unsubscribe',
        headers: bearer(token),
        payload: { endpoint: browser.subscription.endpoint },
      })
    expect((await unsubscribe(b.access_token)).statusCode).toBe(404)
    const mine = await unsubscribe(a.access_token)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual({ message: 'Notificações desativadas.' })
    expect((await unsubscribe(a.access_token)).statusCode).toBe(404)
  })

  it('a player with no subscription cannot be reached by push', async () => {
    const tokens = await signUpAndLogIn(app, 'semPush@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(
      await app.services.push.notify(id, { title: 't', body: 'b', url: '/chat', tag: 'chat' }),
    ).toBe(0)
  })
})

/** What was written to the player beyond the confirmation link every sign-up gets. */
const mailTo = async (email: string) =>
  (await testDatabase({ reset: false })).db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), ne(mailOutbox.subject, SIGN_UP_CONFIRMATION)))

describe('e-mail fallback', () => {
  const ready = {
    title: 'Sua análise está pronta',
    body: 'O relatório do seu jogo chegou.',
    url: '/videos',
    tag: 'video-7',
  }

  it('writes the message by e-mail when no browser of the player is subscribed', async () => {
    const tokens = await signUpAndLogIn(app, 'sem-push-email@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(await app.services.push.notify(id, ready, { emailFallback: true })).toBe(0)
    await waitUntil(async () => (await mailTo('sem-push-email@example.com')).length === 1)
    const [mail] = await mailTo('sem-push-email@example.com')
    expect(mail?.subject).toBe('Sua análise está pronta')
    expect(mail?.body).toContain('O relatório do seu jogo chegou.')
    expect(mail?.body).toMatch(/Abra o Areia: http:\/\/[^\s]+\/videos/)
  })

  it('sends no e-mail when push reaches the player, nor without the option', async () => {
    const tokens = await signUpAndLogIn(app, 'com-push-email@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    expect(await app.services.push.notify(id, ready)).toBe(0)
    const browser = service.browser()
    await subscribe(tokens.access_token, browser.subscription)
    expect(await app.services.push.notify(id, ready, { emailFallback: true })).toBe(1)
    await waitUntil(() => service.received.some((r) => r.endpointId === browser.id))
    expect(await mailTo('com-push-email@example.com')).toEqual([])
  })
})

describe('the service worker renews a subscription', () => {
  const resubscribe = (payload: Record<string, unknown>) =>
    app.server.inject({ method: 'POST', url: '/api/v1/notifications/resubscribe', payload })

  it("moves it to the new endpoint only with the old one's auth secret", async () => {
    const tokens = await signUpAndLogIn(app, 'renova@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    const before = service.browser()
    const after = service.browser()
    const stranger = service.browser()
    await subscribe(tokens.access_token, before.subscription)
    const body = {
      old_endpoint: before.subscription.endpoint,
      old_auth: before.subscription.keys.auth,
      subscription_info: after.subscription,
    }
    // Knowing the endpoint is not enough: the auth secret proves the browser held it.
    expect(
      (await resubscribe({ ...body, old_auth: stranger.subscription.keys.auth })).statusCode,
    ).toBe(404)
    expect(
      (await resubscribe({ ...body, old_endpoint: stranger.subscription.endpoint })).statusCode,
    ).toBe(404)
    expect((await resubscribe({ ...body, old_auth: 'curta' })).statusCode).toBe(422)
    expect((await subscriptionsOf(id)).map((s) => s.endpoint)).toEqual([
      before.subscription.endpoint,
    ])

    const moved = await resubscribe(body)
    expect(moved.statusCode).toBe(200)
    expect((await subscriptionsOf(id)).map((s) => s.endpoint)).toEqual([
      after.subscription.endpoint,
    ])
    expect(
      await app.services.push.notify(id, { title: 'Oi', body: 'b', url: '/chat', tag: 'chat' }),
    ).toBe(1)
    await waitUntil(() => service.received.some((r) => r.endpointId === after.id))
    // The old secret is spent.
    expect((await resubscribe(body)).statusCode).toBe(404)
  })
})

describe('coach replies to a player who is not in the chat', () => {
  it('arrive as push notifications that open /chat', async () => {
    const tokens = await signUpAndLogIn(app, 'ausente@example.com')
    const { id } = (await status(app, tokens.access_token)).json<{ id: string }>()
    const browser = service.browser()
    await subscribe(tokens.access_token, browser.subscription)
    const chat = app.services.coaching
    // The whole conversation through the service, with no socket open anywhere.
    await chat.connected(id)
    await chat.userMessage(id, 'Joana')
    await chat.userMessage(id, 'C')
    await chat.startIntroductions(id)
    await waitUntil(() => service.received.filter((r) => r.endpointId === browser.id).length === 3)
    const payloads = service.received
      .filter((r) => r.endpointId === browser.id)
      .map((r) => JSON.parse(r.plaintext) as { title: string; url: string; tag: string })
    expect(payloads.map((p) => p.title)).toEqual([
      'Rafa respondeu',
      'Bia respondeu',
      'Caio respondeu',
    ])
    expect(payloads.every((p) => p.url === '/chat' && p.tag === 'chat')).toBe(true)
  })
})
