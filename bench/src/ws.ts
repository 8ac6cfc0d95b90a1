/**
 * WebSocket figures of one server process: how many chat sockets it holds and the memory each
 * costs, and how long a coach's reply and the fan-out of a message to every socket of a player
 * take end to end (the deliberate typing delay set to 0, so only our own work is timed).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { startServer, type ServerProcess } from '../../apps/server/test/helpers/server-process'
import { fmt, median, percentile, report, type Row } from './report'
import { logIn, onboardOnPglite, signUp } from './seed'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000)
const PLAYERS = 50
// A p99 needs about a hundred samples to be more than the single slowest one.
const SAMPLES = Number(process.env.BENCH_WS_SAMPLES ?? 100)
const FANOUT_SOCKETS = 100

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1])

interface Frame {
  type: string
  sender?: string
  content?: string
  client_id?: string
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)))
  })
}

/** Resolves with the time `predicate` first held for a frame arriving on `ws`. */
function when(ws: WebSocket, predicate: (f: Frame) => boolean, timeoutMs = 30_000) {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage)
      reject(new Error('no frame in time'))
    }, timeoutMs)
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as Frame
      if (!predicate(frame)) return
      clearTimeout(timer)
      ws.off('message', onMessage)
      resolve(performance.now())
    }
    ws.on('message', onMessage)
  })
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-ws-'))
const env = {
  LOG_LEVEL: 'warn',
  COACH_TYPING_MIN_MS: '0',
  COACH_TYPING_PER_CHAR_MS: '0',
  COACH_TYPING_MAX_MS: '0',
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
}
let server: ServerProcess = await startServer(dataDir, env)
const sockets: WebSocket[] = []
try {
  const emails = Array.from({ length: PLAYERS }, (_, i) => `ws-bench-${i}@example.com`)
  for (const email of emails) await signUp(server.url, email)
  // Players with a team, written with the server stopped (PGlite has a single writer).
  server.child.kill('SIGTERM')
  await server.exited
  await onboardOnPglite(dataDir, emails)
  server = await startServer(dataDir, env)
  const tokens: string[] = []
  for (const email of emails) tokens.push(await logIn(server.url, email))
  const wsUrl = (token: string) =>
    `${server.url.replace('http', 'ws')}/api/v1/chat/ws?token=${token}`

  // ---- Sockets held, and memory per socket -----------------------------------------------
  await new Promise((r) => setTimeout(r, 2_000))
  const before = rssKb(server.child.pid!)
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, (_, k) =>
      open(wsUrl(tokens[(i + k) % PLAYERS]!)),
    )
    sockets.push(...(await Promise.all(batch)))
  }
  await new Promise((r) => setTimeout(r, 3_000))
  const after = rssKb(server.child.pid!)
  const alive = sockets.filter((s) => s.readyState === WebSocket.OPEN).length
  const perSocketKb = (after - before) / alive

  // ---- Coach reply latency: message sent → first coach message back -----------------------
  const [asker] = sockets
  const replies: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const id = `reply-${i}`
    // Only a reply that comes after this message's own echo counts (not a late one to the last).
    let echoed = false
    const start = performance.now()
    const got = when(asker!, (f) => {
      if (f.client_id === id) echoed = true
      return echoed && f.type === 'message' && f.sender === 'AI'
    })
    asker!.send(JSON.stringify({ type: 'message', text: 'Como melhoro meu saque?', client_id: id }))
    replies.push((await got) - start)
    await new Promise((r) => setTimeout(r, 200))
  }

  // ---- Fan-out: one player's message reaching every one of their sockets -----------------
  const mine = sockets.filter((_, i) => i % PLAYERS === 1).slice(0, FANOUT_SOCKETS)
  const fanout: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const id = `fanout-${i}`
    const start = performance.now()
    const all = Promise.all(mine.map((s) => when(s, (f) => f.client_id === id)))
    // The coach answers every message: the next sample waits for that answer, so each one
    // measures the fan-out alone rather than racing the reply (and its writes) to the last one.
    let echoed = false
    const answered = when(mine[0]!, (f) => {
      if (f.client_id === id) echoed = true
      return echoed && f.type === 'message' && f.sender === 'AI'
    })
    mine[0]!.send(JSON.stringify({ type: 'message', text: `Treino de hoje ${i}`, client_id: id }))
    fanout.push(Math.max(...(await all)) - start)
    await answered
  }

  const rows: Row[] = [
    {
      section: 'websocket',
      figure: 'chat sockets held by one process',
      value: `${fmt(alive)} of ${fmt(SOCKETS)}`,
      target: '≥ 5,000',
      pass: alive >= 5_000,
    },
    {
      section: 'websocket',
      figure: 'server memory per socket (RSS growth / sockets)',
      value: `${fmt(perSocketKb, 1)} KB`,
      baseline: `RSS ${fmt(before / 1024)} → ${fmt(after / 1024)} MB`,
      target: '< 64 KB',
      pass: perSocketKb < 64,
    },
    {
      section: 'websocket',
      figure: `coach reply, sent → first coach message (${SAMPLES} samples, ${fmt(alive)} sockets open)`,
      value: `p50 ${fmt(median(replies), 1)} ms, p99 ${fmt(percentile(replies, 99), 1)} ms`,
      target: 'reported',
      pass: null,
    },
    {
      section: 'websocket',
      figure: `fan-out to all ${mine.length} sockets of a player (${SAMPLES} samples)`,
      value: `p50 ${fmt(median(fanout), 1)} ms, p99 ${fmt(percentile(fanout, 99), 1)} ms`,
      target: 'p99 ≤ 50 ms',
      pass: percentile(fanout, 99) <= 50,
    },
  ]
  report(rows)
} finally {
  for (const s of sockets) s.terminate()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
