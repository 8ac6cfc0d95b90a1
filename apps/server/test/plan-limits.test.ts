import type { Plan, TokenPair } from '@areia/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { chatMessages, users } from '../src/db/schema'
import { createTestApp, listen, signUpAndLogIn, userIdOf, type TestApp } from './helpers/app'
import { billingClient, CARDS } from './helpers/billing'
import { testDatabase } from './helpers/database'
import {
  answerOnboarding,
  chatSocketUrl,
  chatSockets,
  introduceTeam,
  type TestSocket,
} from './helpers/socket'

/** What a plan card promises is what the product does: the free plan's messages per day. */
let app: TestApp
let base: string
const connect = chatSockets(() => chatSocketUrl(base))

beforeAll(async () => {
  app = await createTestApp()
  base = await listen(app)
})
afterAll(() => app.close())

async function onboardedPlayer(email: string) {
  const tokens = await signUpAndLogIn(app, email)
  const socket = await connect(tokens)
  await answerOnboarding(socket)
  await introduceTeam(socket)
  return { tokens, socket }
}

/** Messages the player already sent today, written as the chat stores them. */
async function alreadySent(tokens: TokenPair, n: number) {
  const { db } = await testDatabase({ reset: false })
  const userId = userIdOf(tokens)
  // A moment before the app's clock: earlier than the replies that follow, still today.
  const now = new Date(app.clock.now().getTime() - 1000)
  await db.insert(chatMessages).values(
    Array.from({ length: n }, () => ({
      userId,
      senderType: 'USER' as const,
      content: 'oi',
      createdAt: now,
    })),
  )
}

/** Waits for the answer to what the player just sent (rows written directly never reach the socket). */
async function answerAfter(socket: TestSocket, from: number) {
  await socket.until(() =>
    socket
      .messages()
      .slice(from)
      .some((m) => m.sender !== 'USER'),
  )
  await app.services.coaching.settled()
  return socket
    .messages()
    .slice(from)
    .filter((m) => m.sender !== 'USER')
}

const LIMIT_TEXT = 'Você chegou ao limite de 20 mensagens por dia do plano Free Trial.'

describe('messages per day', () => {
  it('the free plan answers 20 messages a day; the 21st is kept, told why and how to go further', async () => {
    const { tokens, socket } = await onboardedPlayer('limite@example.com')
    // The two onboarding answers count: 17 more and the next make 20, the 20th still answered.
    await alreadySent(tokens, 17)
    const before = socket.messages().length
    socket.send({ type: 'message', text: 'Como melhoro meu saque?' })
    const answered = await answerAfter(socket, before)
    expect(answered.some((m) => (m.content ?? '').includes(LIMIT_TEXT))).toBe(false)

    const at = socket.messages().length
    socket.send({ type: 'message', text: 'E a devolução?' })
    const replies = await answerAfter(socket, at)
    expect(replies).toHaveLength(1)
    expect(replies[0]!.content).toContain(LIMIT_TEXT)
    expect(replies[0]!.content).toContain('Seja Pro')
    // The player's own message was kept.
    expect(socket.messages().some((m) => m.content === 'E a devolução?')).toBe(true)
  })

  it('a Pro subscriber has no daily limit', async () => {
    const { tokens, socket } = await onboardedPlayer('pro-sem-limite@example.com')
    const client = billingClient(app, () => base)
    const pro = (await client.plans()).find((p: Plan) => p.slug === 'standard')!
    expect(
      (await client.payByCard(tokens, pro.id, { number: CARDS.visaApproved })).statusCode,
    ).toBe(200)
    await alreadySent(tokens, 40)
    const at = socket.messages().length
    socket.send({ type: 'message', text: 'Como melhoro meu saque?' })
    const replies = await answerAfter(socket, at)
    expect(replies.some((m) => (m.content ?? '').includes('limite'))).toBe(false)
  })

  it('the free plan lasts the days its card promises; after them the coaches stop and say how to go on', async () => {
    const { tokens, socket } = await onboardedPlayer('teste-acabou@example.com')
    const { db } = await testDatabase({ reset: false })
    // Signed up eight days ago: the Free Trial's seven days are over.
    const eightDaysAgo = new Date(app.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000)
    await db
      .update(users)
      .set({ createdAt: eightDaysAgo })
      .where(eq(users.id, userIdOf(tokens)))
    const at = socket.messages().length
    socket.send({ type: 'message', text: 'Como melhoro meu saque?' })
    const replies = await answerAfter(socket, at)
    expect(replies).toHaveLength(1)
    expect(replies[0]!.content).toContain('Os 7 dias do Free Trial terminaram.')
    expect(replies[0]!.content).toContain('Seja Pro')
    expect(socket.messages().some((m) => m.content === 'Como melhoro meu saque?')).toBe(true)
  })
})
