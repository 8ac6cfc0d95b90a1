import type { AdminAuditEntry, AdminPartner, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'

let app: TestApp
let admin: TokenPair
let player: TokenPair

beforeAll(async () => {
  app = await createTestApp()
  admin = await signUpAndLogIn(app, 'curadoria@areia.test')
  player = await signUpAndLogIn(app, 'jogador-loja@areia.test')
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'curadoria@areia.test'))
})
afterAll(() => app.close())

const call = (tokens: TokenPair, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.server.inject({
    method,
    url,
    headers: bearer(tokens.access_token),
    ...(payload ? { payload } : {}),
  })

const knowledge = {
  version: 1,
  fullName: 'Beatriz Salgado',
  pronoun: 'ela',
  voice: 'Direta e animada, fala como quem está na arena.',
  background: 'Organiza etapas do circuito amador há dez anos.',
  openers: ['Boa pergunta!'],
  closers: ['Nos vemos na areia!'],
  outside: 'Isso foge da minha área; pergunte à sua equipe de coaches.',
  topics: [
    {
      id: 'inscricao',
      title: 'Inscrição em torneios',
      keywords: ['inscri', 'torneio'],
      facts: ['As inscrições costumam fechar uma semana antes da etapa.'],
      tips: ['Confira o regulamento da etapa antes de pagar a inscrição.'],
    },
  ],
}

const partner = {
  slug: 'bia-torneios',
  name: 'Bia',
  avatar: '🏆',
  category: 'TORNEIOS',
  description: 'Calendário, inscrições e regulamentos de torneios.',
  sample_question: 'Quando fecham as inscrições?',
  sample_answer: 'Em geral uma semana antes da etapa.',
  knowledge,
}

const storeSlugs = async () => {
  const res = await call(player, 'GET', '/api/v1/agents')
  expect(res.statusCode).toBe(200)
  return res.json<{ agents: { slug: string }[] }>().agents.map((a) => a.slug)
}

describe('partner agents in the console', () => {
  it('creates a partner that the store then lists', async () => {
    const res = await call(admin, 'POST', '/api/v1/admin/partners', partner)
    expect(res.statusCode).toBe(201)
    expect(res.json<AdminPartner>()).toMatchObject({
      slug: 'bia-torneios',
      hidden: false,
      players: 0,
    })
    expect(await storeSlugs()).toContain('bia-torneios')
    const again = await call(admin, 'POST', '/api/v1/admin/partners', partner)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ detail: string }>().detail).toBe(
      'Já existe um agente com este identificador.',
    )
  })

  it('refuses broken knowledge or a bad slug with a pt-BR detail', async () => {
    const broken = await call(admin, 'POST', '/api/v1/admin/partners', {
      ...partner,
      slug: 'outro-agente',
      knowledge: { ...knowledge, topics: [] },
    })
    expect(broken.statusCode).toBe(422)
    const slug = await call(admin, 'POST', '/api/v1/admin/partners', {
      ...partner,
      slug: 'Com Espaço',
    })
    expect(slug.statusCode).toBe(422)
    expect(slug.json<{ detail: string }>().detail).toMatch(/letras minúsculas, números ou hífens/)
  })

  it('edits and hides a partner, each change audited; hidden leaves the store', async () => {
    const list = (await call(admin, 'GET', '/api/v1/admin/partners')).json<AdminPartner[]>()
    const bia = list.find((p) => p.slug === 'bia-torneios')!
    const edited = await call(admin, 'PATCH', `/api/v1/admin/partners/${bia.id}`, {
      name: 'Bia Torneios',
      description: 'Tudo sobre o circuito.',
    })
    expect(edited.json<AdminPartner>()).toMatchObject({ name: 'Bia Torneios', hidden: false })
    const hidden = await call(admin, 'PATCH', `/api/v1/admin/partners/${bia.id}`, { hidden: true })
    expect(hidden.json<AdminPartner>().hidden).toBe(true)
    expect(await storeSlugs()).not.toContain('bia-torneios')
    const audit = (await call(admin, 'GET', '/api/v1/admin/audit')).json<AdminAuditEntry[]>()
    expect(audit.slice(0, 3).map((r) => [r.action, r.target_type, r.target_id])).toEqual([
      ['partner.hide', 'partner', String(bia.id)],
      ['partner.update', 'partner', String(bia.id)],
      ['partner.create', 'partner', String(bia.id)],
    ])
    expect(audit[1]?.details).toMatchObject({
      slug: 'bia-torneios',
      changes: { name: 'Bia Torneios', description: 'Tudo sobre o circuito.' },
    })
    expect(
      (await call(admin, 'PATCH', '/api/v1/admin/partners/99999', { hidden: true })).statusCode,
    ).toBe(404)
    expect((await call(player, 'GET', '/api/v1/admin/partners')).statusCode).toBe(403)
  })
})
