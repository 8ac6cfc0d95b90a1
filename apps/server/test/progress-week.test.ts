import type { TrainingPlan } from '@areia/coach'
import { describe, expect, it } from 'vitest'
import {
  lastPlannedDay,
  localMoment,
  plannedDays,
  startOfLocalDay,
} from '../src/modules/progress/calendar'
import { chipOutcome, followUpQuestion, weeklySummary } from '../src/modules/progress/messages'

const PLAN: TrainingPlan = {
  version: 1,
  created_at: '2027-01-04T12:00:00.000Z',
  focus: [],
  sessions: [
    { day: 'terca', kind: 'treino', minutes: 60, items: [] },
    { day: 'sabado', kind: 'jogo', minutes: 90, items: [] },
  ],
  tournament: null,
  adjusted: null,
  cautions: [],
}

describe('the player’s calendar (Brasília)', () => {
  it('reads the day and hour where the player is, and when their day began', () => {
    // 01:30 UTC on Thursday is still Wednesday night in Brasília.
    expect(localMoment(new Date('2027-01-07T01:30:00Z'))).toEqual({
      day: '2027-01-06',
      weekday: 'quarta',
      hour: 22,
    })
    expect(startOfLocalDay('2027-01-11').toISOString()).toBe('2027-01-11T03:00:00.000Z')
  })

  it('plans nothing before the plan existed, and follows a lighter week while it lasts', () => {
    expect(plannedDays(PLAN, '2026-12-28', '2027-01-10').map((d) => d.day)).toEqual([
      '2027-01-05',
      '2027-01-09',
    ])
    const lighter: TrainingPlan = {
      ...PLAN,
      adjusted: {
        until: '2027-01-10',
        sessions: [{ day: 'quinta', kind: 'treino', minutes: 45, items: [] }],
      },
    }
    expect(lastPlannedDay(lighter, '2027-01-11')?.day).toBe('2027-01-07')
    // Past the lighter week, the usual one: Tuesday the 12th is before Wednesday the 13th.
    expect(lastPlannedDay(lighter, '2027-01-13')?.day).toBe('2027-01-12')
    // Today's session is not past yet.
    expect(lastPlannedDay(PLAN, '2027-01-05')).toBeNull()
  })
})

describe('the coaches’ words', () => {
  it('asks about the training of a day with a match and a training, and reads its chips as typed', () => {
    expect(
      followUpQuestion(PLAN, '2027-01-09', [
        { day: 'sabado', kind: 'jogo', minutes: 90, items: [] },
        { day: 'sabado', kind: 'fisico', minutes: 30, items: [] },
      ]).text,
    ).toBe('E aí, como foi o treino físico de sábado?')
    expect(chipOutcome(' foi PUXADO. ')).toBe('done')
    expect(chipOutcome('Não deu pra ir')).toBe('missed')
    expect(chipOutcome('foi bom, mas errei muito saque')).toBeNull()
  })

  it('sends no summary with nothing to sum up, and never counts a session nobody told of', () => {
    const week = { from: '2027-01-04', to: '2027-01-10', matches: [], outcomes: new Map() }
    expect(weeklySummary({ ...week, plan: null, goal: null }, '2027-01-11')).toBeNull()
    const summary = weeklySummary({ ...week, plan: PLAN, goal: null }, '2027-01-11')
    expect(summary?.lines.find((l) => l.label === 'Treinos')?.text).toBe(
      '2 planejados; você não me contou como foram, então não sei quantos você fez.',
    )
    expect(summary?.lines.find((l) => l.label === 'Foco da próxima semana')?.text).toBe(
      'o plano como está — sessões na terça e no sábado.',
    )
  })
})
