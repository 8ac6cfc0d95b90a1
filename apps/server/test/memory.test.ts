import type { ChatHistoryItem, MemoryFact, MemoryResponse, TokenPair } from '@areia/contracts'
import * as coach from '@areia/coach'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import { CoachingStore } from '../src/modules/coaching/store'
import { callAs, type Method, signUpAndLogIn } from './helpers/app'
import { coachSuite } from './helpers/coach-suite'
import { testDatabase } from './helpers/database'
import type { TestSocket } from './helpers/socket'

const s = coachSuite(7)
const connect = s.connect

const call = (tokens: TokenPair, method: Method, url: string, payload?: object) =>
  callAs(s.app, tokens, method, url, payload)

/** A player past onboarding (category C, right-handed) with a real team. */
async function player(email: string) {
  const tokens = await signUpAndLogIn(s.app, email)
  const user = await s.app.services.users.findByEmail(email)
  if (!user) throw new Error('user missing')
  const { db } = await testDatabase({ reset: false })
  const team = coach.createTeam({ profile: { category: 'C' }, rng: coach.seededRng(email) })
  await new CoachingStore().insertCoaches(
    db,
    user.id,
    team.coaches.map((c) => ({ name: c.name, archetype: c.archetype, persona: c })),
  )
  await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, user.id))
  await s.app.services.users.updateProfile(user.id, {
    name: 'Paulo',
    category: 'C',
    dominant_hand: 'RIGHT',
    goal: 'Jogar o circuito estadual',
  })
  return { tokens, socket: await connect(tokens) }
}

/** The team's whole answer to one message. */
async function answer(socket: TestSocket, text: string): Promise<string> {
  const before = socket.messages().length
  socket.send({ type: 'message', text })
  await socket.untilMessages(before + 2)
  // The second coach, when there is one, too.
  await socket.untilSettled(s.app)
  return socket
    .messages()
    .slice(before + 1)
    .map((m) => m.content)
    .join('\n')
}

describe('coach memory', () => {
  it('shows the profile and facts; a profile edit is used by the next reply', async () => {
    const { tokens, socket } = await player('memoria-perfil@example.com')
    const memory = (await call(tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>()
    expect(memory.profile).toMatchObject({
      name: 'Paulo',
      category: 'C',
      dominant_hand: 'RIGHT',
      goal: 'Jogar o circuito estadual',
    })
    expect(memory.facts).toEqual([])

    expect(await answer(socket, 'como melhorar meu smash?')).toMatch(/categoria C\*\*/)
    const edited = await call(tokens, 'PATCH', '/api/v1/memory/profile', { category: 'A' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json<MemoryResponse>().profile.category).toBe('A')
    const next = await answer(socket, 'como melhoro meu voleio de backhand?')
    expect(next).toMatch(/categoria A\*\*/)
    expect(next).not.toMatch(/categoria C\*\*/)

    const bad = await call(tokens, 'PATCH', '/api/v1/memory/profile', { height_cm: 20 })
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: string }>().detail).toMatch(/Altura/)
    const billing = await call(tokens, 'PATCH', '/api/v1/memory/profile', { tax_id: '1' })
    expect(billing.statusCode).toBe(422)
  })

  it('a remembered fact shapes replies until the player edits or deletes it', async () => {
    const { tokens, socket } = await player('memoria-fatos@example.com')
    const created = await call(tokens, 'POST', '/api/v1/memory/facts', {
      text: 'Tenho dor no ombro direito',
    })
    expect(created.statusCode).toBe(201)
    const fact = created.json<MemoryFact>()
    expect(fact).toMatchObject({ text: 'Tenho dor no ombro direito', source: 'PLAYER' })

    expect(await answer(socket, 'como melhorar meu saque?')).toMatch(/comentou do ombro/)
    const edited = await call(tokens, 'PATCH', `/api/v1/memory/facts/${fact.id}`, {
      text: 'Tenho dor no joelho esquerdo',
    })
    expect(edited.json<MemoryFact>().text).toBe('Tenho dor no joelho esquerdo')
    expect(await answer(socket, 'e o saque cortado?')).not.toMatch(/comentou do ombro/)

    await call(tokens, 'PATCH', `/api/v1/memory/facts/${fact.id}`, { text: 'Dor no ombro' })
    expect(await answer(socket, 'mais uma dica de saque')).toMatch(/comentou do ombro/)
    expect((await call(tokens, 'DELETE', `/api/v1/memory/facts/${fact.id}`)).statusCode).toBe(204)
    expect(await answer(socket, 'e o saque por baixo?')).not.toMatch(/comentou do ombro/)
    expect((await call(tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>().facts).toEqual([])
  })

  it('notes what the player says to remember, once', async () => {
    const { tokens, socket } = await player('memoria-chat@example.com')
    await answer(socket, 'Lembre que eu só treino aos sábados de manhã')
    await answer(socket, 'lembre que eu só treino aos sábados de manhã')
    const facts = (await call(tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>().facts
    expect(facts.map((f) => [f.text, f.source])).toEqual([
      ['Eu só treino aos sábados de manhã.', 'CHAT'],
    ])
  })

  it('keeps durable facts from the chat with their kind and sentence; a newer one replaces the older', async () => {
    const { tokens, socket } = await player('memoria-duravel@example.com')
    await answer(
      socket,
      'oi! jogo com a Lu que é canhota, uso uma heroes e meu ombro ta doendo depois dos jogos. Tenho um torneio daqui a 3 semanas',
    )
    const facts = async () =>
      (await call(tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>().facts
    const first = await facts()
    expect(first.map((f) => [f.kind, f.text])).toEqual([
      ['PARCEIRO', 'Parceira: Lu, canhota.'],
      ['EQUIPAMENTO', 'Raquete Heroes.'],
      ['LESAO', 'Dor no ombro depois dos jogos.'],
      ['TORNEIO', expect.stringMatching(/^Torneio dia \d+ de \p{L}+/u)],
    ])
    expect(first[2]?.sentence).toBe(
      'jogo com a Lu que é canhota, uso uma heroes e meu ombro ta doendo depois dos jogos',
    )
    expect(first.every((f) => f.source === 'CHAT')).toBe(true)

    // The drill answer brings the stored shoulder in; the plan brings the tournament in.
    expect(await answer(socket, 'como melhorar meu voleio?')).toMatch(
      /dor no ombro que você contou/,
    )
    expect(await answer(socket, 'monta meu plano de treino da semana')).toMatch(
      /Com o torneio do dia/,
    )

    await answer(socket, 'troquei de raquete, agora uso uma mormaii')
    const next = await facts()
    expect(next.filter((f) => f.kind === 'EQUIPAMENTO').map((f) => f.text)).toEqual([
      'Raquete Mormaii.',
    ])
    await answer(socket, 'meu ombro ja melhorou, nao doi mais')
    expect((await facts()).some((f) => f.kind === 'LESAO')).toBe(false)
  })

  it("an edited fact's details follow its new text", async () => {
    const { tokens } = await player('memoria-editada@example.com')
    const created = (
      await call(tokens, 'POST', '/api/v1/memory/facts', { text: 'Dor no ombro', kind: 'LESAO' })
    ).json<MemoryFact>()
    expect(created).toMatchObject({ kind: 'LESAO', sentence: null })
    const edited = await call(tokens, 'PATCH', `/api/v1/memory/facts/${created.id}`, {
      text: 'Dor no joelho esquerdo',
    })
    expect(edited.json<MemoryFact>()).toMatchObject({
      kind: 'LESAO',
      text: 'Dor no joelho esquerdo',
    })
    const user = await s.app.services.users.findByEmail('memoria-editada@example.com')
    expect(await s.app.services.memory.factsFor(user!.id)).toEqual([
      {
        kind: 'LESAO',
        text: 'Dor no joelho esquerdo',
        fields: { bodyPart: 'joelho', side: 'esquerdo' },
      },
    ])
    const bad = await call(tokens, 'POST', '/api/v1/memory/facts', { text: 'oi', kind: 'NADA' })
    expect(bad.statusCode).toBe(422)
  })

  it("another player's facts are not found; bad input is refused in pt-BR", async () => {
    const owner = await player('memoria-dona@example.com')
    const other = await player('memoria-outra@example.com')
    const fact = (
      await call(owner.tokens, 'POST', '/api/v1/memory/facts', { text: 'Joga com a irmã' })
    ).json<MemoryFact>()
    for (const [method, payload] of [
      ['PATCH', { text: 'mudei' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other.tokens, method, `/api/v1/memory/facts/${fact.id}`, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json<{ detail: string }>().detail).toBe('Lembrança não encontrada.')
    }
    const empty = await call(owner.tokens, 'POST', '/api/v1/memory/facts', { text: ' ' })
    expect(empty.statusCode).toBe(422)
    expect(empty.json<{ detail: string }>().detail).toMatch(/^Escreva o que a equipe deve lembrar/)
    const long = await call(owner.tokens, 'POST', '/api/v1/memory/facts', { text: 'x'.repeat(301) })
    expect(long.statusCode).toBe(422)
    expect(
      (await call(owner.tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>().facts,
    ).toHaveLength(1)
  })

  it('clears the conversation, keeping profile and facts', async () => {
    const { tokens, socket } = await player('memoria-limpar@example.com')
    await call(tokens, 'POST', '/api/v1/memory/facts', { text: 'Prefere treinar cedo' })
    await answer(socket, 'como melhorar meu lob?')
    const history = async () =>
      (await call(tokens, 'GET', '/api/v1/chat/history')).json<ChatHistoryItem[]>()
    expect((await history()).length).toBeGreaterThan(0)
    expect((await call(tokens, 'DELETE', '/api/v1/memory/conversation')).statusCode).toBe(204)
    expect(await history()).toEqual([])
    const memory = (await call(tokens, 'GET', '/api/v1/memory')).json<MemoryResponse>()
    expect(memory.facts).toHaveLength(1)
    expect(memory.profile.category).toBe('C')
  })

  it('forgets a tournament once its date has passed', async () => {
    const { tokens, socket } = await player('memoria-torneio@example.com')
    await answer(socket, 'tenho um campeonato daqui a 2 semanas')
    const user = await s.app.services.users.findByEmail('memoria-torneio@example.com')
    expect((await s.app.services.memory.factsFor(user!.id)).map((f) => f.kind)).toEqual(['TORNEIO'])
    void tokens
    // Moved last in the file: the shared clock goes forward past the date.
    s.app.clock.advance(16 * 86_400)
    expect(await s.app.services.memory.factsFor(user!.id)).toEqual([])
    expect((await s.app.services.memory.get(user!.id)).facts).toEqual([])
  })

  it('needs a session', async () => {
    expect((await s.app.server.inject({ method: 'GET', url: '/api/v1/memory' })).statusCode).toBe(
      401,
    )
    expect(
      (await s.app.server.inject({ method: 'DELETE', url: '/api/v1/memory/conversation' }))
        .statusCode,
    ).toBe(401)
  })
})
