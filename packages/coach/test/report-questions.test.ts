import type { AnalysisFacts } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { sentences } from '../src/intents/said'
import { whenIn } from '../src/memory/dates'
import { ANALYSED, LEFTY, talk } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')

/** A newer, tagged match after the untagged one of the fixtures. */
const LOST: AnalysisFacts = {
  ...ANALYSED,
  video_id: 9,
  published_at: '2026-12-06T10:00:00.000Z',
  game_date: '2026-12-05',
  game_outcome: 'LOST',
  game_score: '4/6 6/3 4/10',
  distance_m: 1420,
  total_play_sec: 570,
  tagged: {
    score_line: '4/6 6/3 4/10',
    points_tagged: 24,
    team_points_won: { value: 11, of: 24 },
    serves_in: { value: 9, of: 10 },
    points_won_on_serve: { value: 6, of: 10 },
    points_won_on_return: { value: 5, of: 14 },
    winners: 4,
    unforced_errors: 7,
    best_stroke: { stroke: 'smash', winners: 3 },
    smashes_converted: { value: 3, of: 6 },
    net_points_won: { value: 5, of: 8 },
    golden_points: { value: 1, of: 3 },
  },
}
const REPORTS = [LOST, ANALYSED]

describe('questions about the player’s own match, without any report', () => {
  const asked = [
    'como foi meu ultimo jogo?',
    'quanto eu corri?',
    'meu saque ta bom?',
    'fiz mais erro q winner?',
    'fiquei mt no meio?',
    'melhorei do outro jogo?',
    'qual a velocidade do meu saque em km/h?',
  ]
  const replies = talk(asked, [], NOW)

  it('each says there is no analysed match and how to get one, and gives no figure of play', () => {
    for (const reply of replies) {
      expect(reply).toMatch(/nenhum jogo seu|jogo analisado|vídeo seu analisado/)
      expect(reply).toContain('**Enviar Vídeo**')
      expect(reply).toMatch(/plano pago/)
      expect(reply).not.toMatch(/\d+ ?%|\d+ m\b|km\/h [0-9]/)
    }
  })

  it('never pastes a sentence of an earlier reply', () => {
    const seen = new Set<string>()
    for (const reply of replies) {
      for (const s of sentences(reply).filter((s) => s.length >= 40)) {
        expect(seen.has(s), s).toBe(false)
        seen.add(s)
      }
    }
  })

  it('says the ball’s speed is not measured even with a video', () => {
    expect(replies[6]).toMatch(/velocidade da bola o relatório não mede/)
  })
})

describe('questions about one of several matches', () => {
  const ask = (text: string) =>
    talk([text], [], NOW, { profile: LEFTY, reports: REPORTS })[0] as string

  it('"no jogo do dia 12" is that match, and its missing tags are said with the other match’s figure', () => {
    const reply = ask('no jogo do dia 12 quantos pontos eu ganhei sacando?')
    expect(reply).toMatch(/^No jogo de 12\/11, vitória 6\/4, o analista não marcou/)
    expect(reply).toContain('**6 de 10 pontos no seu saque**')
    expect(reply).toContain('05/12')
  })

  it('with no date, the newest match', () => {
    expect(ask('quantos pontos eu ganhei sacando?')).toContain('**6 de 10 pontos no seu saque**')
  })

  it('a distance compared with the match won is read against how long each one was', () => {
    const reply = ask('quanto eu corri no sabado? foi mais q no jogo q eu ganhei?')
    expect(reply).toContain('**1.420 m**')
    expect(reply).toMatch(/1\.234 m: 186 m a mais agora/)
    expect(reply).toMatch(/mais bola em jogo \(9 min 30 s contra 3 min 10 s\)/)
  })

  it('the tie-break is not split in the report, and the tagged points give the clues', () => {
    const reply = ask('pq a gente perdeu o super tie break? da pra ver no relatorio?')
    expect(reply).toMatch(/não separa os números por set/)
    expect(reply).toMatch(/pontos de ouro 1 de 3/)
  })

  it('the direction of the ball is not measured, and where points were won is answered', () => {
    const reply = ask('eu jogo mais na paralela ou na cruzada? onde eu mais ganhei ponto?')
    expect(reply).toMatch(/^Direção da bola \(paralela ou cruzada\)/)
    expect(reply).toContain('**11 de 24 pontos**')
  })
})

describe('dates in a message', () => {
  it('"3 set" is the third set, not the 3rd of September', () => {
    expect(whenIn('super tie break no lugar do 3 set', NOW)).toBeUndefined()
    expect(whenIn('torneio dia 3 set', NOW)).toEqual({ date: '2027-09-03' })
    expect(whenIn('torneio 3 de set', NOW)).toEqual({ date: '2027-09-03' })
  })
})

describe('an injury told in the goal', () => {
  it('shapes a racket answer for a player back from shoulder surgery', () => {
    const profile = { ...LEFTY, goal: 'voltar a jogar torneio sem dor, operei o manguito do ombro' }
    const [reply] = talk(['qual raquete vc indica pra mim?'], [], NOW, { profile })
    expect(reply).toMatch(/Pensando no seu ombro/)
  })
})
