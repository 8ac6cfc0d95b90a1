import { describe, expect, it } from 'vitest'
import {
  extractFacts,
  fieldsFromText,
  healedIn,
  mergeFact,
  reply,
  seededRng,
  type ChatTurn,
  type RememberedFact,
} from '../src'
import { LEFTY, team } from './fixtures'

const t = team()
const NOW = new Date('2026-11-26T15:00:00Z')

/** The facts a long first conversation leaves, as the server hands them to the engine. */
function factsFrom(...messages: string[]): RememberedFact[] {
  return messages.flatMap((m) =>
    extractFacts(m, NOW).map((f) => ({ kind: f.kind, text: f.text, fields: f.fields })),
  )
}

const FACTS = factsFrom(
  'jogo com a Lu, ela é canhota',
  'tenho um torneio em março',
  'meu cotovelo ta doendo depois dos jogos',
  'uso uma heroes nova',
)

function ask(text: string, facts: readonly RememberedFact[] = FACTS, history: ChatTurn[] = []) {
  return reply({ text, team: t, profile: LEFTY, history, rng: seededRng(3), facts })
    .map((r) => r.text)
    .join('\n\n')
}

/** How many remembered facts a reply brings up (tournament, partner, injury, racket). */
function references(text: string): number {
  return [/torneio de março/i, /\bLu\b/, /dor no cotovelo/i, /Heroes/].filter((re) => re.test(text))
    .length
}

describe('coaches use the memory where it matters', () => {
  it('brings the tournament into a training plan answer', () => {
    const text = ask('monta meu plano de treino da semana')
    expect(text).toMatch(/Com o torneio de março/)
    expect(references(text)).toBe(1)
  })

  it("brings the partner's name into a doubles answer", () => {
    const text = ask('como melhorar a comunicação com minha dupla?')
    expect(text).toMatch(/com a Lu\b/i)
    expect(references(text)).toBe(1)
  })

  it('brings the stored injury into a drill answer', () => {
    const text = ask('como melhorar meu voleio?')
    expect(text).toMatch(/Exercício/)
    expect(text).toMatch(/dor no cotovelo que você contou/)
    expect(references(text)).toBe(1)
  })

  it('never lists what it knows and says nothing remembered off topic', () => {
    const text = ask('quantos games tem um set?')
    expect(references(text)).toBe(0)
  })

  it('stops using a fact the player forgot', () => {
    const without = FACTS.filter((f) => f.kind !== 'TORNEIO')
    expect(ask('monta meu plano de treino da semana', without)).not.toMatch(/março/)
    const noInjury = FACTS.filter((f) => f.kind !== 'LESAO')
    expect(ask('como melhorar meu voleio?', noInjury)).not.toMatch(/cotovelo/)
    const noPartner = FACTS.filter((f) => f.kind !== 'PARCEIRO')
    expect(ask('como melhorar a comunicação com minha dupla?', noPartner)).not.toMatch(/\bLu\b/)
  })

  it('follows an edit: the new text and details are what the coaches use', () => {
    const edited = FACTS.map((f) =>
      f.kind === 'LESAO'
        ? { ...f, text: 'Dor no joelho.', fields: fieldsFromText('LESAO', 'Dor no joelho.', NOW) }
        : f,
    )
    const text = ask('como melhorar meu voleio?', edited)
    expect(text).toMatch(/dor no joelho/)
    expect(text).not.toMatch(/cotovelo/)
  })

  it('does not repeat the same remembered line later in the conversation', () => {
    const first = ask('monta meu plano de treino da semana')
    const again = ask('monta meu plano de treino da semana', FACTS, [
      { sender: 'USER', text: 'monta meu plano de treino da semana' },
      { sender: t.coaches[0].id, text: first },
    ])
    const line = /Com o torneio de março[^.]*\./.exec(first)?.[0] ?? ''
    expect(line).not.toBe('')
    expect(again).not.toContain(line)
  })
})

describe('memory facts', () => {
  it('keeps the source sentence and writes a short line for the player', () => {
    const [fact] = extractFacts('Oi. Meu cotovelo ta doendo depois dos jogos!', NOW)
    expect(fact).toMatchObject({
      kind: 'LESAO',
      text: 'Dor no cotovelo depois dos jogos.',
      sentence: 'Meu cotovelo ta doendo depois dos jogos',
    })
  })

  it("does not take a partner's pain for the player's", () => {
    expect(extractFacts('meu parceiro que tem dor no joelho', NOW).map((f) => f.kind)).toEqual([
      'PARCEIRO',
    ])
  })

  it('drops tournaments whose date already passed and resolves relative dates', () => {
    expect(extractFacts('tenho torneio dia 20/11/2026', NOW)).toEqual([])
    expect(extractFacts('torneio daqui a 3 semanas', NOW)[0]?.fields).toEqual({
      date: '2026-12-17',
    })
    expect(extractFacts('campeonato no proximo mes', NOW)[0]?.fields).toEqual({ month: '2026-12' })
    expect(extractFacts('torneio em março', NOW)[0]?.text).toBe('Torneio em março de 2027.')
  })

  it("joins a partner's hand said later to the name said before", () => {
    const [older] = extractFacts('minha parceira é a Lu', NOW)
    const [newer] = extractFacts('minha parceira é canhota', NOW)
    expect(mergeFact(older!, newer!)).toEqual({
      text: 'Parceira: Lu, canhota.',
      fields: { name: 'Lu', gender: 'FEMALE', hand: 'LEFT' },
    })
    const [other] = extractFacts('agora jogo com o Beto', NOW)
    expect(mergeFact(older!, other!).fields.name).toBe('Beto')
  })

  it('notes what the player asks to remember and when a pain is gone', () => {
    expect(extractFacts('Lembre que prefiro treinar cedo', NOW)[0]).toMatchObject({
      kind: 'OUTRO',
      text: 'Prefiro treinar cedo.',
    })
    expect(healedIn('meu ombro ja melhorou, nao doi mais')).toEqual(['ombro'])
    expect(healedIn('meu parceiro ja melhorou do ombro')).toEqual([])
  })
})

describe('dates on the player calendar', () => {
  it('reads "amanhã" at 22h in São Paulo as the next day there', () => {
    const lateEvening = new Date('2026-11-27T01:00:00Z') // 26 Nov, 22h in São Paulo
    expect(extractFacts('tenho torneio amanha', lateEvening)[0]?.fields).toEqual({
      date: '2026-11-27',
    })
  })
})
