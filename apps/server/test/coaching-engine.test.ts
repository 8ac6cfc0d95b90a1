import type { TokenPair } from '@areia/contracts'
import { seededRng } from '@areia/coach'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedEngine } from '../src/modules/coaching/embedded-engine'
import { createTestApp, signUpAndLogIn, status, type TestApp } from './helpers/app'
import { TestSocket } from './helpers/socket'

let app: TestApp
let base: string
beforeAll(async () => {
  app = await createTestApp({}, { coachEngine: createEmbeddedEngine(seededRng('teste')) })
  await app.server.listen({ port: 0, host: '127.0.0.1' })
  base = `ws://127.0.0.1:${(app.server.server.address() as { port: number }).port}/api/v1/chat/ws`
})
afterAll(() => app.close())

/** What a player would type to each question, recognised by its wording. */
const ANSWERS: Array<[RegExp, string]> = [
  [/identifica|g[eê]nero/i, 'feminino'],
  [/quantas vezes|frequ[eê]ncia/i, '3x por semana'],
  [/objetivo/i, 'quero subir para a B este ano'],
  [/qual m[aã]o/i, 'sou canhota'],
  [/altura/i, '1,68'],
  [/idade/i, 'não jogo por idade'],
  [/categoria/i, 'sou da C'],
  [/chamad|nome/i, 'Joana'],
]

/** The answer to a host message that asks one of the questions above; none for its last message. */
const answerTo = (text: string) => ANSWERS.find(([re]) => re.test(text))?.[1]

async function onboard(tokens: TokenPair) {
  const socket = await TestSocket.open(`${base}?token=${tokens.access_token}`)
  await socket.untilMessages(1)
  const completed = () =>
    socket.frames.some((f) => f.type === 'SYSTEM' && f.event === 'onboarding_completed')
  for (let turn = 0; turn < 20 && !completed(); turn++) {
    const answer = answerTo(socket.messages().at(-1)!.content)
    expect(answer, socket.messages().at(-1)!.content).toBeDefined()
    const count = socket.messages().length
    socket.send({ type: 'message', text: answer! })
    // The host's closing message asks nothing: after it, only the completion event is awaited
    // (answering it would reach a player whose team is already built).
    await socket.until(
      () =>
        completed() ||
        (socket.messages().length > count + 1 &&
          answerTo(socket.messages().at(-1)!.content) !== undefined),
    )
  }
  return socket
}

describe('the embedded coach engine behind the chat', () => {
  it('takes typed onboarding answers into the profile, builds a team and introduces it', async () => {
    const tokens = await signUpAndLogIn(app, 'engine@example.com')
    const socket = await onboard(tokens)
    try {
      expect(
        socket.frames.some((f) => f.type === 'SYSTEM' && f.event === 'onboarding_completed'),
      ).toBe(true)
      const me = (await status(app, tokens.access_token)).json<Record<string, unknown>>()
      expect(me).toMatchObject({
        name: 'Joana',
        onboarding_status: 'INTRODUCTION_PENDING',
        profile: {
          category: 'C',
          height_cm: 168,
          dominant_hand: 'LEFT',
          gender: 'FEMALE',
          training_per_week: 3,
        },
      })
      socket.send({ type: 'command', command: '@start_introductions' })
      await socket.until((f) =>
        f.some((x) => x.type === 'SYSTEM' && x.event === 'introductions_completed'),
      )
      const intros = socket.messages().filter((m) => m.coach_id !== null)
      // Each label agrees with its coach ("Técnico" or "Técnica").
      const labels = intros.map((m) => m.coach_archetype_name ?? '')
      expect(labels).toHaveLength(3)
      expect(labels[0]).toMatch(/^Técnic[oa]$/)
      expect(labels[1]).toBe('Mental')
      expect(labels[2]).toMatch(/^Estatístic[oa]$/)
      expect(new Set(intros.map((m) => m.coach_assigned_name)).size).toBe(3)
      expect(intros.some((m) => m.content.includes('Joana'))).toBe(true)

      const ask = async (text: string) => {
        const before = socket.messages().length
        socket.send({ type: 'message', text })
        await socket.until(() =>
          socket
            .messages()
            .slice(before)
            .some((m) => m.sender === 'AI'),
        )
        await socket.untilSettled(app)
        return socket
          .messages()
          .slice(before)
          .filter((m) => m.sender === 'AI')
      }
      const technique = await ask('Como melhoro meu saque?')
      expect(technique[0]?.coach_archetype_name).toMatch(/^Técnic[oa]$/)
      const nerves = await ask('Fico muito nervosa nos pontos decisivos')
      expect(nerves[0]?.coach_archetype_name).toBe('Mental')
      const again = await ask('Como melhoro meu saque?')
      expect(again[0]?.content).not.toBe(technique[0]?.content)
    } finally {
      await socket.close()
    }
  })
})
