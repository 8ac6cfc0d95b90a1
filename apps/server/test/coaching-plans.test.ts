import * as coach from '@areia/coach'
import type { TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { trainingPlans } from '../src/db/schema'
import { coachSuite } from './helpers/coach-suite'
import { testDatabase } from './helpers/database'
import { playerWithTeam } from './helpers/team-player'

const s = coachSuite('planos')
const connect = s.connect

/** Sends a message and returns the first coach's answer to it. */
async function ask(tokens: TokenPair, text: string): Promise<string> {
  const socket = await connect(tokens)
  socket.send({ type: 'message', text })
  await socket.until(() => socket.messages().some((m) => m.sender === 'AI'))
  await socket.untilSettled(s.app)
  return socket.messages().find((m) => m.sender === 'AI')?.content ?? ''
}

async function saved(userId: string) {
  const { db } = await testDatabase({ reset: false })
  const [row] = await db.select().from(trainingPlans).where(eq(trainingPlans.userId, userId))
  return row ? coach.readPlan(row.plan) : null
}

describe('a training plan is saved, recalled and adjusted', () => {
  it('keeps the days, focus and date asked for, and answers from the saved plan later', async () => {
    const { tokens, userId } = await playerWithTeam(s.app, 'plano@example.com')
    const built = await ask(
      tokens,
      'terça e quinta tenho aula, sábado jogo, quero focar saque e smash, torneio em março. monta meu plano?',
    )
    expect(built).toMatch(/Montei a sua semana/)
    const plan = await saved(userId)
    expect(plan?.sessions.map((s) => s.day)).toEqual(['terca', 'quinta', 'sabado'])
    expect(plan?.focus).toEqual(['saque', 'smash'])
    expect(plan?.tournament?.label).toBe('em março')

    // Another conversation turn in between does not touch it.
    await ask(tokens, 'como melhorar meu voleio?')
    expect((await saved(userId))?.created_at).toBe(plan?.created_at)

    expect(await ask(tokens, 'me manda meu plano de novo')).toContain(
      'Sua semana, com foco em saque e smash: 3 sessões por semana.',
    )
    expect(await ask(tokens, 'qual é meu treino de hoje?')).toMatch(/^Hoje é dia de/)

    expect(await ask(tokens, 'essa semana só posso 2x')).toMatch(/Ajustei só esta semana/)
    expect((await saved(userId))?.adjusted?.sessions.map((s) => s.kind)).toEqual(['aula', 'jogo'])
  })

  it('is the player’s own: another player has none', async () => {
    const { tokens, userId } = await playerWithTeam(s.app, 'sem-plano@example.com')
    expect(await saved(userId)).toBeNull()
    expect(await ask(tokens, 'me manda meu plano de novo')).not.toMatch(/Sua semana/)
  })
})
