// `kill -9` of the embedded server in the middle of a payment notification, a chat message and an
// upload: after a restart on the same DATA_DIR no acknowledged write is missing, no payment is
// applied twice and the upload goes on from what the server kept.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookSignature } from '../src/adapters/payments'
import { fixtureVideo } from '../test/fixtures/videos'
import { freePort, type ServerProcess, startServer } from '../test/helpers/server-process'
import { TestSocket } from '../test/helpers/socket'
import { auth, json, orderPix, registerAndLogIn, subscription } from './helpers/api'
import { type Sandbox, sleep, startSandbox, tempDir, waitFor } from './helpers/services'

let sandbox: Sandbox
let dataDir: string
let port: number
let base: string
let server: ServerProcess | undefined

beforeAll(async () => {
  sandbox = await startSandbox()
  dataDir = tempDir('crash')
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  await boot()
}, 120_000)

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL')
  sandbox?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function boot() {
  server = await startServer(
    dataDir,
    {
      PAGBANK_TOKEN: sandbox.token,
      PAGBANK_BASE_URL: sandbox.baseUrl,
      PUBLIC_ORIGIN: base,
      VIDEO_MAX_BYTES: String(64 * 1024 * 1024),
    },
    { port },
  )
}

async function killAndRestart() {
  const s = server!
  s.child.kill('SIGKILL')
  expect((await s.exited).signal).toBe('SIGKILL')
  await boot()
}

/** The player's chat socket, from the app's own origin. */
function openChat(tokens: TokenPair) {
  return TestSocket.open(`ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`, {
    origin: base,
  })
}

async function sandboxOrder(email: string) {
  const [order] = await waitFor(async () => {
    const list = await sandbox.orders(email)
    return list.length ? list : undefined
  }, 'the order at the sandbox')
  return order!
}

describe('kill -9 during a payment notification', () => {
  // The kill lands before, during and after the server handles the notification.
  it.each([0, 40, 250])(
    'killed %i ms after the payment: applied once after the restart, replays change nothing',
    async (delay) => {
      const email = `pix-kill-${delay}@example.com`
      let tokens = await registerAndLogIn(base, email)
      const order = await orderPix(base, tokens)
      const gatewayOrder = await sandboxOrder(email)

      expect(await sandbox.pay(gatewayOrder.id)).toBe(200)
      await sleep(delay)
      await killAndRestart()

      // The sandbox retries its notification until the restarted server takes it.
      tokens = await registerAndLogInAgain(email)
      const active = await waitFor(
        async () => {
          const s = await subscription(base, tokens)
          return s?.status === 'ACTIVE' ? s : undefined
        },
        'the subscription to become active',
        90_000,
      )

      // PagBank may deliver the same notification again: nothing moves.
      const body = JSON.stringify(
        await (
          await fetch(`${sandbox.baseUrl}/orders/${gatewayOrder.id}`, {
            headers: { authorization: `Bearer ${sandbox.token}` },
          })
        ).json(),
      )
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/v1/payments/webhooks/pagbank`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-authenticity-token': webhookSignature(sandbox.token, body),
          },
          body,
        })
        expect(res.status).toBe(200)
      }
      expect(await subscription(base, tokens)).toEqual(active)
      const paid = await fetch(`${base}/api/v1/payments/orders/${order.id}`, auth(tokens))
      expect(((await paid.json()) as { status: string }).status).toBe('PAID')
      // One charge at the gateway for one order.
      const charges = (await sandbox.orders(email)).flatMap(
        (o) => (o as { charges?: unknown[] }).charges ?? [],
      )
      expect(charges.length).toBeLessThanOrEqual(1)
    },
    180_000,
  )
})

/** Sessions survive a restart; a fresh login proves the account did too. */
const registerAndLogInAgain = async (email: string): Promise<TokenPair> => {
  const res = await fetch(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'segredo123' }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as TokenPair
}

describe('kill -9 during chat messages', () => {
  it('every message the server acknowledged is in the history after the restart', async () => {
    const tokens = await registerAndLogIn(base, 'chat-kill@example.com')
    const socket = await openChat(tokens)
    await socket.untilMessages(1)
    const acknowledged: string[] = []
    const echoed = (id: string) =>
      socket.frames.some((f) => f.type === 'message' && f.client_id === id)
    let sent = 0
    let stop = false
    const writer = (async () => {
      while (!stop) {
        const id = `m${sent++}`
        const text = `mensagem durável ${id}`
        try {
          socket.send({ type: 'message', text, client_id: id })
          await socket.until(() => echoed(id), 5_000)
          acknowledged.push(text)
        } catch {
          return // the socket died with the server
        }
      }
    })()
    await waitFor(async () => acknowledged.length >= 8, 'eight acknowledged messages')
    await killAndRestart()
    stop = true
    await writer

    const history = await fetch(`${base}/api/v1/chat/history`, auth(tokens))
    expect(history.status).toBe(200)
    const stored = new Set(
      ((await history.json()) as Array<{ content?: string; text?: string }>).map(
        (m) => m.content ?? m.text,
      ),
    )
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([])
    expect(acknowledged.length).toBeGreaterThanOrEqual(8)
  }, 120_000)
})

describe('kill -9 while the host types its next onboarding question', () => {
  it('asks that question after the restart, once, with the answer kept', async () => {
    const tokens = await registerAndLogIn(base, 'onboarding-kill@example.com')
    const socket = await openChat(tokens)
    await socket.untilMessages(1)
    socket.send({ type: 'message', text: 'Joana' })
    // The second typing pause: the answer was read and its step saved; the question is not
    // stored until the pause ends.
    await socket.until((f) => f.filter((x) => x.type === 'TYPING_START').length === 2)
    await killAndRestart()

    const question =
      'Em qual categoria você joga hoje? Se ainda não compete, pode dizer que é iniciante.'
    const history = await waitFor(async () => {
      const res = await fetch(`${base}/api/v1/chat/history`, auth(tokens))
      const items = (await res.json()) as Array<{ content: string }>
      return items.at(-1)?.content === question ? items : undefined
    }, 'the owed question')
    expect(history.map((m) => m.content).slice(1)).toEqual(['Joana', question])
    // Coming back does not ask it twice.
    const back = await openChat(tokens)
    back.send({ type: 'message', text: 'C' })
    await back.untilMessages(2)
    const after = await fetch(`${base}/api/v1/chat/history`, auth(tokens))
    const contents = ((await after.json()) as Array<{ content: string }>).map((m) => m.content)
    // Asked once, and the next answer is read as the answer to it.
    expect(contents.slice(1)).toEqual([
      'Joana',
      question,
      'C',
      expect.stringMatching(/^Anotado: categoria C\. /),
    ])
    const status = await fetch(`${base}/api/v1/auth/me/status`, auth(tokens))
    expect(((await status.json()) as { name: string }).name).toBe('Joana')
    await back.close()
  }, 120_000)
})

describe('kill -9 during an upload', () => {
  let player = 0
  // Cut inside a chunk, or after the last byte while the server closes the file and runs the
  // quality gate: either way the upload can be finished and the file is the one sent.
  it.each([
    { sent: 'half', killAfterMs: 300 },
    { sent: 'all', killAfterMs: 0 },
    { sent: 'all', killAfterMs: 120 },
  ])(
    'sent $sent of the rest, killed after $killAfterMs ms: resumes and stores the exact file',
    async ({ sent, killAfterMs }) => {
      const email = `upload-kill-${player++}@example.com`
      let tokens = await registerAndLogIn(base, email)
      await orderPix(base, tokens)
      expect(await sandbox.pay((await sandboxOrder(email)).id)).toBe(200)
      await waitFor(
        async () => (await subscription(base, tokens))?.status === 'ACTIVE',
        'the subscription',
      )

      const video = fixtureVideo('game').bytes
      const total = video.length
      const res = await fetch(
        `${base}/api/v1/videos/upload-url`,
        auth(tokens, json({ content_type: 'video/mp4' })),
      )
      expect(res.status).toBe(201)
      const { upload_url: uploadUrl, video_id: videoId } = (await res.json()) as {
        upload_url: string
        video_id: number
      }
      const CHUNK = 256 * 1024
      const put = (from: number, to: number, body = video.subarray(from, to)) =>
        fetch(uploadUrl, {
          method: 'PUT',
          headers: {
            'content-type': 'video/mp4',
            'content-range': from === to ? `bytes */${total}` : `bytes ${from}-${to - 1}/${total}`,
          },
          body,
        })
      expect((await put(0, CHUNK)).status).toBe(308)

      // The rest goes as one request; part (or all) of it reaches the server, then it dies.
      const cut = sent === 'half' ? CHUNK + Math.floor((total - CHUNK) / 2) : total
      const inFlight = new Promise<void>((resolve) => {
        const req = http.request(uploadUrl, {
          method: 'PUT',
          headers: {
            'content-type': 'video/mp4',
            'content-range': `bytes ${CHUNK}-${total - 1}/${total}`,
            'content-length': String(total - CHUNK),
          },
        })
        req.on('error', () => resolve())
        req.on('response', () => resolve())
        req.write(video.subarray(CHUNK, cut))
      })
      await sleep(killAfterMs)
      await killAndRestart()
      await inFlight

      tokens = await registerAndLogInAgain(email)
      const status = await put(total, total, Buffer.alloc(0))
      if (status.status !== 200) {
        expect(status.status).toBe(308)
        const range = status.headers.get('range')
        const kept = range ? Number(/bytes=0-(\d+)/.exec(range)![1]) + 1 : 0
        expect(kept).toBeGreaterThanOrEqual(CHUNK)
        if (sent === 'half') expect(kept).toBeLessThanOrEqual(cut)
        if (kept < total) expect((await put(kept, total)).status).toBe(200)
        else expect((await put(total, total, Buffer.alloc(0))).status).toBe(200)
      }
      const mine = (await (await fetch(`${base}/api/v1/videos/me`, auth(tokens))).json()) as Array<{
        id: number
        status: string
      }>
      expect(mine.find((v) => v.id === videoId)?.status).toBe('AWAITING_IDENTIFICATION')
      // The stored file is byte for byte what the player sent.
      const digest = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex')
      const stored = filesOfSize(dataDir, total).map((f) => digest(fs.readFileSync(f)))
      expect(stored).toContain(digest(video))
    },
    180_000,
  )
})

function filesOfSize(dir: string, size: number): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return filesOfSize(full, size)
    return e.isFile() && fs.statSync(full).size === size ? [full] : []
  })
}
