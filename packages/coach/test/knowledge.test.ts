import { describe, expect, it } from 'vitest'
import { introductions, KNOWLEDGE, reply, retrieve, seededRng, type KnowledgeEntry } from '../src'
import { INTENTS } from '../src/intents/registry'
import { LEFTY, RIGHTY, team } from './fixtures'

const CONTEXTS = [LEFTY, RIGHTY, { ...RIGHTY, height_cm: 190 }, { ...LEFTY, height_cm: 155 }].map(
  (profile) => ({
    profile,
    level: 'INTERMEDIARIO' as const,
    lefty: profile.dominant_hand === 'LEFT',
    heightCm: profile.height_cm ?? null,
    mentionedInjuries: ['ombro' as const],
  }),
)

function texts(entry: KnowledgeEntry): string[] {
  return [
    ...entry.facts,
    ...entry.tips,
    ...entry.metrics,
    ...entry.mind,
    ...entry.drills.flatMap((d) => [d.name, d.how, d.unit]),
    ...CONTEXTS.flatMap((ctx) => entry.personal?.(ctx) ?? []),
  ]
}

/** Everything a player can read: the knowledge base plus generated replies and introductions. */
function corpus(): string[] {
  const t = team(4)
  const generated = [
    'a bola pode quicar?',
    'tem segundo saque?',
    'como funciona a pontuação',
    'qual a altura da rede e o tamanho da quadra?',
    'o que é o ponto de ouro',
    '@equipe regras do beach tennis',
  ].flatMap((text) =>
    reply({ text, team: t, profile: LEFTY, history: [], rng: seededRng(1) }).map((r) => r.text),
  )
  const intents = INTENTS.flatMap((i) => [
    ...i.answers,
    ...i.alt,
    ...i.tips,
    ...(i.facts ?? []),
    ...(i.drills ?? []).map((d) => d.how),
  ])
  return [
    ...KNOWLEDGE.flatMap(texts),
    ...intents,
    ...generated,
    ...introductions(t, LEFTY).map((i) => i.text),
  ]
}

const sentences = (text: string) => text.split(/(?<=[.!?;:])\s+|\n/)

describe('knowledge base', () => {
  const all = corpus().flatMap(sentences)

  // Each check looks for a wrong claim, not for the word: "sem quique" and "o segundo saque do
  // tênis" are right, "pode quicar uma vez" and "use o segundo saque" are not.
  const negated = /\b(não|nunca|sem|nem|jamais|abandona|apagad|esquecer?|esqueça|em vez)\b/i

  it('never says the ball may bounce', () => {
    const bad = all.filter(
      (s) =>
        /\b(pode|deixe|deixar|deixa|espere|esperar|depois d[oe]|após) (a bola )?(quicar|pingar|quique)\b|\bquica uma vez\b/i.test(
          s,
        ) && !negated.test(s),
    )
    expect(bad).toEqual([])
  })

  it('never mentions a second serve except to deny it', () => {
    const bad = all.filter(
      (s) =>
        /\b(use o|usar o|no seu|tem|há|existe) (um )?(segundo saque|dois saques)\b/i.test(s) &&
        !negated.test(s) &&
        !/tênis/i.test(s),
    )
    expect(bad).toEqual([])
  })

  it('never describes advantage scoring at 40–40', () => {
    const bad = all.filter(
      (s) =>
        /vantagem/i.test(s) &&
        /\b(40|iguais|deuce)\b/i.test(s) &&
        !negated.test(s) &&
        !/(não há|não existe) vantagem|tênis/i.test(s),
    )
    expect(bad).toEqual([])
  })

  it('states only the official court size and net heights', () => {
    for (const s of all) {
      for (const m of s.matchAll(/(\d+(?:,\d+)?) ?m? ?[×x] ?(\d+(?:,\d+)?) ?m\b/g)) {
        const size = `${m[1]}×${m[2]}`
        // Half a doubles court is 8 × 8; the singles court is 16 × 4,5.
        if (size === '8×8' && /cada lado|metade|cada dupla/i.test(s)) continue
        if (size === '16×4,5' && /simples/i.test(s)) continue
        expect(size).toBe('16×8')
      }
      if (/rede/i.test(s))
        for (const m of s.matchAll(/(\d,\d{2}) m/g)) expect(['1,70', '1,80']).toContain(m[1])
    }
    expect(all.some((s) => /16 m × 8 m/.test(s))).toBe(true)
    expect(all.some((s) => /1,70 m/.test(s))).toBe(true)
  })

  it('says a racket has no strings (no advice about restringing)', () => {
    expect(all.filter((s) => /encord|tensão das cordas|trocar as cordas/i.test(s))).toEqual([])
  })

  it('covers every topic the product promises', () => {
    const ids = KNOWLEDGE.map((e) => e.id)
    for (const id of [
      'saque',
      'devolucao',
      'voleio',
      'smash',
      'lob',
      'curtinha',
      'forehand-backhand',
      'posicionamento',
      'comunicacao',
      'deslocamento',
      'vento-sol',
      'preparo-fisico',
      'aquecimento',
      'lesao-ombro',
      'lesao-cotovelo',
      'lesao-tornozelo',
      'lesao-lombar',
      'equipamento',
      'regras',
      'rotina-entre-pontos',
      'ansiedade-pressao',
      'confianca',
      'planejamento',
    ])
      expect(ids).toContain(id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives every entry tips, a drill with a number, something to measure and a mental angle', () => {
    for (const e of KNOWLEDGE) {
      expect(e.tips.length, e.id).toBeGreaterThanOrEqual(3)
      expect(e.drills.length, e.id).toBeGreaterThan(0)
      for (const d of e.drills) expect(d.amount, e.id).toBeGreaterThan(0)
      expect(e.metrics.length, e.id).toBeGreaterThan(0)
      expect(e.mind.length, e.id).toBeGreaterThan(0)
      expect(e.keywords.length, e.id).toBeGreaterThan(0)
    }
  })

  it('contains no raw HTML', () => {
    expect(all.filter((s) => /<[a-z/][^>]*>/i.test(s))).toEqual([])
  })

  it('retrieves the relevant entries first', () => {
    expect(retrieve('como melhorar meu smash', 3)[0]?.id).toBe('smash')
    expect(retrieve('dor no cotovelo', 2)[0]?.id).toBe('lesao-cotovelo')
    expect(retrieve('fico nervoso no tie break', 3).map((e) => e.id)).toContain('ansiedade-pressao')
    expect(retrieve('???', 3)).toEqual([])
    expect(retrieve('saque', 0)).toEqual([])
  })
})
