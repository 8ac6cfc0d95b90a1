import type { TokenPair } from '@areia/contracts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CoachingStore } from '../src/modules/coaching/store'
import type { Db } from '../src/adapters/db'
import { testDatabase } from './helpers/database'
import { createTestApp, signUpAndLogIn, status, type TestApp, userIdOf } from './helpers/app'
import { TestSocket } from './helpers/socket'
import { chatHistory } from './helpers/videos'

/**
 * A process that dies mid-turn of onboarding (a turn saves the next step, then the host speaks
 * after a typing pause) leaves either an answer nobody read or a question nobody asked. Each
 * test writes what such a process left behind, as it would have written it, then brings the
 * player back.
 */
let app: TestApp
let base: string
let db: Db
const store = new CoachingStore()
const open: TestSocket[] = []

beforeAll(async () => {
  app = await createTestApp()
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.server.address() as { port: number }
  base = `ws://127.0.0.1:${port}/api/v1/chat/ws`
  db = (await testDatabase({ reset: false })).db
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
})
afterAll(async () => {
  await app.close()
})

async function connect(tokens: TokenPair) {
  const socket = await TestSocket.open(`${base}?token=${tokens.access_token}`)
  open.push(socket)
  return socket
}

const contents = async (tokens: TokenPair) => (await chatHistory(app, tokens)).map((m) => m.content)

/** A player shown the first question, with no socket open (the server went away). */
async function playerAtFirstQuestion(email: string) {
  const tokens = await signUpAndLogIn(app, email)
  const socket = await connect(tokens)
  await socket.untilMessages(1)
  await socket.untilSettled(app)
  await socket.close()
  const userId = userIdOf(tokens)
  return { tokens, userId }
}

/** The player's message as the socket stores it, a moment after whatever came before. */
async function playerWrote(userId: string, content: string) {
  app.clock.advance(1)
  return store.insertMessage(db, { userId, senderType: 'USER', content, now: app.clock.now() })
}

/** A worker that died mid-turn: it is no longer there to hold the player's conversation. */
const DEAD_WORKER = '00000000-0000-4000-8000-000000000000'

/**
 * What the turn of a message saves before its host speaks: the turn marked started (every
 * earlier message answered), the answer in the profile, then the next step.
 */
async function turnSaved(userId: string, answer: number, patch: { name?: string }, step: number) {
  await store.holdTurns(db, userId, DEAD_WORKER, app.clock.now(), app.clock.now())
  await store.finishTurn(db, userId, answer - 1)
  await store.startTurn(db, userId, DEAD_WORKER, answer, app.clock.now())
  app.clock.advance(1)
  if (patch.name) await app.services.users.updateProfile(userId, patch)
  await store.saveOnboardingState(db, userId, { step }, app.clock.now())
}

async function onboardingStatus(tokens: TokenPair) {
  return (await status(app, tokens.access_token)).json<{ onboarding_status: string }>()
    .onboarding_status
}

describe('onboarding cut off by a stopped process', () => {
  it('asks the question it owed when the player comes back, once, and goes on from there', async () => {
    const { tokens, userId } = await playerAtFirstQuestion('devia-pergunta@example.com')
    const answer = await playerWrote(userId, 'Joana')
    await turnSaved(userId, answer, { name: 'Joana' }, 1)

    const back = await connect(tokens)
    await back.until(() =>
      back.messages().some((m) => m.content === 'Em qual categoria você joga?'),
    )
    await back.untilSettled(app)
    const asked = (await chatHistory(app, tokens)).at(-1)
    expect(asked).toMatchObject({
      content: 'Em qual categoria você joga?',
      suggestions: ['Iniciante', 'C', 'B', 'A'],
    })
    // Asked: coming back again owes nothing.
    const again = await connect(tokens)
    await app.services.coaching.settled()
    expect(await contents(tokens)).toEqual([
      'Qual é o seu nome?',
      'Joana',
      'Em qual categoria você joga?',
    ])
    // The dialogue goes on from the saved step: this answer completes it.
    again.send({ type: 'message', text: 'C' })
    await again.until((f) =>
      f.some((x) => x.type === 'SYSTEM' && x.event === 'onboarding_completed'),
    )
    expect(await onboardingStatus(tokens)).toBe('INTRODUCTION_PENDING')
  })

  it('reads an answer whose turn was never queued when the player comes back, once', async () => {
    const { tokens, userId } = await playerAtFirstQuestion('nao-leu@example.com')
    await playerWrote(userId, 'Joana')

    await connect(tokens)
    await app.services.coaching.settled()
    const read = ['Qual é o seu nome?', 'Joana', 'Prazer, Joana!', 'Em qual categoria você joga?']
    expect(await contents(tokens)).toEqual(read)
    expect((await status(app, tokens.access_token)).json()).toMatchObject({ name: 'Joana' })
    // Read: coming back again reads nothing twice.
    await connect(tokens)
    await app.services.coaching.settled()
    expect(await contents(tokens)).toEqual(read)
  })

  it('makes the team when the closing was said but the team never made', async () => {
    const { tokens, userId } = await playerAtFirstQuestion('sem-equipe@example.com')
    const name = await playerWrote(userId, 'Joana')
    await turnSaved(userId, name, { name: 'Joana' }, 1)
    const category = await playerWrote(userId, 'C')
    await turnSaved(userId, category, {}, 2)
    app.clock.advance(1)
    await store.insertMessage(db, {
      userId,
      senderType: 'AI',
      senderName: 'Areia',
      content: 'Criando a sua equipe.',
      now: app.clock.now(),
    })

    const back = await connect(tokens)
    await back.until((f) =>
      f.some((x) => x.type === 'SYSTEM' && x.event === 'onboarding_completed'),
    )
    await app.services.coaching.settled()
    expect(await onboardingStatus(tokens)).toBe('INTRODUCTION_PENDING')
    // The closing is not said twice.
    expect((await contents(tokens)).filter((c) => c === 'Criando a sua equipe.')).toHaveLength(1)
  })

  it('opens the dialogue of a player marked started before anything was saved or said', async () => {
    const tokens = await signUpAndLogIn(app, 'nada-dito@example.com')
    const userId = userIdOf(tokens)
    await app.services.users.transitionOnboarding(userId, ['NOT_STARTED'], 'IN_PROGRESS')

    const socket = await connect(tokens)
    await socket.untilMessages(1)
    await socket.untilSettled(app)
    expect(await contents(tokens)).toEqual(['Qual é o seu nome?'])
  })
})
