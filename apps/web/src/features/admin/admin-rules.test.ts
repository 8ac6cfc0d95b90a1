import { describe, expect, it } from 'vitest'
import type { AdminPlan } from '@areia/contracts/admin'
import {
  auditDetails,
  auditTarget,
  canOpenConsole,
  couponBody,
  couponState,
  EMPTY_COUPON,
  figure,
  KNOWLEDGE_TEMPLATE,
  parseReais,
  partnerFields,
  planForm,
  planPatch,
  sectionsFor,
} from './admin-rules'

const pro: AdminPlan = {
  id: 2,
  slug: 'standard',
  name: 'Pro',
  price_monthly: 59.9,
  price_annually: 599,
  features: ['Chat ilimitado', 'Até 4 vídeos por mês'],
  trial_days: null,
  daily_message_limit: null,
  monthly_video_limit: 4,
  human_review: false,
  analysis_turnaround_hours: 12,
  partner_agent_limit: 1,
  spots: null,
  active: true,
}

describe('who sees which section', () => {
  it('gives ADMIN every section, ANALYST the overview, a player nothing', () => {
    expect(sectionsFor('ADMIN').map((s) => s.id)).toEqual([
      'visao-geral',
      'jogadores',
      'planos',
      'cupons',
      'lista-de-espera',
      'emails',
      'agentes',
      'auditoria',
    ])
    expect(sectionsFor('ANALYST').map((s) => s.id)).toEqual(['visao-geral'])
    expect(canOpenConsole('USER')).toBe(false)
    expect(canOpenConsole(undefined)).toBe(false)
  })
})

describe('parseReais', () => {
  it.each([
    ['59,90', 59.9],
    ['59.90', 59.9],
    ['R$ 1.199,00', 1199],
    ['0', 0],
  ])('reads %s', (input, value) => expect(parseReais(input)).toBe(value))

  it.each(['', 'abc', '1,999', '-5', '1.2.3'])('refuses %s', (input) =>
    expect(parseReais(input)).toBeNull(),
  )
})

describe('planPatch', () => {
  it('sends only what changed, with empty limits as "no limit"', () => {
    const form = { ...planForm(pro), price_monthly: '64,90', spots: '10', features: 'A\n\n B \n' }
    expect(planPatch(pro, form)).toEqual({
      body: { price_monthly: 64.9, spots: 10, features: ['A', 'B'] },
    })
    const limited = { ...planForm({ ...pro, spots: 5 }), spots: '' }
    expect(planPatch({ ...pro, spots: 5 }, limited)).toEqual({ body: { spots: null } })
  })

  it('explains what is wrong in pt-BR', () => {
    expect(planPatch(pro, planForm(pro))).toEqual({ error: 'Nada foi alterado.' })
    expect(planPatch(pro, { ...planForm(pro), price_monthly: 'caro' })).toEqual({
      error: 'Preço mensal inválido. Use, por exemplo, 59,90.',
    })
    expect(planPatch(pro, { ...planForm(pro), monthly_video_limit: '' })).toEqual({
      error: 'Vídeos por mês: um número inteiro.',
    })
    expect(planPatch(pro, { ...planForm(pro), spots: '-1' })).toEqual({
      error: 'Vagas: um número inteiro, ou vazio para ilimitadas.',
    })
  })
})

describe('couponBody', () => {
  it('upper-cases the code and turns days into Brasília-time instants', () => {
    const form = {
      code: ' verao25 ',
      percentage: '25',
      from: '2026-12-01',
      until: '2026-12-31',
      max: '50',
    }
    expect(couponBody(form)).toEqual({
      body: {
        code: 'VERAO25',
        discount_percentage: 25,
        valid_from: '2026-12-01T00:00:00-03:00',
        valid_until: '2026-12-31T23:59:59-03:00',
        max_redemptions: 50,
      },
    })
    expect(couponBody({ ...EMPTY_COUPON, code: 'AREIA5', percentage: '5' })).toEqual({
      body: {
        code: 'AREIA5',
        discount_percentage: 5,
        valid_from: null,
        valid_until: null,
        max_redemptions: null,
      },
    })
  })

  it('refuses a bad percentage, code, window or limit', () => {
    const ok = { ...EMPTY_COUPON, code: 'AREIA5', percentage: '5' }
    expect(couponBody({ ...ok, percentage: '0' })).toEqual({
      error: 'O desconto deve ser de 1% a 99%.',
    })
    expect(couponBody({ ...ok, percentage: '100' })).toEqual({
      error: 'O desconto deve ser de 1% a 99%.',
    })
    expect(couponBody({ ...ok, code: 'a b' })).toHaveProperty('error')
    expect(couponBody({ ...ok, from: '2026-02-01', until: '2026-01-01' })).toEqual({
      error: 'O fim da validade deve ser depois do início.',
    })
    expect(couponBody({ ...ok, max: '0' })).toHaveProperty('error')
  })
})

describe('couponState', () => {
  const now = new Date('2026-11-23T12:00:00Z')
  const base = {
    active: true,
    valid_from: null,
    valid_until: null,
    max_redemptions: null,
    redemptions: 0,
  }
  it('reads the badge from the flags, the window and the uses', () => {
    expect(couponState(base, now)).toBe('ativo')
    expect(couponState({ ...base, active: false }, now)).toBe('expirado')
    expect(couponState({ ...base, valid_until: '2026-11-23T11:00:00Z' }, now)).toBe('expirado')
    expect(couponState({ ...base, valid_from: '2026-12-01T03:00:00Z' }, now)).toBe('agendado')
    expect(couponState({ ...base, max_redemptions: 2, redemptions: 2 }, now)).toBe('esgotado')
  })
})

it('auditDetails writes one readable line', () => {
  expect(auditDetails({ email: 'a@b.co', from: 'USER', to: 'ADMIN', x: null })).toBe(
    'e-mail: a@b.co · de: USER · para: ADMIN',
  )
  expect(auditDetails({ invited: ['a', 'b'] })).toBe('convidados: ["a","b"]')
  expect(auditDetails({ slug: 'bia', changes: { hidden: true, name: 'Bia' } })).toBe(
    'identificador: bia · alterações: { oculto: sim, nome: Bia }',
  )
  expect(auditTarget('coupon', '3')).toBe('Cupom #3')
  expect(auditTarget('waitlist', 'waitlist')).toBe('Lista de espera')
})

describe('partnerFields', () => {
  const form = {
    slug: 'bia',
    name: ' Bia ',
    avatar: '🏆',
    category: 'TORNEIOS',
    description: 'Torneios',
    sample_question: 'Quando?',
    sample_answer: 'Logo.',
    knowledge: '{"version": 1}',
  }
  it('parses the knowledge JSON and trims the texts', () => {
    expect(partnerFields(form)).toEqual({
      body: {
        name: 'Bia',
        avatar: '🏆',
        category: 'TORNEIOS',
        description: 'Torneios',
        sample_question: 'Quando?',
        sample_answer: 'Logo.',
        knowledge: { version: 1 },
      },
    })
  })
  it('catches a JSON slip and empty fields in pt-BR', () => {
    expect(partnerFields({ ...form, knowledge: '{version: 1,}' })).toEqual({
      error: 'O conhecimento não é um JSON válido. Confira vírgulas, aspas e chaves.',
    })
    expect(partnerFields({ ...form, description: '  ' })).toEqual({
      error: 'Preencha todos os campos do agente.',
    })
    expect(JSON.parse(KNOWLEDGE_TEMPLATE)).toMatchObject({ version: 1 })
  })
})

describe('figure', () => {
  it('splits a count from a noun that agrees with it', () => {
    expect(figure(1, 'jogador pagante', 'jogadores pagantes')).toEqual({
      value: '1',
      noun: 'jogador pagante',
    })
    expect(figure(0, 'jogador pagante', 'jogadores pagantes').noun).toBe('jogadores pagantes')
    expect(figure(1234, 'conta', 'contas')).toEqual({ value: '1.234', noun: 'contas' })
  })
})
