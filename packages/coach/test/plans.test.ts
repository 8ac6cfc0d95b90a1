import { beforeAll, describe, expect, it } from 'vitest'
import { planTurn, reply, seededRng, type ChatTurn, type PlayerProfile } from '../src'
import type { TrainingPlan } from '../src/plans/plan'
import { team } from './fixtures'

const t = team()
const estatistico = t.coaches.find((c) => c.archetype === 'ESTATISTICO')!
const profile: PlayerProfile = { name: 'Ana', category: 'C', gender: 'FEMALE' }
/** A Thursday, 10h in Brazil. */
const THURSDAY = new Date('2026-11-26T13:00:00Z')

/** One turn as the server runs it: the plan first, then the replies that read it. */
function turn(text: string, current: TrainingPlan | null, now = THURSDAY, memory?: string[]) {
  const history: ChatTurn[] = []
  const { plan, change } = planTurn({
    text,
    history,
    profile,
    current,
    now,
    ...(memory ? { memory } : {}),
  })
  const replies = reply({
    text,
    team: t,
    profile,
    history,
    rng: seededRng(1),
    plan,
    planChange: change,
    now,
  })
  return { plan, change, replies, lead: replies[0] }
}

const ASK =
  'terça e quinta tenho aula, sábado jogo, quero focar saque e smash, torneio em março. monta meu plano?'

describe('training plans', () => {
  beforeAll(() => void turn('oi', null), 60_000)

  it('respects every constraint of the request: days, what each day is, focus and the date', () => {
    const { plan, change, lead } = turn(ASK, null)
    expect(change).toBe('CREATED')
    expect(plan?.sessions.map((s) => [s.day, s.kind])).toEqual([
      ['terca', 'aula'],
      ['quinta', 'aula'],
      ['sabado', 'jogo'],
    ])
    expect(plan?.focus).toEqual(['saque', 'smash'])
    expect(plan?.tournament).toEqual({ label: 'em março', date: '2027-03-01' })
    expect(lead?.coachId).toBe(estatistico.id)
    const text = lead?.text ?? ''
    expect(text).toMatch(/\*\*Terça \(aula, 1h\):\*\*.*saque e smash/)
    // Drills named with their volume.
    expect(text).toMatch(/\d+ saques/)
    expect(text).toMatch(/\d+ smashes/)
    expect(text).toContain('Descanso: segunda, quarta, sexta e domingo.')
    expect(text).toMatch(/Torneio em março \(faltam cerca de 13 semanas\)/)
    for (const day of ['Segunda (', 'Quarta (', 'Sexta (', 'Domingo ('])
      expect(text).not.toContain(day)
  })

  it('a number of sessions without days gives exactly that many, on separate days', () => {
    const { plan } = turn('tenho 2 dias por semana pra treinar, quero melhorar o voleio', null)
    expect(plan?.sessions).toHaveLength(2)
    expect(new Set(plan?.sessions.map((s) => s.day)).size).toBe(2)
    expect(plan?.focus).toEqual(['voleio'])
  })

  it('is recalled: today’s session, tomorrow’s, or the whole week', () => {
    const { plan } = turn(ASK, null)
    expect(turn('qual é meu treino de hoje?', plan).lead?.text).toMatch(
      /^Hoje é dia de aula no seu plano:\n- \*\*Quinta/,
    )
    expect(turn('qual meu treino de amanhã?', plan).lead?.text).toMatch(
      /Amanhã é dia de descanso no seu plano. A próxima sessão é sábado/,
    )
    expect(turn('me manda meu plano de novo', plan).lead?.text).toContain(
      'Sua semana, com foco em saque e smash: 3 sessões por semana.',
    )
  })

  it('is adjusted for this week only, keeping the booked game and class first', () => {
    const { plan } = turn(ASK, null)
    const adjusted = turn('essa semana só posso 2x', plan)
    expect(adjusted.change).toBe('ADJUSTED')
    expect(adjusted.lead?.text).toMatch(/Ajustei só esta semana/)
    expect(adjusted.plan?.adjusted?.sessions.map((s) => s.day)).toEqual(['terca', 'sabado'])
    expect(adjusted.plan?.adjusted?.until).toBe('2026-11-29')
    // The week after, the saved plan is back.
    const monday = new Date('2026-11-30T13:00:00Z')
    expect(turn('me manda meu plano de novo', adjusted.plan, monday).lead?.text).toContain(
      '3 sessões',
    )
  })

  it('an injury the team remembers lowers the load of the strokes that hurt it', () => {
    const { plan } = turn(ASK, null, THURSDAY, ['Relatou dor ou lesão: ombro.'])
    expect(plan?.cautions.join(' ')).toMatch(
      /Pelo seu ombro, saque por cima, smash e bandeja ficam em metade/,
    )
  })

  it('without anything concrete, nothing is saved and the coach asks for the days', () => {
    const { plan, change, lead } = turn('monta um plano de treino pra minha semana', null)
    expect(change).toBeNull()
    expect(plan).toBeNull()
    expect(lead?.text).toMatch(/dias/)
  })
})

describe('a plan up to a tournament, with a length for each day', () => {
  const MONDAY = new Date('2026-12-07T13:00:00Z')
  const first = () =>
    turn(
      'me faz um plano ate o torneio do dia 20/12: posso treinar ter 1h30 e sab 2h, mais nada',
      null,
      MONDAY,
    )

  it('keeps each day its own length and counts the days left, not "about a week"', () => {
    const { plan, lead } = first()
    expect(plan?.sessions.map((s) => [s.day, s.minutes])).toEqual([
      ['terca', 90],
      ['sabado', 120],
    ])
    expect(lead?.text).toMatch(/faltam 13 dias/)
  })

  it('splits a session in two blocks, and shows the plan whole when asked to sum it up', () => {
    const { plan, lead } = first()
    const history: ChatTurn[] = [
      { sender: 'USER', text: 'me faz um plano ate o torneio do dia 20/12' },
      { sender: estatistico.id, text: lead?.text ?? '' },
    ]
    const ask = (text: string) => {
      const planned = planTurn({ text, history, profile, current: plan, now: MONDAY })
      expect(planned.change).toBeNull()
      const [answer] = reply({
        text,
        team: t,
        profile,
        history,
        rng: seededRng(1),
        plan,
        now: MONDAY,
      })
      return answer?.text ?? ''
    }
    expect(ask('o de sabado da pra dividir em 2 partes? costumo cansar no final')).toMatch(
      /no sábado, os 120 min viram \*\*dois blocos de 55 min/,
    )
    const shown = ask('resume o plano final pra mim')
    expect(shown).toMatch(/Terça \(treino, 1h30\)/)
    expect(shown).toMatch(/Sábado \(treino, 2h\)/)
  })
})

/** A conversation as the server runs it: each turn changes the saved plan, then the replies read it. */
function planConversation(messages: string[], now = new Date('2026-12-07T13:00:00Z')): string[] {
  const history: ChatTurn[] = []
  let plan: TrainingPlan | null = null
  return messages.map((text) => {
    const planned = planTurn({ text, history, profile, current: plan, now })
    plan = planned.plan
    const replies = reply({
      text,
      team: t,
      profile,
      history,
      rng: seededRng(1),
      ...(plan ? { plan, planChange: planned.change } : {}),
      now,
    })
    history.push(
      { sender: 'USER', text },
      ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
    )
    return replies.map((r) => r.text).join('\n\n')
  })
}

describe('a week changed in the chat, one thing at a time', () => {
  it('keeps the hours said, moves a day, shortens another, shows it whole and fits the gym', () => {
    const replies = planConversation([
      'monta meu treino dessa semana: segunda 19h (1h), quarta 7h da manha (1h30) e sabado 9h (2h)',
      'quarta nao vou conseguir, passa pra quinta msm horario',
      'e sabado agora so tenho 1h',
      'manda tudo junto como ficou pfv',
      'e academia, encaixa onde?',
    ])
    expect(replies[0]).toMatch(/\*\*Segunda, 19h \(treino, 1h\):\*\*/)
    expect(replies[0]).toMatch(/\*\*Quarta, 7h \(treino, 1h30\):\*\*/)
    expect(replies[0]).toMatch(/\*\*Sábado, 9h \(treino, 2h\):\*\*/)
    expect(replies[1]).toMatch(
      /^Feito: o treino de quarta passou para quinta, 7h, com os mesmos 1h30/,
    )
    expect(replies[1]).not.toMatch(/Quarta, 7h/)
    expect(replies[2]).toMatch(/^Ajustei o sábado para 1h/)
    expect(replies[3]).toMatch(/Segunda, 19h \(treino, 1h\)/)
    expect(replies[3]).toMatch(/Quinta, 7h \(treino, 1h30\)/)
    expect(replies[3]).toMatch(/Sábado, 9h \(treino, 1h\)/)
    expect(replies[3]).not.toMatch(/Quarta, 7h|2h\)/)
    expect(replies[4]).toMatch(/^Academia na \*\*terça\*\* e na \*\*sexta\*\*/)
  })

  it('a question that names a day and a length does not change the plan', () => {
    const replies = planConversation([
      'monta meu treino: terça 1h e sexta 1h30',
      'tenho 1h no sábado, o que eu treino?',
      'me mostra meu plano',
    ])
    expect(replies[2]).toMatch(/Terça \(treino, 1h\)/)
    expect(replies[2]).not.toMatch(/Sábado/)
  })
})

describe('questions about a saved plan leave it as it is', () => {
  it('the day explained, the rain asked about, the days recalled, two days in a row', () => {
    const replies = planConversation([
      'me monta um plano ate o torneio? posso treinar ter, qui e sab de manha, 1h30 cada',
      'explica o treino de quinta, faço oq exatamente?',
      'quais dias eu falei q posso mesmo?',
      'amanha tenho treino e quarta marcaram um jogo. jogar 2 dias seguidos tem problema?',
      'me mostra meu plano',
    ])
    expect(replies[1]).toMatch(/^Na quinta, na ordem \(90 min\):/)
    expect(replies[2]).toMatch(/terça \(1h30\), quinta \(1h30\) e sábado \(1h30\)/)
    expect(replies[3]).toMatch(/Dá, desde que um dos dois dias seja leve/)
    expect(replies[3]).not.toMatch(/eu organizaria assim/)
    expect(replies[4]).toMatch(
      /Terça \(treino, 1h30\)[\s\S]*Quinta \(treino, 1h30\)[\s\S]*Sábado \(treino, 1h30\)/,
    )
  })
})
