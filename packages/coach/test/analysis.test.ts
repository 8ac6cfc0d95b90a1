import type { AnalysisFacts } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import {
  buildChatPrompt,
  gameTopic,
  PARTNERS,
  reply,
  retrieve,
  routeDetailed,
  routeGroup,
  seededRng,
  type ChatTurn,
  type GameTopic,
} from '../src'
import { ANALYSED, LEFTY, team } from './fixtures'

const t = team()
const [tecnico, mental, estatistico] = t.coaches
const archetypeOf = (id: string | undefined) => t.coaches.find((c) => c.id === id)?.archetype

const FACTS = ANALYSED

/** Another game: a net player, close to the partner, no date or result given. */
const NET_PLAYER: AnalysisFacts = {
  ...FACTS,
  video_id: 8,
  game_date: null,
  game_outcome: null,
  game_score: null,
  net_share: 0.62,
  mid_share: 0.3,
  back_share: 0.08,
  avg_partner_distance_m: 2.1,
  partner_net_share: 0.58,
}

const QUESTIONS: Array<[string, GameTopic]> = [
  ['estou subindo pouco à rede?', 'NET'],
  ['Estou subindo pouco a rede', 'NET'],
  ['to indo pouco pra rede?', 'NET'],
  ['Quanto tempo eu fiquei na rede?', 'NET'],
  ['subo o suficiente à rede?', 'NET'],
  ['qual meu tempo na rede', 'NET'],
  ['quem sobe mais à rede, eu ou meu parceiro?', 'NET'],
  ['Como foi meu último jogo?', 'GAME'],
  ['como foi meu ultimo jogo', 'GAME'],
  ['o que você achou do meu último jogo?', 'GAME'],
  ['como foi meu desempenho no ultimo jogo', 'GAME'],
  ['quero ver minhas estatísticas', 'GAME'],
  ['e aí, como fui no jogo analisado?', 'GAME'],
  ['Estou indo à rede o suficiente?', 'NET'],
  ['fico muito no fundo?', 'NET'],
  ['qual foi minha velocidade máxima?', 'MOVEMENT'],
  ['qual a distância entre eu e meu parceiro?', 'PARTNER'],
  ['quanto eu corri no jogo?', 'MOVEMENT'],
  ['quantos metros eu corri', 'MOVEMENT'],
  ['me movimentei bem?', 'MOVEMENT'],
  ['quantos ralis teve meu jogo?', 'RALLIES'],
  ['meus ralis foram longos?', 'RALLIES'],
  ['fiquei muito longe do meu parceiro?', 'PARTNER'],
  ['a gente fica muito longe um do outro?', 'PARTNER'],
]

/** Technique, feelings and games the player reports: not questions about their analysed figures. */
const NOT_ABOUT_FIGURES: Array<[string, 'TECNICO' | 'MENTAL' | 'ESTATISTICO']> = [
  ['quando subir pra rede', 'TECNICO'],
  ['qual posição de base na rede', 'TECNICO'],
  ['estou perdendo muitos pontos na rede', 'TECNICO'],
  ['como melhorar meu deslocamento', 'TECNICO'],
  ['fico muito nervoso na rede', 'MENTAL'],
  ['sinto muita pressão do meu parceiro', 'MENTAL'],
  ['perdi meu jogo de ontem 6/3', 'ESTATISTICO'],
]

function ask(text: string, analysis?: AnalysisFacts | null, history: ChatTurn[] = [], seed = 1) {
  return reply({
    text,
    team: t,
    profile: LEFTY,
    history,
    rng: seededRng(seed),
    ...(analysis !== undefined ? { analysis } : {}),
  })
}

describe('questions about the player’s analysed game', () => {
  it.each(QUESTIONS)('"%s" is about %s and goes to the estatístico first', (text, topic) => {
    expect(gameTopic(text)).toBe(topic)
    const routing = routeDetailed(text, t)
    expect(routing.reason).toBe('GAME')
    expect(archetypeOf(routing.coachIds[0])).toBe('ESTATISTICO')
  })

  it.each(NOT_ABOUT_FIGURES)('"%s" keeps its usual coach', (text, archetype) => {
    expect(gameTopic(text)).toBeNull()
    const routing = routeDetailed(text, t)
    expect(routing.reason).not.toBe('GAME')
    expect(archetypeOf(routing.coachIds[0])).toBe(archetype)
  })

  it('lets a mention choose the coach, and keeps partners from taking the question', () => {
    expect(routeDetailed(`@${tecnico.name} como foi meu último jogo?`, t).coachIds).toEqual([
      tecnico.id,
    ])
    // "corri" is the physical trainer's vocabulary, but only the coaches have the figures.
    const group = routeGroup('quanto eu corri no jogo?', t, [...PARTNERS])
    expect(group.reason).toBe('GAME')
    expect(group.speakers).toEqual([{ kind: 'COACH', id: estatistico.id }])
  })

  it('answers net play with the player’s own shares, the game, a reading and training', () => {
    const [first, second] = ask('estou subindo pouco à rede?', FACTS)
    expect(first?.coachId).toBe(estatistico.id)
    expect(second).toBeUndefined()
    const text = first?.text ?? ''
    expect(text).toContain(
      'No jogo de 12/11, vitória 6/4, você ficou **18% do tempo perto da rede**',
    )
    expect(text).toContain('fundo 38%')
    expect(text).toContain('[ver no relatório](/videos/7#report-zones)')
    expect(text).toMatch(/nunca quica/)
    expect(text).toMatch(/é pouco/)
    expect(text).toMatch(/(parceiro|dupla) ficou 41%.*escada/)
    expect(text).toMatch(/\*\*Para o próximo treino:\*\*/)
    expect(text).not.toMatch(/não tenho/i)
  })

  it('reads other figures differently: a net player hears it, without an invented date', () => {
    const text = ask('estou subindo pouco a rede', NET_PLAYER)[0]?.text ?? ''
    expect(text).toContain(
      'No seu último jogo analisado, você ficou **62% do tempo perto da rede**',
    )
    expect(text).toMatch(/é bastante tempo na rede/)
    expect(text).not.toMatch(/18%|12\/11|vitória/)
  })

  it('answers movement, rallies and partner distance with those figures', () => {
    const movement = ask('quanto eu corri no jogo?', FACTS)[0]?.text ?? ''
    expect(movement).toContain('você percorreu **1.234 m**')
    expect(movement).toContain('pico de **15,1 km/h**')
    expect(movement).toMatch(/8 × 8 m/)
    const speed = ask('qual foi minha velocidade máxima?', FACTS)[0]?.text ?? ''
    expect(speed).toMatch(/^Seu pico de velocidade .* foi de \*\*15,1 km\/h\*\*/)
    const rallies = ask('quantos ralis teve meu jogo?', FACTS)[0]?.text ?? ''
    expect(rallies).toContain(
      'foram **23 ralis**, o mais longo com **14 s**, e 3 min 10 s de bola em jogo',
    )
    const partner = ask('fiquei muito longe do meu parceiro?', FACTS)[0]?.text ?? ''
    expect(partner).toContain('a **5,6 m** um do outro')
    expect(partner).toMatch(/vocês ficaram longe/)
    const close = ask('fiquei muito longe do meu parceiro?', NET_PLAYER)[0]?.text ?? ''
    expect(close).toMatch(/\*\*2,1 m\*\*.*\n\nVocês ficaram colados/)
  })

  it('sums up the last game with every figure and focuses on the weakest area', () => {
    const text = ask('Como foi meu último jogo?', FACTS)[0]?.text ?? ''
    for (const figure of ['18% do tempo na rede', '1.234 m', '5,6 m', '23 ralis'])
      expect(text).toContain(figure)
    expect(text).toMatch(
      /eu focaria a semana em duas coisas:\n\n1\. .+44% do tempo no meio.+\n2\. .+18% do tempo na rede/,
    )
  })

  it('says what the analysis does not count instead of guessing a stroke figure', () => {
    const text = ask('quantos smashes eu acertei no último jogo', FACTS)[0]?.text ?? ''
    expect(text).toMatch(
      /não marcou o jogo ponto a ponto, então eu não tenho os números do seu smash/,
    )
    expect(text).not.toMatch(/\d+ smash/)
  })

  it('does not pass one game off as a trend', () => {
    const text = ask('meus números melhoraram?', FACTS)[0]?.text ?? ''
    expect(text).toMatch(/um jogo só analisado .* evolução se mede entre dois ou mais/)
    expect(text).toContain('rede 18%')
  })

  it('without a published analysis says so, invites a video and gives no numbers', () => {
    for (const analysis of [null, undefined]) {
      for (const [text, topic] of QUESTIONS) {
        const [first] = ask(text, analysis)
        expect(first?.coachId, text).toBe(estatistico.id)
        expect(first?.text, text).toMatch(/(não tenho|Sem um vídeo seu analisado)/)
        expect(first?.text, text).toMatch(/\*\*Enviar Vídeo\*\*/)
        expect(first?.text, `${topic}: ${text}`).not.toMatch(/\d+ ?%|\d+ ?m\b|m\/s|\d+ ralis/)
      }
    }
  })

  it('asked again, recalls the figure in one line and says something new', () => {
    const first = ask('estou subindo pouco à rede?', FACTS)[0]?.text ?? ''
    const history: ChatTurn[] = [
      { sender: 'USER', text: 'estou subindo pouco à rede?' },
      { sender: estatistico.id, text: first },
    ]
    const again = ask('estou subindo pouco à rede?', FACTS, history)[0]?.text ?? ''
    expect(again).toMatch(/^É o número que te passei no jogo de 12\/11, vitória 6\/4: rede 18%/)
    const said = new Set(first.split(/\n+/))
    for (const line of again.split(/\n+/)) expect(said.has(line), line).toBe(false)
  })

  it('stops saying it has no numbers once the player has an analysis', () => {
    const withFacts = ask('meu aproveitamento de smash ta bom?', FACTS)[0]?.text ?? ''
    expect(withFacts).not.toMatch(/Ainda não tenho (números|nenhum jogo)/)
    expect(withFacts).toMatch(/jogo de 12\/11/)
    const without = ask('meu aproveitamento de smash ta bom?', null)[0]?.text ?? ''
    expect(without).toMatch(/Ainda não tenho (números|nenhum jogo seu analisado)/)
  })

  it('leaves the other coaches’ answers alone', () => {
    const [first] = ask('fico muito nervoso na rede', FACTS)
    expect(first?.coachId).toBe(mental.id)
    expect(first?.text).not.toContain('18%')
  })
})

describe('the LLM prompt with the analysis', () => {
  const prompt = (analysis?: AnalysisFacts | null) =>
    buildChatPrompt({
      coach: estatistico,
      team: t,
      profile: LEFTY,
      history: [],
      text: 'estou subindo pouco à rede?',
      knowledge: retrieve('estou subindo pouco à rede?'),
      ...(analysis !== undefined ? { analysis } : {}),
    })[0]?.content ?? ''

  it('carries the figures, the game and how to read them', () => {
    const system = prompt(FACTS)
    expect(system).toContain('## Números do último jogo analisado')
    expect(system).toContain('- Jogo: 12/11, vitória 6/4')
    expect(system).toContain('Tempo perto da rede (até 3 m): 18%; meio (3–5,5 m): 44%; fundo: 38%')
    expect(system).toContain(
      'Distância percorrida: 1.234 m; velocidade média 0,8 m/s; pico 4,2 m/s',
    )
    expect(system).toContain('Distância média até o parceiro: 5,6 m')
    expect(system).toContain('Tempo do parceiro perto da rede: 41%')
    expect(system).toContain('Ralis: 23; mais longo 14,2 s')
    expect(system).toMatch(/nunca quica/)
  })

  it('tells the model there is no analysis, and says nothing when the caller did not look', () => {
    const none = prompt(null)
    expect(none).toMatch(/Nenhuma análise de vídeo publicada ainda/)
    expect(none).not.toMatch(/18%/)
    expect(prompt()).not.toMatch(/análise de vídeo publicada|Números do último jogo/)
  })
})

describe('a match the analyst tagged point by point', () => {
  const TAGGED: AnalysisFacts = {
    ...FACTS,
    tagged: {
      score_line: '6/4 7/6',
      points_tagged: 13,
      team_points_won: { value: 8, of: 13 },
      serves_in: { value: 2, of: 3 },
      points_won_on_serve: { value: 2, of: 3 },
      points_won_on_return: { value: 2, of: 5 },
      winners: 2,
      unforced_errors: 2,
      best_stroke: { stroke: 'smash', winners: 1 },
      smashes_converted: { value: 1, of: 1 },
      net_points_won: { value: 3, of: 4 },
      golden_points: { value: 0, of: 1 },
    },
  }

  it('cites the points won and the net points in the match summary', () => {
    const text = ask('Como foi meu último jogo?', TAGGED)[0]?.text ?? ''
    expect(text).toContain('placar 6/4 7/6')
    expect(text).toContain('sua dupla ganhou **8 de 13 pontos**')
    expect(text).toContain('quando você terminou o ponto na rede, ganhou **3 de 4 pontos**')
    // The movement figures are still there.
    expect(text).toContain('18% do tempo na rede')
  })

  it('answers a stroke question with the tagged figures instead of declining', () => {
    const text = ask('quantos smashes eu acertei no último jogo', TAGGED)[0]?.text ?? ''
    expect(text).not.toMatch(/ainda não conta|não tenho/)
    expect(text).toContain('converteu **1 de 1 smash**')
    // Each figure comes with the link to where the report shows it.
    expect(text).toContain('](/videos/7#report-match-figures)')
    expect(ask('e meu saque no último jogo?', TAGGED)[0]?.text).toContain(
      'seu saque entrou em **2 de 3 saques**',
    )
    expect(ask('e nos pontos de ouro do último jogo?', TAGGED)[0]?.text).toContain(
      'sua dupla ganhou **0 de 1 ponto**',
    )
  })

  it('answers in the first sentence what the player asks of their own match, in their words', () => {
    const first = (text: string) => (ask(text, TAGGED)[0]?.text ?? '').split('\n\n')[0] ?? ''
    // 2 of 5 on return against 2 of 3 on serve: the return cost more.
    expect(first('perdi por causa do saque ou da devolução?')).toMatch(/pesou mais a devolução/)
    // Middle 0.4 of the time is the largest zone in the fixture.
    expect(first('em q parte da quadra eu passei mais tempo?')).toMatch(
      new RegExp(
        `${Math.round(Math.max(FACTS.net_share, FACTS.mid_share, FACTS.back_share) * 100)}% do tempo`,
      ),
    )
    expect(first('qual a velocidade do meu smash?')).toMatch(/não mede a velocidade da bola/)
    expect(
      first(
        `minha velocidade media deu ${String(FACTS.avg_speed_mps).replace('.', ',')} m/s, é bom?`,
      ),
    ).toMatch(/^Sim,/)
    expect(first('minha velocidade media deu 9 m/s, é bom?')).toMatch(/^No relatório/)
  })

  it('gives the model the tagged figures and no longer says strokes are not counted', () => {
    const system = buildChatPrompt({
      coach: estatistico,
      team: t,
      profile: LEFTY,
      history: [],
      text: 'como foi meu último jogo?',
      knowledge: retrieve('como foi meu último jogo?'),
      analysis: TAGGED,
    })[0]?.content
    expect(system).toContain('Smashes convertidos: 1 de 1')
    expect(system).not.toContain('não conta golpes')
  })
})
