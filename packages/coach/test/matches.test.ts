import type { AnalysisFacts, MatchStatus } from '@areia/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildChatPrompt, reply, retrieve, seededRng } from '../src'
import { dueText } from '../src/analysis/matches'
import { ANALYSED, LEFTY, team } from './fixtures'

const FACTS = ANALYSED

const t = team()
const estatistico = t.coaches.find((c) => c.archetype === 'ESTATISTICO')!
const NOW = new Date('2026-11-22T18:00:00Z')

const match = (over: Partial<MatchStatus>): MatchStatus => ({
  video_id: 1,
  uploaded_at: '2026-11-21T22:30:00Z',
  status: 'IN_REVIEW',
  stage: 'REVIEW',
  percent: null,
  due_at: '2026-11-23T12:30:00Z',
  failure_reason: null,
  game_date: null,
  game_outcome: null,
  game_score: null,
  ...over,
})

function ask(text: string, matches: MatchStatus[], analysis: AnalysisFacts | null = null) {
  return reply({
    text,
    team: t,
    profile: LEFTY,
    history: [],
    rng: seededRng(4),
    analysis,
    matches,
    now: NOW,
  })
}

describe('the coaches know where each match stands', () => {
  // The first reply of a worker builds the intent index; that is not what these tests time.
  beforeAll(() => void ask('oi', []), 60_000)

  it('dates and times in Brazil', () => {
    expect(dueText('2026-11-23T12:30:00Z')).toBe('23/11 às 9h30')
    expect(dueText('2026-11-23T15:00:00Z')).toBe('23/11 às 12h')
    // Sent at 22:30 UTC on the 21st: still the 21st in Brazil.
    const [first] = ask('quando fica pronta a análise?', [match({ game_date: null })])
    expect(first?.text).toContain('enviou em 21/11')
  })

  it('"when is it ready?" answers with the match in review and its due time', () => {
    const [first] = ask('quando fica pronta a análise do meu video?', [match({})])
    expect(first?.coachId).toBe(estatistico.id)
    expect(first?.text).toMatch(/está com um analista para revisão/)
    expect(first?.text).toContain('até 23/11 às 9h30')
  })

  it('past due, it says so instead of promising a time already gone', () => {
    const [first] = ask('cadê a análise do meu jogo', [match({ due_at: '2026-11-22T12:00:00Z' })])
    expect(first?.text).toMatch(/A previsão era até 22\/11 às 9h e já passou/)
  })

  it('a match waiting for identification says the analysis starts with the answer', () => {
    const [first] = ask('meu video ja ficou pronto?', [
      match({ status: 'AWAITING_IDENTIFICATION', stage: null, due_at: null }),
    ])
    expect(first?.text).toMatch(/ainda espera você dizer qual jogador é você/)
  })

  it('a refused match gives its reason', () => {
    const [first] = ask('quando fica pronta a análise?', [
      match({
        status: 'FAILED',
        stage: null,
        due_at: null,
        failure_reason: 'ele tem 12 segundos, e precisamos de pelo menos 30 segundos de jogo.',
      }),
    ])
    expect(first?.text).toContain('Não conseguimos analisar o vídeo que você enviou em 21/11')
    expect(first?.text).toContain('precisamos de pelo menos 30 segundos de jogo')
  })

  it('"como foi meu último jogo?" before any report: status and due time, no figure', () => {
    const [first] = ask('como foi meu último jogo?', [
      match({ status: 'ANALYZING', stage: 'PLAYERS', percent: 62, game_date: '2026-11-20' }),
    ])
    expect(first?.coachId).toBe(estatistico.id)
    expect(first?.text).toContain('O vídeo do jogo de 20/11 está sendo processado')
    expect(first?.text).toContain('(62%)')
    expect(first?.text.replace('(62%)', '')).not.toMatch(/\d+ ?%|\d+ m\b|km|\d+ ralis/)
  })

  it('with a report and a newer match on its way: the figures, then a word on the new one', () => {
    const [first] = ask(
      'como foi meu último jogo?',
      [match({ video_id: 9 }), match({ video_id: 7, status: 'READY', stage: null, due_at: null })],
      FACTS,
    )
    expect(first?.text).toContain('18%')
    expect(first?.text).toMatch(/está com um analista para revisão/)
  })

  it('an old refusal older than the published report is not brought up again', () => {
    const [first] = ask(
      'como foi meu último jogo?',
      [
        match({ video_id: 7, status: 'READY', stage: null, due_at: null }),
        match({ video_id: 3, status: 'FAILED', stage: null, due_at: null, failure_reason: 'x.' }),
      ],
      FACTS,
    )
    expect(first?.text).toContain('18%')
    expect(first?.text).not.toMatch(/Não conseguimos analisar/)
  })

  it('the LLM prompt lists the matches with their status', () => {
    const messages = buildChatPrompt({
      coach: estatistico,
      team: t,
      profile: LEFTY,
      history: [],
      text: 'e meu video?',
      knowledge: retrieve('video', 1),
      matches: [match({})],
      now: NOW,
    })
    expect(messages[0]?.content).toMatch(/## Vídeos recentes do jogador[\s\S]*revisão/)
  })
})
