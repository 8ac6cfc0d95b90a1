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

/** Questions the team already answered at `at`, written as the chat stores them. */
async function alreadyAnswered(tokens: TokenPair, n: number, at: Date) {
  const { db } = await testDatabase({ reset: false })
  const userId = userIdOf(tokens)
  for (let i = 0; i < n; i += 1) {
    const [question] = await db
      .insert(chatMessages)
      .values({ userId, senderType: 'USER', content: 'oi', createdAt: at })
      .returning({ id: chatMessages.id })
    await db.insert(chatMessages).values({
      userId,
      senderType: 'AI',
      senderName: 'Areia',
      content: 'Olá!',
      replyTo: question!.id,
      replyIndex: 0,
      createdAt: at,
    })
  }
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
  it('a free player who finished onboarding gets 20 questions answered that day; the 21st is kept and told why', async () => {
    // The onboarding answers (two here) and the team's introductions are not questions.
    const { tokens, socket } = await onboardedPlayer('limite@example.com')
    for (let n = 1; n <= 20; n += 1) {
      const before = socket.messages().length
      socket.send({ type: 'message', text: `Pergunta ${n}: como melhoro meu saque?` })
      const answered = await answerAfter(socket, before)
      expect(
        answered.some((m) => (m.content ?? '').includes(LIMIT_TEXT)),
        `question ${n}`,
      ).toBe(false)
    }

    const at = socket.messages().length
    socket.send({ type: 'message', text: 'E a devolução?' })
    const replies = await answerAfter(socket, at)
    expect(replies).toHaveLength(1)
    expect(replies[0]!.content).toContain(LIMIT_TEXT)
    expect(replies[0]!.content).toContain('Seja Pro')
    // Nothing typed is lost: the player's message was kept.
    const kept = (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/chat/history',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json<Array<{ content: string; sender_type: string }>>()
    expect(
      kept.filter((m) => m.sender_type === 'USER' && m.content === 'E a devolução?'),
    ).toHaveLength(1)
  })

  it('counts only the questions the team took up that day, not messages of earlier days', async () => {
    const { tokens, socket } = await onboardedPlayer('limite-ontem@example.com')
    // Twenty questions answered yesterday.
    await alreadyAnswered(tokens, 20, new Date(app.clock.now().getTime() - 26 * 60 * 60 * 1000))
    const at = socket.messages().length
    socket.send({ type: 'message', text: 'Como melhoro meu saque?' })
    const replies = await answerAfter(socket, at)
    expect(replies.some((m) => (m.content ?? '').includes(LIMIT_TEXT))).toBe(false)
    // And twenty today: the next one gets the notice.
    await alreadyAnswered(tokens, 19, new Date(app.clock.now().getTime() - 1000))
    const next = socket.messages().length
    socket.send({ type: 'message', text: 'E o voleio?' })
    const notice = await answerAfter(socket, next)
    expect(notice.map((m) => m.content)).toEqual([expect.stringContaining(LIMIT_TEXT)])
  })

  it('a Pro subscriber has no daily limit', async () => {
    const { tokens, socket } = await onboardedPlayer('pro-sem-limite@example.com')
    const client = billingClient(app, () => base)
    const pro = (await client.plans()).find((p: Plan) => p.slug === 'standard')!
    expect(
      (await client.payByCard(tokens, pro.id, { number: CARDS.visaApproved })).statusCode,
    ).toBe(200)
    await alreadyAnswered(tokens, 40, new Date(app.clock.now().getTime() - 1000))
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
