import type {
  AgentsResponse,
  ChatHistoryItem,
  ConversationMember,
  TokenPair,
} from '@areia/contracts'
import * as coach from '@areia/coach'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { partnerAgents, users } from '../src/db/schema'
import { CoachingStore } from '../src/modules/coaching/store'
import { callAs, type Method, signUpAndLogIn } from './helpers/app'
import { coachSuite } from './helpers/coach-suite'
import { testDatabase } from './helpers/database'
import type { TestSocket } from './helpers/socket'
import { payingPlayer } from './helpers/videos'

// The real embedded engine (seeded), so partners answer from their knowledge.
const s = coachSuite(42)
const connect = s.connect

const call = (tokens: TokenPair, method: Method, url: string, payload?: object) =>
  callAs(s.app, tokens, method, url, payload)

/** A player past onboarding with a real team, as the engine builds it. */
async function withTeam(userId: string, profile: coach.PlayerProfile = { category: 'C' }) {
  const { db } = await testDatabase({ reset: false })
  const team = coach.createTeam({ profile, rng: coach.seededRng(userId) })
  await new CoachingStore().insertCoaches(
    db,
    userId,
    team.coaches.map((c) => ({ name: c.name, archetype: c.archetype, persona: c })),
  )
  await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, userId))
  await s.app.services.users.updateProfile(userId, { name: 'Joana', category: 'C' })
  return team
}

async function player(email: string, plan: 'standard' | 'ultra' | null) {
  if (plan) {
    const { tokens, userId } = await payingPlayer(s.app, email, plan)
    return { tokens, userId, team: await withTeam(userId) }
  }
  const tokens = await signUpAndLogIn(s.app, email)
  const user = await s.app.services.users.findByEmail(email)
  if (!user) throw new Error('user missing')
  return { tokens, userId: user.id, team: await withTeam(user.id) }
}

/** Sends a message and waits until `count` agent messages answered it. */
async function ask(socket: TestSocket, text: string, count: number) {
  const before = socket.messages().length
  socket.send({ type: 'message', text })
  await socket.untilMessages(before + 1 + count)
  // Every reply is in, so a wrong count shows.
  await socket.untilSettled(s.app)
  return socket.messages().slice(before + 1)
}

describe('Agent Store catalogue', () => {
  it('lists six areas with cards, searches and filters; hidden partners leave', async () => {
    const { tokens } = await player('loja@example.com', null)
    const all = (await call(tokens, 'GET', '/api/v1/agents')).json<AgentsResponse>()
    expect(new Set(all.agents.map((a) => a.category)).size).toBe(6)
    for (const a of all.agents) {
      expect(
        a.name && a.avatar && a.description && a.sample.question && a.sample.answer,
      ).toBeTruthy()
      expect(a.added).toBe(false)
    }
    expect(all.allowance).toEqual({ plan_name: 'Free Trial', limit: 0, used: 0 })

    const search = (await call(tokens, 'GET', '/api/v1/agents?q=raquete')).json<AgentsResponse>()
    expect(search.agents.map((a) => a.name)).toEqual(['Zeca'])
    const filtered = (
      await call(tokens, 'GET', '/api/v1/agents?category=FISIOTERAPIA')
    ).json<AgentsResponse>()
    expect(filtered.agents.map((a) => a.category)).toEqual(['FISIOTERAPIA'])
    const none = (await call(tokens, 'GET', '/api/v1/agents?q=100%25')).json<AgentsResponse>()
    expect(none.agents).toEqual([])

    const bad = await call(tokens, 'GET', '/api/v1/agents?category=MAGICA')
    expect(bad.statusCode).toBe(422)
    expect(bad.json<{ detail: string }>().detail).toBeTruthy()

    const { db } = await testDatabase({ reset: false })
    await db.update(partnerAgents).set({ hidden: true }).where(eq(partnerAgents.name, 'Zeca'))
    try {
      const after = (await call(tokens, 'GET', '/api/v1/agents')).json<AgentsResponse>()
      expect(after.agents.map((a) => a.name)).not.toContain('Zeca')
      const tried = await call(tokens, 'POST', '/api/v1/agents/zeca-equipamentos/try', {
        text: 'qual raquete?',
      })
      expect(tried.statusCode).toBe(404)
    } finally {
      await db.update(partnerAgents).set({ hidden: false }).where(eq(partnerAgents.name, 'Zeca'))
    }
  })

  it('previews a partner without touching the conversation', async () => {
    const { tokens } = await player('preview@example.com', null)
    const before = (await call(tokens, 'GET', '/api/v1/chat/history')).json<ChatHistoryItem[]>()
    const res = await call(tokens, 'POST', '/api/v1/agents/tito-regras/try', {
      text: 'o saque que bate na rede vale?',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ name: string; text: string }>()).toMatchObject({ name: 'Tito' })
    expect(res.json<{ text: string }>().text).toMatch(/let/)
    const after = (await call(tokens, 'GET', '/api/v1/chat/history')).json<ChatHistoryItem[]>()
    expect(after).toEqual(before)
    expect(
      (await call(tokens, 'POST', '/api/v1/agents/tito-regras/try', { text: ' ' })).statusCode,
    ).toBe(422)
    expect(
      (await call(tokens, 'POST', '/api/v1/agents/ninguem/try', { text: 'oi' })).statusCode,
    ).toBe(404)
  })
})

describe('partners in the conversation and plan limits', () => {
  it('refuses a Free player with the limit named; Pro adds one, not two; remove frees it', async () => {
    const free = await player('gratis@example.com', null)
    const refused = await call(free.tokens, 'POST', '/api/v1/agents/conversation', {
      slug: 'cora-nutricao',
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json<{ detail: string }>().detail).toBe(
      'O plano Free Trial não inclui agentes parceiros na conversa. Conheça os planos para adicionar um.',
    )

    const pro = await player('pro-agentes@example.com', 'standard')
    const added = await call(pro.tokens, 'POST', '/api/v1/agents/conversation', {
      slug: 'cora-nutricao',
    })
    expect(added.statusCode).toBe(200)
    expect(added.json<AgentsResponse>().allowance).toEqual({ plan_name: 'Pro', limit: 1, used: 1 })
    // Adding the same one again changes nothing.
    expect(
      (await call(pro.tokens, 'POST', '/api/v1/agents/conversation', { slug: 'cora-nutricao' }))
        .statusCode,
    ).toBe(200)
    const second = await call(pro.tokens, 'POST', '/api/v1/agents/conversation', {
      slug: 'tito-regras',
    })
    expect(second.statusCode).toBe(403)
    expect(second.json<{ detail: string }>().detail).toBe(
      'O plano Pro permite 1 agente parceiro na conversa. Remova um para adicionar outro ou mude de plano.',
    )
    const removed = await call(pro.tokens, 'DELETE', '/api/v1/agents/conversation/cora-nutricao')
    expect(removed.json<AgentsResponse>().allowance.used).toBe(0)
    expect(
      (await call(pro.tokens, 'DELETE', '/api/v1/agents/conversation/cora-nutricao')).statusCode,
    ).toBe(404)
    expect(
      (await call(pro.tokens, 'POST', '/api/v1/agents/conversation', { slug: 'tito-regras' }))
        .statusCode,
    ).toBe(200)
    // Another player's partners are theirs alone.
    expect(
      (await call(free.tokens, 'DELETE', '/api/v1/agents/conversation/tito-regras')).statusCode,
    ).toBe(404)
    const members = (await call(pro.tokens, 'GET', '/api/v1/agents/conversation')).json<
      ConversationMember[]
    >()
    expect(members.map((m) => m.kind)).toEqual(['COACH', 'COACH', 'COACH', 'PARTNER', 'TEAM'])
    expect(members[3]).toMatchObject({ mention: 'Tito', role: 'Regras e arbitragem' })
  })

  it('Ultra allows three; parallel adds never pass the limit', async () => {
    const ultra = await player('ultra-agentes@example.com', 'ultra')
    const slugs = ['dante-preparo-fisico', 'nina-fisioterapia', 'cora-nutricao', 'tito-regras']
    const answers = await Promise.all(
      slugs.map((slug) => call(ultra.tokens, 'POST', '/api/v1/agents/conversation', { slug })),
    )
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3)
    expect(answers.filter((r) => r.statusCode === 403)).toHaveLength(1)
    const list = (await call(ultra.tokens, 'GET', '/api/v1/agents')).json<AgentsResponse>()
    expect(list.allowance).toEqual({ plan_name: 'Ultra', limit: 3, used: 3 })
  })
})

describe('group chat', () => {
  it('a mentioned partner answers with its name and area; vocabulary reaches it too', async () => {
    const pro = await player('grupo@example.com', 'standard')
    await call(pro.tokens, 'POST', '/api/v1/agents/conversation', { slug: 'cora-nutricao' })
    const socket = await connect(pro.tokens)
    const mention = await ask(socket, '@Cora oi, tudo bem?', 1)
    expect(mention).toHaveLength(1)
    expect(mention[0]).toMatchObject({
      coach_assigned_name: 'Cora',
      coach_id: 'partner:cora-nutricao',
      coach_archetype_name: null,
      partner: { slug: 'cora-nutricao', avatar: '🥗', category_label: 'Nutrição' },
    })
    expect(mention[0]?.content).toMatch(/Aqui é a Cora/)
    expect(socket.frames).toContainEqual({
      type: 'TYPING_START',
      sender: 'partner:cora-nutricao',
      sender_name: 'Cora',
    })

    const topic = await ask(socket, 'o que comer antes do jogo de amanhã cedo?', 1)
    expect(topic[0]).toMatchObject({ coach_assigned_name: 'Cora' })
    expect(topic[0]?.content).toMatch(/horas antes/)

    const technique = await ask(socket, 'como melhorar meu voleio de backhand?', 1)
    expect(technique.every((m) => m.partner === null)).toBe(true)

    const stored = (await call(pro.tokens, 'GET', '/api/v1/chat/history')).json<ChatHistoryItem[]>()
    expect(stored.filter((m) => m.partner?.slug === 'cora-nutricao')).toHaveLength(2)
  })

  it('@equipe asks every coach and partner; mentions are capped', async () => {
    const ultra = await player('equipe@example.com', 'ultra')
    for (const slug of ['nina-fisioterapia', 'tito-regras', 'lia-torneios'])
      await call(ultra.tokens, 'POST', '/api/v1/agents/conversation', { slug })
    const socket = await connect(ultra.tokens)
    const everyone = await ask(socket, '@equipe como me preparo para o torneio?', 6)
    expect(everyone).toHaveLength(6)
    expect(everyone.filter((m) => m.partner)).toHaveLength(3)
    const names = [...ultra.team.coaches.map((c) => c.name), 'Nina', 'Tito', 'Lia']
    const capped = await ask(socket, names.map((n) => `@${n}`).join(' '), coach.MAX_AGENT_REPLIES)
    expect(capped).toHaveLength(coach.MAX_AGENT_REPLIES)
  })

  it('a removed partner stops answering', async () => {
    const pro = await player('removido@example.com', 'standard')
    await call(pro.tokens, 'POST', '/api/v1/agents/conversation', { slug: 'tito-regras' })
    await call(pro.tokens, 'DELETE', '/api/v1/agents/conversation/tito-regras')
    const socket = await connect(pro.tokens)
    const answers = await ask(socket, '@Tito bola na linha vale ponto?', 1)
    expect(answers.every((m) => m.partner === null)).toBe(true)
  })
})
