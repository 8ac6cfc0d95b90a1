import type { AnalysisFacts } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import {
  buildClassificationPrompt,
  classifiedCoachIds,
  parseClassification,
} from '../src/llm/classify'
import { replyProblems } from '../src/llm/guard'
import { createTeam } from '../src/team'
import { seededRng } from '../src/rng'

const team = createTeam({ profile: { name: 'Ana' }, rng: seededRng(3), avoid: [] })
const ids = (a: string) => team.coaches.find((c) => c.archetype === a)!.id

describe('structured classification', () => {
  it('asks for JSON naming each coach and area, with the recent conversation', () => {
    const messages = buildClassificationPrompt({
      team,
      history: [{ sender: 'USER', text: 'perdi ontem' }],
      text: 'fico com raiva depois de errar',
    })
    expect(messages[0]?.content).toContain('"lead"')
    for (const c of team.coaches) expect(messages[0]?.content).toContain(c.name)
    expect(messages[1]?.content).toContain('Jogador: perdi ontem')
    expect(messages[1]?.content).toContain('fico com raiva depois de errar')
  })

  it('reads the first JSON object, tolerating text around it', () => {
    expect(parseClassification('Claro! {"lead":"MENTAL","second":null,"topic":"tilt"}')).toEqual({
      lead: 'MENTAL',
      second: null,
      topic: 'tilt',
    })
    const c = parseClassification('{"lead":"TECNICO","second":"ESTATISTICO"}')!
    expect(classifiedCoachIds(c, team)).toEqual([ids('TECNICO'), ids('ESTATISTICO')])
  })

  it('drops a second coach equal to the lead', () => {
    expect(parseClassification('{"lead":"MENTAL","second":"MENTAL"}')?.second).toBeNull()
  })

  it.each(['', 'MENTAL', '{"lead":"COACH"}', '{"lead":', '{"second":"MENTAL"}'])(
    'anything else is no classification (%s)',
    (raw) => expect(parseClassification(raw)).toBeNull(),
  )
})

const facts: AnalysisFacts = {
  video_id: 9,
  published_at: '2026-11-20T10:00:00Z',
  game_date: '2026-11-18',
  game_outcome: 'WON',
  game_score: '6x4',
  distance_m: 1840,
  avg_speed_mps: 1.2,
  peak_speed_mps: 4.1,
  net_share: 0.42,
  mid_share: 0.33,
  back_share: 0.25,
  avg_partner_distance_m: 3.1,
  rallies: 38,
  longest_rally_sec: 21,
  total_play_sec: 2400,
  partner_net_share: 0.5,
}

describe('reply guard', () => {
  it('passes a sound reply', () => {
    expect(
      replyProblems(
        'Ataque a bola antes que ela quique: no beach tennis a bola nunca pode tocar a areia. Faça 3 séries de 10 voleios.',
      ),
    ).toEqual([])
  })

  it.each([
    ['Deixe a bola quicar uma vez e depois bata firme.', 'BALL_BOUNCES'],
    ['Depois do quique, prepare o forehand.', 'BALL_BOUNCES'],
    ['Se errar o primeiro, você ainda tem o segundo saque.', 'SECOND_SERVE'],
    ['Em 40-40 joga-se com vantagem até alguém abrir dois pontos.', 'ADVANTAGE'],
    ['Pode confiar: eu sou humano e já joguei muito.', 'CLAIMS_HUMAN'],
    ['<b>Saque</b> mais alto.', 'HTML'],
    ['You should hit the ball earlier and keep your racket up.', 'ENGLISH'],
  ])('refuses "%s"', (text, problem) => {
    expect(replyProblems(text)).toContain(problem)
  })

  it.each([
    ['Se você encostar a raquete na rede depois do golpe, tudo bem, o ponto vale.', 'NET_TOUCH'],
    ['O saque tem que ser cruzado, como no tênis.', 'SERVE_POSITION'],
    ['Na dupla podem ser dois toques: um levanta e o outro ataca.', 'TWO_TOUCHES'],
    ['Bola na linha é considerada fora, então deixe passar.', 'LINE_BALL'],
    ['No ponto de ouro quem ganha ainda precisa confirmar com mais um ponto.', 'DECIDING_POINT'],
    ['Você pode bater antes de a bola cruzar a rede se estiver colado nela.', 'CROSS_NET'],
    ['No super tie-break, 10-9 já fecha o jogo.', 'MARGIN'],
    ['Bola no pé só é falta se for de propósito.', 'BODY_RULE'],
  ])('refuses a rule of play turned around: "%s"', (text, problem) => {
    expect(replyProblems(text)).toContain(problem)
  })

  it('keeps the rules of play when the ball, not the player, touches the net', () => {
    expect(
      replyProblems(
        'Não existe let: se a bola tocar a rede e cair do outro lado, o ponto segue normalmente.',
      ),
    ).toEqual([])
    expect(replyProblems('Tocou a rede com a raquete, perdeu o ponto.')).toEqual([])
    expect(replyProblems('O saque pode ir para qualquer lado da quadra adversária.')).toEqual([])
  })

  it('keeps the rules when they are stated as rules', () => {
    expect(replyProblems('Se a bola quicar na areia, o ponto acaba.')).toEqual([])
    expect(replyProblems('Não existe segundo saque: é um só.')).toEqual([])
    expect(replyProblems('Em 40-40 não tem vantagem: é ponto de ouro.')).toEqual([])
  })

  it('refuses figures of the player that no report holds', () => {
    expect(replyProblems('Você acertou 62% dos saques no último jogo.')).toContain(
      'INVENTED_FIGURE',
    )
    expect(
      replyProblems('Você acertou 62% dos saques no último jogo.', { analysis: facts }),
    ).toContain('INVENTED_FIGURE')
  })

  it('accepts the report’s figures as people round them, and the player’s own', () => {
    expect(
      replyProblems('Você ficou 42% do tempo perto da rede e percorreu 1,8 km.', {
        analysis: facts,
      }),
    ).toEqual([])
    expect(
      replyProblems('Você perdeu 3 pontos seguidos no saque, normal.', {
        playerText: 'perdi 3 pontos seguidos sacando',
      }),
    ).toEqual([])
  })
})
