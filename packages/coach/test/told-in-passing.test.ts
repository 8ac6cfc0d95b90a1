import { describe, expect, it } from 'vitest'
import {
  extractFacts,
  planTurn,
  reply,
  seededRng,
  type ChatTurn,
  type PlayerProfile,
  type RememberedFact,
} from '../src'
import type { TrainingPlan } from '../src/plans/plan'
import { talk, team } from './fixtures'

const MONDAY = new Date('2026-12-07T13:00:00Z')
const profile: PlayerProfile = { name: 'Thiago', category: 'D', gender: 'MALE' }

describe('what the player tells on the way to a question', () => {
  it('keeps the partner of a tournament "fechado" with her, and no goal from a plan request', () => {
    const facts = extractFacts(
      'fechei o torneio de domingo dia 13 com a Luana!! ela é destra e joga na esquerda',
      MONDAY,
    )
    expect(facts.find((f) => f.kind === 'PARCEIRO')?.text).toBe('Parceira: Luana, destra.')
    expect(
      extractFacts('monta meu plano dessa semana e da proxima', MONDAY).filter(
        (f) => f.kind === 'OBJETIVO',
      ),
    ).toEqual([])
    expect(
      extractFacts('meu plano é subir pra C no ano que vem', MONDAY).find(
        (f) => f.kind === 'OBJETIVO',
      ),
    ).toBeDefined()
  })

  it('keeps a racket only when the sentence says what it is, not what happened to it', () => {
    const kept = (text: string) =>
      extractFacts(text, MONDAY)
        .filter((f) => f.kind === 'EQUIPAMENTO')
        .map((f) => f.text)
    expect(kept('kkk minha raquete passou por cima da rede. vale o ponto?')).toEqual([])
    expect(kept('minha raquete ta com uma rachadinha na borda. continuo jogando?')).toEqual([])
    expect(kept('comprei uma raquete nova de carbono')).toEqual(['Raquete nova de carbono.'])
    expect(kept('uso uma raquete de 340g')).toEqual(['Raquete de 340 g.'])
  })

  it('a day named in a request or as a moment is not the player’s week', () => {
    const routine = (text: string) => extractFacts(text, MONDAY).filter((f) => f.kind === 'ROTINA')
    expect(routine('me passa um exercicio pra treinar isso na sexta q vou sozinho')).toEqual([])
    expect(routine('queria ver o relatório antes do treino de segunda')).toEqual([])
    expect(routine('eu treino toda terça e quinta')).toHaveLength(1)
  })

  it('builds each day from the hours said: "seg e qua das 19h às 20h30", "sexta vou sozinho 1h"', () => {
    const { plan } = planTurn({
      text: 'meu treino fixo é com o Marcelo, seg e qua das 19h as 20h30. sexta vou sozinho 1h. monta meu plano dessa semana e da proxima',
      history: [],
      profile,
      current: null,
      now: MONDAY,
    })
    const days = Object.fromEntries(
      (plan?.sessions ?? []).map((s) => [s.day, { minutes: s.minutes, time: s.time }]),
    )
    expect(days).toEqual({
      segunda: { minutes: 90, time: '19h' },
      quarta: { minutes: 90, time: '19h' },
      sexta: { minutes: 60, time: undefined },
    })
  })

  it('answers the stroke asked, with the knee told beside it as what shapes the answer', () => {
    const [reply] = talk([
      'como bato aquela bola alta no meu backhand, acima da cabeça? sempre bato de qualquer jeito. e nao posso pular mt pq to com tendinite no joelho direito, o medico liberou mas pediu cuidado',
    ])
    const paragraphs = reply!.split('\n\n')
    expect(paragraphs[0]).toBe('Anotei: a tendinite no joelho direito, já liberado para jogar.')
    expect(paragraphs[1]).toMatch(/backhand alto|bola alta no backhand/)
    expect(reply).toMatch(/joelho/)
  })

  it('a one-off game on a rest day is answered from the plan, and the days asked back', () => {
    const history: ChatTurn[] = []
    let plan: TrainingPlan | null = null
    const facts: RememberedFact[] = []
    const said = (text: string) => {
      const found = extractFacts(text, MONDAY)
      facts.push(...found.map((f) => ({ kind: f.kind, text: f.text, fields: f.fields })))
      const turned = planTurn({ text, history, profile, current: plan, now: MONDAY, facts })
      if (turned.change && turned.plan) plan = turned.plan
      const replies = reply({
        text,
        team: team(),
        profile,
        history,
        rng: seededRng(1),
        facts,
        now: MONDAY,
        ...(plan ? { plan, planChange: turned.change } : {}),
      })
      history.push(
        { sender: 'USER', text },
        ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
      )
      return replies.map((r) => r.text).join('\n\n')
    }
    said(
      'meu treino fixo é com o Marcelo, seg e qua das 19h as 20h30. sexta vou sozinho 1h. monta meu plano dessa semana e da proxima',
    )
    const extra = said(
      'quinta o pessoal do trabalho chamou pra jogar uma resenha. posso ir ou atrapalha o plano?',
    )
    expect(extra).toMatch(/^Pode ir, não atrapalha: quinta é dia de descanso no seu plano/)
    expect(extra).not.toMatch(/Anotei/)
    const days = said('quais dias e horarios eu te passei mesmo? vou botar na agenda')
    expect(days).toMatch(/segunda às 19h \(1h30\), quarta às 19h \(1h30\) e sexta \(1h\)/)
  })
})
