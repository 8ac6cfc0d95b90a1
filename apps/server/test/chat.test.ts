import type { ChatHistoryItem, TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Bus, createMemoryBus, createRedisBus } from '../src/adapters/bus'
import { toFrame } from '../src/modules/coaching/frames'
import { ChatHub } from '../src/modules/coaching/hub'
import { CoachingStore } from '../src/modules/coaching/store'
import { testDatabase } from './helpers/database'
import {
  bearer,
  createTestApp,
  listen,
  signUpAndLogIn,
  status,
  TEST_REDIS_PREFIX,
  type TestApp,
  userIdOf,
} from './helpers/app'
import {
  answerOnboarding,
  chatSocketUrl,
  chatSockets,
  introduceTeam,
  TestSocket,
} from './helpers/socket'

let app: TestApp
let base: string
const connect = chatSockets(() => base)

let hub: ChatHub
let bus: Bus

beforeAll(async () => {
  // The app's own kind of bus, held here too, so a test can publish as another module would.
  bus = process.env.REDIS_URL
    ? await createRedisBus(process.env.REDIS_URL, TEST_REDIS_PREFIX)
    : createMemoryBus()
  hub = new ChatHub(bus)
  app = await createTestApp({}, { bus })
  base = chatSocketUrl(await listen(app))
})
afterAll(async () => {
  await app.close()
  await bus.close()
})

/** A player through the scripted onboarding, whose team has not introduced itself yet. */
async function playerAwaitingIntroductions(email: string) {
  const tokens = await signUpAndLogIn(app, email)
  const socket = await connect(tokens)
  await answerOnboarding(socket)
  return { tokens, socket }
}

/** A player taken through the scripted onboarding to a team and COMPLETED status. */
async function onboardedPlayer(email: string) {
  const { tokens, socket } = await playerAwaitingIntroductions(email)
  await introduceTeam(socket)
  return { tokens, socket }
}

/** An onboarded player, and the database a test writes their chat to as the review module does. */
async function playerWritingAsAReview(email: string) {
  const { tokens, socket } = await onboardedPlayer(email)
  const { db } = await testDatabase({ reset: false })
  const userId = userIdOf(tokens)
  return { tokens, socket, db, store: new CoachingStore(), userId }
}

const reportMessage = (userId: string) => ({
  userId,
  senderType: 'AI' as const,
  senderName: 'Areia',
  content: 'Seu relatório chegou.',
  now: new Date(),
})

const history = async (tokens: TokenPair, query = '') =>
  (
    await app.server.inject({
      method: 'GET',
      url: `/api/v1/chat/history${query}`,
      headers: bearer(tokens.access_token),
    })
  ).json<ChatHistoryItem[]>()

describe('chat socket handshake', () => {
  it('refuses a missing, forged or revoked token, and a foreign Origin', async () => {
    const tokens = await signUpAndLogIn(app, 'handshake@example.com')
    await expect(TestSocket.open(base)).rejects.toMatchObject({ status: 422 })
    await expect(TestSocket.open(`${base}?token=forjado`)).rejects.toMatchObject({ status: 401 })
    await expect(
      TestSocket.open(`${base}?token=${tokens.access_token}`, {
        origin: 'https://malicioso.example',
      }),
    ).rejects.toMatchObject({ status: 403 })
    await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(tokens.access_token),
      payload: {},
    })
    await expect(TestSocket.open(`${base}?token=${tokens.access_token}`)).rejects.toMatchObject({
      status: 401,
    })
  })
})

describe('chat socket protocol', () => {
  it('answers ping with pong', async () => {
    const socket = await connect(await signUpAndLogIn(app, 'ping@example.com'))
    socket.send({ type: 'ping' })
    await socket.until((f) => f.some((x) => x.type === 'pong'))
  })

  it('answers bad frames with an error frame and keeps the connection', async () => {
    const socket = await connect(await signUpAndLogIn(app, 'ruim@example.com'))
    for (const bad of [
      'nada de json',
      { type: 'desconhecido' },
      { type: 'message', text: '   ' },
      { type: 'message', text: 'x'.repeat(5001) },
      { type: 'command', command: '@apagar_tudo' },
    ]) {
      socket.send(bad)
    }
    await socket.until((f) => f.filter((x) => x.type === 'error').length === 5)
    expect(
      socket.frames.filter((x) => x.type === 'error').map((x) => 'detail' in x && x.detail),
    ).toContain('Mensagem vazia.')
    socket.send({ type: 'ping' })
    await socket.until((f) => f.some((x) => x.type === 'pong'))
  })

  it('runs onboarding, the team introductions once, and moves the status along', async () => {
    const { tokens, socket } = await onboardedPlayer('onboarding@example.com')
    expect((await status(app, tokens.access_token)).json()).toMatchObject({
      name: 'Joana',
      onboarding_status: 'COMPLETED',
      profile: { category: 'C' },
    })
    const msgs = socket.messages()
    expect(msgs[0]).toMatchObject({
      sender: 'AI',
      content: 'Qual é o seu nome?',
      coach_assigned_name: 'Areia',
    })
    expect(msgs.find((m) => m.content === 'Em qual categoria você joga?')?.suggestions).toEqual([
      'Iniciante',
      'C',
      'B',
      'A',
    ])
    const intros = msgs.filter((m) => m.coach_archetype_name !== null)
    expect(intros.map((m) => `${m.coach_assigned_name} · Coach ${m.coach_archetype_name}`)).toEqual(
      ['Rafa · Coach Técnico', 'Bia · Coach Mental', 'Caio · Coach Estatístico'],
    )
    // Each coach "typed" before its introduction appeared and stopped after.
    for (const intro of intros) {
      const at = socket.frames.indexOf(intro)
      expect(
        socket.frames
          .slice(0, at)
          .some((f) => f.type === 'TYPING_START' && f.sender === intro.coach_id),
      ).toBe(true)
      expect(
        socket.frames.slice(at).some((f) => f.type === 'TYPING_END' && f.sender === intro.coach_id),
      ).toBe(true)
    }
    const count = socket.messages().length
    socket.send({ type: 'command', command: '@start_introductions' })
    socket.send({ type: 'ping' })
    await socket.until((f) => f.some((x) => x.type === 'pong'))
    expect(socket.messages().length).toBe(count)
  })

  it('introduces the team before answering a message that beat @start_introductions', async () => {
    const { tokens, socket } = await playerAwaitingIntroductions('apressado@example.com')
    socket.send({ type: 'message', text: 'como melhorar o saque?' })
    await socket.until((f) =>
      f.some((x) => x.type === 'SYSTEM' && x.event === 'introductions_completed'),
    )
    const asked = socket.messages().findIndex((m) => m.content === 'como melhorar o saque?')
    await socket.untilMessages(asked + 5)
    const after = socket.messages().slice(asked + 1)
    // Three introductions (one per coach), then the técnico's answer.
    expect(new Set(after.slice(0, 3).map((m) => m.coach_id)).size).toBe(3)
    expect(after[3]).toMatchObject({ coach_archetype_name: 'Técnico' })
    expect((await status(app, tokens.access_token)).json()).toMatchObject({
      onboarding_status: 'COMPLETED',
    })
  })

  it('stores every message and answers in order, echoing the client id to the sender', async () => {
    const { tokens, socket } = await onboardedPlayer('ordem@example.com')
    const before = socket.messages().length
    socket.send({ type: 'message', text: 'como melhorar o saque?', client_id: 'c1' })
    socket.send({ type: 'message', text: 'fico nervoso no tie-break', client_id: 'c2' })
    socket.send({ type: 'message', text: 'e o smash?', client_id: 'c3' })
    await socket.untilMessages(before + 6)
    const fresh = socket
      .messages()
      .slice(before)
      .map((m) => `${m.sender}:${m.content}`)
    // The player's messages are stored as they arrive; the replies follow in the same order.
    expect(fresh.filter((m) => m.startsWith('USER:'))).toEqual([
      'USER:como melhorar o saque?',
      'USER:fico nervoso no tie-break',
      'USER:e o smash?',
    ])
    expect(fresh.filter((m) => m.startsWith('AI:'))).toEqual([
      'AI:Rafa responde: como melhorar o saque?',
      'AI:Bia responde: fico nervoso no tie-break',
      'AI:Rafa responde: e o smash?',
    ])
    expect(fresh.indexOf('AI:Rafa responde: e o smash?')).toBe(5)
    expect(socket.messages().find((m) => m.content === 'e o smash?')?.client_id).toBe('c3')
    const stored = await history(tokens)
    expect(stored.slice(-6).map((m) => m.content)).toEqual(
      socket
        .messages()
        .slice(before)
        .map((m) => m.content),
    )
    expect(stored.at(-1)).toMatchObject({
      sender_type: 'AI',
      coach_assigned_name: 'Rafa',
      coach_archetype_name: 'Técnico',
    })
  })

  it("publishes a player's messages in id order while one of them is slow to read back", async () => {
    const { socket } = await onboardedPlayer('lento@example.com')
    const before = socket.messages().length
    // Reading the player's second message back stalls, while the reply to the first is stored.
    const original = CoachingStore.prototype.findMessage.bind(new CoachingStore())
    let stalls = 0
    const spy = vi
      .spyOn(CoachingStore.prototype, 'findMessage')
      .mockImplementation(async (db, userId, id) => {
        const row = await original(db, userId, id)
        if (row?.content === 'segunda' && stalls++ === 0)
          await new Promise((r) => setTimeout(r, 300))
        return row
      })
    try {
      socket.send({ type: 'message', text: 'primeira', client_id: 'p1' })
      socket.send({ type: 'message', text: 'segunda', client_id: 'p2' })
      await socket.untilMessages(before + 4)
    } finally {
      spy.mockRestore()
    }
    expect(stalls).toBe(1)
    const ids = socket.messages().map((m) => m.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(
      socket
        .messages()
        .slice(before)
        .map((m) => m.content),
    ).toEqual(['primeira', 'segunda', 'Rafa responde: primeira', 'Rafa responde: segunda'])
  })

  it('delivers to every open tab of the player and to no one else', async () => {
    const { tokens, socket } = await onboardedPlayer('abas@example.com')
    const second = await connect(tokens)
    const stranger = await connect(await signUpAndLogIn(app, 'estranho@example.com'))
    await stranger.untilMessages(1)
    socket.send({ type: 'message', text: 'voleio de backhand' })
    await second.until(() =>
      second.messages().some((m) => m.content === 'Rafa responde: voleio de backhand'),
    )
    expect(second.messages().some((m) => m.content === 'voleio de backhand')).toBe(true)
    expect(stranger.messages().every((m) => !m.content.includes('voleio'))).toBe(true)
  })

  it('delivers a message published after a newer one (a report stored in a longer transaction)', async () => {
    const { socket, db, store, userId } = await playerWritingAsAReview('atrasado@example.com')
    // Stored first (as a review's transaction does), published only after the player chatted.
    const reportId = await store.insertMessage(db, reportMessage(userId))
    socket.send({ type: 'message', text: 'e o lob?' })
    await socket.until(() => socket.messages().some((m) => m.content === 'Rafa responde: e o lob?'))
    await hub.publish(userId, toFrame((await store.findMessage(db, userId, reportId))!))
    await socket.until(() => socket.messages().some((m) => m.id === reportId))
    expect(socket.messages().at(-1)).toMatchObject({
      id: reportId,
      content: 'Seu relatório chegou.',
    })
  })

  it("commits a player's messages in id order, so a client's cursor skips none committed late", async () => {
    const { tokens, socket, db, store, userId } = await playerWritingAsAReview('cursor@example.com')
    let commit = () => {}
    const gate = new Promise<void>((r) => (commit = r))
    let taken = () => {}
    const idTaken = new Promise<void>((r) => (taken = r))
    let reportId = 0
    // A review's transaction: its message takes an id, then the transaction goes on a while.
    const review = db.transaction(async (tx) => {
      reportId = await store.insertMessage(tx, reportMessage(userId))
      taken()
      await gate
    })
    await idTaken
    socket.send({ type: 'message', text: 'e a direita?' })
    // Time for the player's message to be stored and echoed past the report, were it allowed to.
    await new Promise((r) => setTimeout(r, 500))
    const lastSeen = Math.max(...socket.messages().map((m) => m.id))
    expect(lastSeen, 'the client saw a message newer than an uncommitted one').toBeLessThan(
      reportId,
    )
    await socket.close()
    commit()
    await review
    await app.services.coaching.settled()
    const back = await connect(tokens, `&after=${lastSeen}`)
    await back.until(() => back.messages().some((m) => m.content.endsWith('e a direita?')))
    await back.untilSettled(app)
    expect(back.messages().map((m) => m.content)).toEqual([
      'Seu relatório chegou.',
      'e a direita?',
      'Rafa responde: e a direita?',
    ])
  })

  it('answers a recent message whose turn was never queued when the player comes back, once', async () => {
    const { tokens, db, store, userId } = await playerWritingAsAReview('devida@example.com')
    const earlier = await playerWritingAsAReview('antiga@example.com')
    // Stored as the players sent them; the process died before queueing their turns.
    await store.insertMessage(db, {
      userId,
      senderType: 'USER',
      content: 'e o smash?',
      now: app.clock.now(),
    })
    await store.insertMessage(db, {
      userId: earlier.userId,
      senderType: 'USER',
      content: 'e o lob?',
      now: new Date(app.clock.now().getTime() - 60 * 60_000),
    })
    // The turn is queued once the socket is set up, a moment after it opens; the stored reply is
    // what counts (delivery to open sockets has its own tests).
    await connect(tokens)
    await vi.waitFor(
      async () => expect((await history(tokens)).at(-1)?.content).toBe('Rafa responde: e o smash?'),
      { timeout: 20_000, interval: 100 },
    )
    await connect(earlier.tokens)
    // A second visit finds it answered.
    await connect(tokens)
    await app.services.coaching.settled()
    expect((await history(tokens)).slice(-2).map((m) => m.content)).toEqual([
      'e o smash?',
      'Rafa responde: e o smash?',
    ])
    // An hour late, an answer would reply to a conversation that has moved on.
    expect((await history(earlier.tokens)).at(-1)?.content).toBe('e o lob?')
  })

  it('a turn cut off after its reply was written does not write it again', async () => {
    const { tokens, db, store, userId } = await playerWritingAsAReview('cortada@example.com')
    const asked = await store.insertMessage(db, {
      userId,
      senderType: 'USER',
      content: 'e o saque?',
      now: app.clock.now(),
    })
    const coach = (await store.listCoaches(db, userId))[0]!
    // What the worker that died had done: held the turn, started it and written the reply.
    const dead = '00000000-0000-4000-8000-000000000000'
    await store.holdTurns(db, userId, dead, app.clock.now(), app.clock.now())
    await store.startTurn(db, userId, dead, asked, app.clock.now())
    const reply = {
      userId,
      senderType: 'AI' as const,
      coachId: coach.id,
      content: 'Rafa responde: e o saque?',
      now: app.clock.now(),
      replyTo: asked,
      replyIndex: 0,
    }
    expect(await store.insertReply(db, reply)).toBeTypeOf('number')
    expect(await store.insertReply(db, reply)).toBeNull()

    app.clock.advance(1)
    await connect(tokens)
    await app.services.coaching.settled()
    expect((await history(tokens)).slice(-2).map((m) => m.content)).toEqual([
      'e o saque?',
      'Rafa responde: e o saque?',
    ])
  })

  it('a reconnecting client receives what it missed, once, in order', async () => {
    const { tokens, socket } = await onboardedPlayer('volta@example.com')
    const lastSeen = socket.messages().at(-1)!.id
    await socket.close()
    const other = await connect(tokens)
    other.send({ type: 'message', text: 'lob alto' })
    other.send({ type: 'message', text: 'curtinha' })
    await other.until(() => other.messages().filter((m) => m.sender === 'AI').length === 2)
    const back = await connect(tokens, `&after=${lastSeen}`)
    await back.untilMessages(4)
    other.send({ type: 'message', text: 'saque' })
    await back.untilMessages(6)
    const ids = back.messages().map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    // Exactly what was stored after the cursor, in stored order.
    const stored = await history(tokens, `?after=${lastSeen}`)
    expect(back.messages().map((m) => m.id)).toEqual(stored.map((m) => m.id))
    expect(
      back
        .messages()
        .map((m) => m.content)
        .sort(),
    ).toEqual(
      [
        'curtinha',
        'lob alto',
        'saque',
        'Rafa responde: curtinha',
        'Rafa responde: lob alto',
        'Rafa responde: saque',
      ].sort(),
    )
  })
})

describe('GET /api/v1/chat/history', () => {
  it("lists only the player's own messages, and pages by cursor", async () => {
    const { tokens } = await onboardedPlayer('historia@example.com')
    const other = await signUpAndLogIn(app, 'outra-historia@example.com')
    const mine = await history(tokens)
    expect(mine.length).toBeGreaterThan(5)
    expect(await history(other)).toEqual([])
    const after = await history(tokens, `?after=${mine[2]!.id}`)
    expect(after.map((m) => m.id)).toEqual(mine.slice(3).map((m) => m.id))
    const last2 = await history(tokens, '?limit=2')
    expect(last2.map((m) => m.id)).toEqual(mine.slice(-2).map((m) => m.id))
  })

  it('needs a signed-in player and a valid query', async () => {
    expect(
      (await app.server.inject({ method: 'GET', url: '/api/v1/chat/history' })).statusCode,
    ).toBe(401)
    const tokens = await signUpAndLogIn(app, 'query@example.com')
    const res = await app.server.inject({
      method: 'GET',
      url: '/api/v1/chat/history?limit=abc',
      headers: bearer(tokens.access_token),
    })
    expect(res.statusCode).toBe(422)
  })
})
