import { PartnerKnowledge } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import {
  MAX_AGENT_REPLIES,
  PARTNERS,
  buildPartnerPrompt,
  partnerReply,
  partnerSender,
  routeGroup,
  seededRng,
  type PartnerDefinition,
  type Speaker,
} from '../src'
import { contextOf } from '../src/profile'
import { LEFTY, team } from './fixtures'

const t = team(11)
const all = [...PARTNERS]
const bySlug = (prefix: string) => {
  const p = all.find((x) => x.slug.startsWith(prefix))
  if (!p) throw new Error(prefix)
  return p
}
const partnersOf = (speakers: Speaker[]) =>
  speakers.flatMap((s) => (s.kind === 'PARTNER' ? [s.slug] : []))
const coachesOf = (speakers: Speaker[]) =>
  speakers.flatMap((s) => (s.kind === 'COACH' ? [s.id] : []))

describe('partner catalogue', () => {
  it('has one partner per category at least, with valid, distinct knowledge', () => {
    const categories = new Set(all.map((p) => p.category))
    expect(categories.size).toBe(6)
    expect(new Set(all.map((p) => p.slug)).size).toBe(all.length)
    expect(new Set(all.map((p) => p.name.toLowerCase())).size).toBe(all.length)
    for (const p of all) expect(PartnerKnowledge.safeParse(p.knowledge).success).toBe(true)
  })

  it('states only correct beach tennis facts', () => {
    const texts = all.flatMap((p) => [
      p.description,
      p.sample.question,
      p.sample.answer,
      ...p.knowledge.topics.flatMap((x) => [...x.facts, ...x.tips]),
    ])
    const sentences = texts.flatMap((x) => x.split(/(?<=[.!?;:])\s+|\n/))
    expect(sentences.filter((s) => /qui(c|qu)/i.test(s) && !/nunca|não pode/i.test(s))).toEqual([])
    expect(
      sentences.filter(
        (s) => /segundo saque/i.test(s) && !/(não existe|não há|sem segundo|único)/i.test(s),
      ),
    ).toEqual([])
    expect(sentences.filter((s) => /encord|cordas? da raquete/i.test(s))).toEqual([])
    expect(sentences.some((s) => /16 m × 8 m/.test(s))).toBe(true)
    expect(sentences.some((s) => /não há let/i.test(s))).toBe(true)
    expect(sentences.some((s) => /50 cm/.test(s))).toBe(true)
    for (const s of sentences)
      if (/rede/i.test(s))
        for (const m of s.matchAll(/(\d,\d{2}) m/g)) expect(['1,70', '1,80']).toContain(m[1])
  })
})

describe('group routing', () => {
  const cases: Array<[string, string]> = [
    ['o saque que bate na rede vale?', 'tito'],
    ['bola na linha vale ponto?', 'tito'],
    ['tenho dor no ombro quando saco', 'nina'],
    ['meu tornozelo torceu ontem', 'nina'],
    ['o que comer antes do jogo?', 'cora'],
    ['quanta água devo beber no calor?', 'cora'],
    ['qual raquete comprar, carbono ou fibra de vidro?', 'zeca'],
    ['como me inscrever no torneio da federação?', 'lia'],
    ['quantas vezes devo fazer academia?', 'dante'],
    ['como melhorar meu fôlego na areia?', 'dante'],
  ]
  it.each(cases)('"%s" reaches %s', (text, prefix) => {
    expect(partnersOf(routeGroup(text, t, all).speakers)).toContain(bySlug(prefix).slug)
  })

  it('leaves technique and feelings to the coaches', () => {
    for (const text of ['como melhorar meu saque?', 'fico nervoso no ponto de ouro']) {
      const { speakers } = routeGroup(text, t, all)
      expect(partnersOf(speakers)).toEqual([])
      expect(coachesOf(speakers).length).toBeGreaterThan(0)
    }
  })

  it('is the coaches routing when no partner was added', () => {
    const { speakers } = routeGroup('o que comer antes do jogo?', t, [])
    expect(partnersOf(speakers)).toEqual([])
  })

  it('answers mentions by name or area, and only them', () => {
    expect(routeGroup('@Cora oi', t, all).speakers).toEqual([
      { kind: 'PARTNER', slug: bySlug('cora').slug },
    ])
    expect(partnersOf(routeGroup('@fisio meu joelho', t, all).speakers)).toEqual([
      bySlug('nina').slug,
    ])
    const coach = t.coaches[1]
    const mixed = routeGroup(`@${coach.name} e @Tito, o que acham?`, t, all)
    expect(mixed.speakers).toEqual([
      { kind: 'COACH', id: coach.id },
      { kind: 'PARTNER', slug: bySlug('tito').slug },
    ])
  })

  it('mentions a partner with a two-word name by its first name', () => {
    const rita = { ...bySlug('tito'), slug: 'rita-regras', name: 'Rita Regras' }
    expect(routeGroup('@Rita bola na linha?', t, [rita]).speakers).toEqual([
      { kind: 'PARTNER', slug: 'rita-regras' },
    ])
  })

  it('@equipe asks every coach and partner; other routing is capped', () => {
    const team3 = all.slice(0, 3)
    const everyone = routeGroup('@equipe como me preparo para o torneio?', t, team3)
    expect(everyone.reason).toBe('TEAM')
    expect(coachesOf(everyone.speakers)).toHaveLength(3)
    expect(partnersOf(everyone.speakers)).toHaveLength(3)
    const names = [...t.coaches.map((c) => c.name), ...team3.map((p) => p.name)]
    const many = routeGroup(names.map((n) => `@${n}`).join(' '), t, team3)
    expect(many.speakers).toHaveLength(MAX_AGENT_REPLIES)
  })

  it('keeps a follow-up with the partner who answered last', () => {
    const nina = bySlug('nina')
    const history = [
      { sender: 'USER', text: 'tenho dor no cotovelo' },
      { sender: partnerSender(nina.slug), text: 'Vamos cuidar disso.' },
    ]
    expect(routeGroup('e como faço isso?', t, [nina], history).speakers).toEqual([
      { kind: 'PARTNER', slug: nina.slug },
    ])
  })
})

describe('partner replies', () => {
  const ask = (p: PartnerDefinition, text: string, memory?: string[]) =>
    partnerReply({ partner: p, text, profile: LEFTY, history: [], rng: seededRng(3), memory })

  it('answers from its own knowledge, with a caution on health', () => {
    const nina = ask(bySlug('nina'), 'meu ombro dói no smash')
    expect(nina).toMatch(/rotação externa/i)
    expect(nina).toMatch(/não faço diagnóstico/)
    const tito = ask(bySlug('tito'), 'o saque que bate na rede vale?')
    expect(tito).toMatch(/let/)
    expect(tito).not.toMatch(/<[a-z]/i)
  })

  it('introduces itself when only greeted and says so outside its area', () => {
    expect(ask(bySlug('cora'), '@Cora oi')).toMatch(/Aqui é a Cora, de nutrição/)
    expect(ask(bySlug('cora'), '@Cora como melhorar meu backhand na rede?')).toMatch(
      /não é nutrição/,
    )
  })

  it('walks further into a topic when asked again', () => {
    const zeca = bySlug('zeca')
    const first = ask(zeca, 'qual raquete comprar?')
    const again = partnerReply({
      partner: zeca,
      text: 'e qual raquete para quem já joga bem?',
      profile: LEFTY,
      history: [
        { sender: 'USER', text: 'qual raquete comprar?' },
        { sender: partnerSender(zeca.slug), text: first },
      ],
      rng: seededRng(3),
    })
    expect(again).not.toEqual(first)
  })

  it('uses the memory as edited: a deleted fact stops shaping the answer', () => {
    const dante = bySlug('dante')
    const remembered = ask(dante, 'treino de força para perna', ['Operei o joelho em 2023'])
    expect(remembered).toMatch(/Operei o joelho/)
    expect(ask(dante, 'treino de força para perna', [])).not.toMatch(/Operei o joelho/)
  })

  it('coach replies read injuries from the memory when one is given', () => {
    const history = [{ sender: 'USER', text: 'tenho dor no ombro' }]
    expect(contextOf(LEFTY, history, 'smash').mentionedInjuries).toEqual(['ombro'])
    expect(contextOf(LEFTY, history, 'smash', []).mentionedInjuries).toEqual([])
    expect(
      contextOf(LEFTY, [], 'smash', ['Relatou dor ou lesão: cotovelo.']).mentionedInjuries,
    ).toEqual(['cotovelo'])
  })

  it('builds an LLM prompt with the persona, the area knowledge and the memory', () => {
    const lia = bySlug('lia')
    const messages = buildPartnerPrompt({
      partner: lia,
      others: [bySlug('nina')],
      team: t,
      profile: LEFTY,
      history: [{ sender: 'USER', text: 'oi' }],
      text: 'como me inscrevo?',
      memory: ['Joga a etapa de Santos em março'],
    })
    expect(messages[0]?.role).toBe('system')
    expect(messages[0]?.content).toMatch(/Lia Tavares/)
    expect(messages[0]?.content).toMatch(/Categorias e ranking/)
    expect(messages[0]?.content).toMatch(/etapa de Santos/)
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'como me inscrevo?' })
  })
})
