import net from 'node:net'
import { createECDH, randomBytes } from 'node:crypto'
import webpush from 'web-push'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWebPushSender, PushEndpointBlocked } from '../src/adapters/push'
import { pushSubscriptions } from '../src/db/schema'
import { PushEndpoints } from '../src/modules/push/endpoints'
import { bearer, createTestApp, signUpAndLogIn, userIdOf, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'

/** A TCP listener on loopback (IPv4 and IPv6) that counts every connection it is offered. */
async function startCanary() {
  let connections = 0
  const servers = [net.createServer(), net.createServer()]
  for (const s of servers) s.on('connection', (c) => (connections++, c.destroy()))
  await new Promise<void>((r) => servers[0]!.listen(0, '127.0.0.1', r))
  const { port } = servers[0]!.address() as net.AddressInfo
  // Same port on ::1 when the host has IPv6 loopback; without it the v4 one is enough.
  await new Promise<void>((r) => {
    servers[1]!.once('error', () => r())
    servers[1]!.listen(port, '::1', r)
  })
  return {
    port,
    connections: () => connections,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))),
  }
}

let app: TestApp
let canary: Awaited<ReturnType<typeof startCanary>>
const browser = createECDH('prime256v1')
browser.generateKeys()
const keys = {
  p256dh: browser.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
}

beforeAll(async () => {
  canary = await startCanary()
  // The production sender: no test agent, the guarded lookup of the app.
  app = await createTestApp({ PUSH_ALLOWED_HOSTS: '' })
})
afterAll(async () => {
  await app.close()
  await canary.close()
})

const subscribe = (token: string, endpoint: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/notifications/subscribe',
    headers: bearer(token),
    payload: { subscription_info: { endpoint, keys } },
  })

describe('push endpoints pass the SSRF guard', () => {
  it('refuses loopback, private, link-local, local names, other ports and http:', async () => {
    const tokens = await signUpAndLogIn(app, 'push-ssrf@areia.test')
    const p = canary.port
    const refused = [
      `https://127.0.0.1:${p}/push`,
      `https://127.0.0.1/push`,
      `https://[::1]:${p}/push`,
      `https://[::ffff:127.0.0.1]/push`,
      `https://localhost:${p}/push`,
      `https://localhost/push`,
      `https://api.localhost/push`,
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/push',
      'https://10.0.0.8/push',
      'https://192.168.1.10/push',
      'https://172.16.0.1/push',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'https://intranet/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:senha@fcm.googleapis.com/fcm/send/x',
      `http://127.0.0.1:${p}/push`,
      'http://fcm.googleapis.com/fcm/send/x',
    ]
    for (const endpoint of refused) {
      const res = await subscribe(tokens.access_token, endpoint)
      expect(res.statusCode, endpoint).toBe(422)
      expect(res.json<{ detail: string }>().detail, endpoint).toMatch(/notificação/)
    }
    const { db } = await testDatabase({ reset: false })
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userIdOf(tokens)))
    expect(rows).toEqual([])
    expect(canary.connections()).toBe(0)
  })

  it("accepts the browsers' push services without asking DNS", async () => {
    const tokens = await signUpAndLogIn(app, 'push-ok@areia.test')
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGxx',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
    ]) {
      expect((await subscribe(tokens.access_token, endpoint)).statusCode, endpoint).toBe(201)
    }
  })

  it('never connects to endpoints on loopback stored before the guard, and drops them', async () => {
    const tokens = await signUpAndLogIn(app, 'push-velho@areia.test')
    const userId = userIdOf(tokens)
    const { db } = await testDatabase({ reset: false })
    // As if stored before the guard existed.
    for (const endpoint of [
      `https://127.0.0.1:${canary.port}/push`,
      `https://localhost:${canary.port}/push`,
      `https://[::1]:${canary.port}/push`,
    ]) {
      await db.insert(pushSubscriptions).values({ userId, endpoint, ...keys })
    }
    const queued = await app.services.push.notify(userId, {
      title: 'Teste',
      body: 'Nada deve sair',
      url: '/chat',
      tag: 'ssrf',
    })
    expect(queued).toBe(3)
    await vi.waitFor(
      async () =>
        expect(
          await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
        ).toHaveLength(0),
      { timeout: 20_000, interval: 100 },
    )
    expect(canary.connections()).toBe(0)
  })

  it('the delivery agent refuses a name that resolves to loopback', async () => {
    const endpoints = new PushEndpoints([])
    const sender = createWebPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:teste@areia.app.br',
      lookup: endpoints.lookup,
    })
    // Through the sender alone (no subscription check): the resolved address is what is refused.
    await expect(
      sender.send({ endpoint: `https://localhost:${canary.port}/push`, ...keys }, 'oi', {
        ttlSeconds: 60,
        urgency: 'normal',
      }),
    ).rejects.toBeInstanceOf(PushEndpointBlocked)
    expect(canary.connections()).toBe(0)
  })
})
