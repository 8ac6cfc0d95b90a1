import type { AnalysisFacts } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { sentences } from '../src/intents/said'
import { whenIn } from '../src/memory/dates'
import { FERNANDA_REPORTS } from '../eval/players'
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
  // The same tagged points as the evaluation's category-D player.
  tagged: FERNANDA_REPORTS[0]!.tagged,
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
    expect(reply).toMatch(
      /O placar set a set foi 4\/6 6\/3 4\/10, mas o relatório não separa os outros números por set/,
    )
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

describe('a figure judged', () => {
  it('"isso é bom pro meu nível?" after the serve gets a verdict on each figure and the sample', () => {
    const replies = talk(
      ['como eu fui na devolução no ultimo jogo?', 'e no saque?', 'isso é bom pro meu nivel?'],
      [],
      NOW,
      { profile: LEFTY, reports: REPORTS },
    )
    expect(replies[2]).toMatch(/^Para a categoria C, sem inventar média de categoria/)
    expect(replies[2]).toContain('**9 de 10 saques dentro é sólido**')
    expect(replies[2]).toContain('**5 de 14 na devolução é o ponto fraco**')
    expect(replies[2]).toMatch(/São amostras pequenas \(24 pontos marcados/)
  })
})

describe('questions of the match in other words', () => {
  const ask = (text: string) =>
    talk([text], [], NOW, { profile: LEFTY, reports: REPORTS })[0] as string
  it('the worst stroke is not counted, the best one is', () => {
    const reply = ask('qual foi meu pior golpe no jogo?')
    expect(reply).toMatch(/^O relatório conta os erros do jogo inteiro, mas não separa/)
    expect(reply).toMatch(/o smash \(3\)/)
  })
  it('points won at the net are the net points, not the time there', () => {
    expect(ask('quantos pontos a gente ganhou na rede?')).toMatch(/ganhou \*\*5 de 8 pontos\*\*/)
  })
  it('where the serves landed is not measured; the serve figures are given', () => {
    const reply = ask('onde caiu a maioria dos meus saques?')
    expect(reply).toMatch(/^Direção da bola/)
    expect(reply).toContain('**9 de 10 saques**')
  })
  it('"meu smash tá bom?" is judged on the smashes', () => {
    expect(ask('meu smash ta bom?')).toMatch(/\*\*3 de 6 smashes convertidos é razoável\*\*/)
  })
})
