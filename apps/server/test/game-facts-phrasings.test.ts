import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseGameFacts, type GameFacts } from '../src/modules/videos/game-facts'
import { gameTalk } from '../src/modules/videos/game-talk'

/**
 * How players answer "a data e o resultado do jogo" in the chat, as they type it in WhatsApp, and
 * what each answer means. Scores are read back with the player's team first, sets in the order
 * they were played; a super tie-break is in brackets and a set's tie-break in parentheses. Dates
 * are relative to the message's time in São Paulo: Monday 7 December 2026, 21:30 (already the
 * 8th in UTC). `week` is the Monday of a week named without its day ("semana passada").
 */
const now = new Date('2026-12-08T00:30:00Z')

type Expected = Partial<GameFacts>

const read = (
  outcome: GameFacts['outcome'],
  score: string | null,
  date: string | null = null,
  week: string | null = null,
): GameFacts => ({ outcome, score, date, week })

export const PHRASINGS: Array<[string, GameFacts | null]> = [
  // The one from the field test: the deciding super tie-break said first, lost, written 6/4.
  [
    'perdemos 6/4 no super tie-break depois de 4/6 6/3, foi sábado',
    read('LOST', '4/6 6/3 [4/6]', '2026-12-05'),
  ],
  ['ganhamos 6/4', read('WON', '6/4')],
  ['ontem, perdemos 4/6', read('LOST', '4/6', '2026-12-06')],
  ['sábado ganhamos de 6x2', read('WON', '6/2', '2026-12-05')],
  ['perdemos de 6x3 pra dupla do clube', read('LOST', '3/6')],
  ['ganhamos 6/4 3/6 10/8', read('WON', '6/4 3/6 [10/8]')],
  // The winner's score first, as results are often written.
  ['perdemos 6/4 3/6 10/8', read('LOST', '4/6 6/3 [8/10]')],
  ['Perdemos no super tie 10/7, depois de 6/3 4/6', read('LOST', '6/3 4/6 [7/10]')],
  ['vitória 7/6 (7/4)', read('WON', '7/6(7/4)')],
  ['ganhamos 7x6 no tie-break 7x5', read('WON', '7/6(7/5)')],
  ['perdemos 7/6 (8/6)', read('LOST', '6/7(6/8)')],
  ['6/4 6/3 pra gente, sábado', read('WON', '6/4 6/3', '2026-12-05')],
  ['6/2 6/1 pra eles 😩', read('LOST', '2/6 1/6')],
  ['foi domingo, 6x4 6x4 pra nós', read('WON', '6/4 6/4', '2026-12-06')],
  ['jogamos dia 3, ganhamos 6 a 4', read('WON', '6/4', '2026-12-03')],
  // A day of the month still to come is last month's.
  ['dia 20 perdemos 2 a 6', read('LOST', '2/6', '2026-11-20')],
  ['28/11 ganhamos 6/3', read('WON', '6/3', '2026-11-28')],
  ['05/12/2026 derrota 5/7', read('LOST', '5/7', '2026-12-05')],
  ['semana passada, ganhamos 6/1', read('WON', '6/1', null, '2026-11-30')],
  ['foi semana passada, perdemos 4/6 6/7', read('LOST', '4/6 6/7', null, '2026-11-30')],
  ['sexta à noite ganhamos 6x0', read('WON', '6/0', '2026-12-04')],
  ['Sexta-feira: vitória por 6/3 6/4', read('WON', '6/3 6/4', '2026-12-04')],
  ['quinta passada perdemos de 6/1', read('LOST', '1/6', '2026-12-03')],
  ['hoje cedo ganhamos 6-4 6-2', read('WON', '6/4 6/2', '2026-12-07')],
  ['hj perdemos 3-6', read('LOST', '3/6', '2026-12-07')],
  // "6/7(5)": the tie-break's loser made 5.
  ['anteontem foi derrota 6/7(5) 4/6', read('LOST', '6/7(5/7) 4/6', '2026-12-05')],
  ['GANHAMOOOS 6x2 6x1 🏆🔥', read('WON', '6/2 6/1')],
  ['ganhamo 6/3 7/5 ontem kkk', read('WON', '6/3 7/5', '2026-12-06')],
  ['perdemo 6/4 6/4 sabado', read('LOST', '4/6 4/6', '2026-12-05')],
  ['tomamos um 6/0 no domingo', read('LOST', '0/6', '2026-12-06')],
  ['levamos um pneu 6/0 😂', read('LOST', '0/6')],
  ['demos um pneu de 6/0', read('WON', '6/0')],
  ['perdemos nos dois sets, 3/6 5/7, dia 5', read('LOST', '3/6 5/7', '2026-12-05')],
  ['vencemos por 2 sets a 0, 6/3 6/4', read('WON', '6/3 6/4')],
  ['ganhamos de 2 sets a 1', read('WON', null)],
  ['perdemos no super tie-break', read('LOST', null)],
  ['foi 6/4 4/6 e 10/6 no super, vitória!', read('WON', '6/4 4/6 [10/6]')],
  ['derrota no match tie-break 8/10 depois de 6/3 3/6', read('LOST', '6/3 3/6 [8/10]')],
  ['ganhamos o super tiebreak por 11 a 9 depois de 4/6 6/4', read('WON', '4/6 6/4 [11/9]')],
  ['perdemos 6x4, sábado passado', read('LOST', '4/6', '2026-12-05')],
  ['Foi no dia 30/11, ganhamos 6/4 6/2', read('WON', '6/4 6/2', '2026-11-30')],
  ['3 de dezembro, derrota por 4x6', read('LOST', '4/6', '2026-12-03')],
  ['jogo foi 30 de novembro e ganhamos 6 a 3', read('WON', '6/3', '2026-11-30')],
  ['ganhamos!', read('WON', null)],
  ['perdemos feio ontem', read('LOST', null, '2026-12-06')],
  ['foi ontem', read(null, null, '2026-12-06')],
  ['sábado', read(null, null, '2026-12-05')],
  // No word for who won: players write their own team's games first.
  ['6/3 6/4', read('WON', '6/3 6/4')],
  ['ganhamos 6/4 mas eu sacava mal', read('WON', '6/4')],
  ['perdi 6/7 (4/7)', read('LOST', '6/7(4/7)')],
  ['ganhamos 7/6(5)', read('WON', '7/6(7/5)')],
  ['perdemos de virada, 6/2 no primeiro, 4/6 e 7/10 no super', read('LOST', '6/2 4/6 [7/10]')],
  ['vitória 6x4 no domingo passado', read('WON', '6/4', '2026-12-06')],
  ['ganhamos em 05/12 por 6/1', read('WON', '6/1', '2026-12-05')],
  ['placar: 6/4 2/6 10/5. Perdemos 😤', read('LOST', '4/6 6/2 [5/10]')],
  ['ontem a noite: 6/4 6/7(3) 10/4 pra gente', read('WON', '6/4 6/7(3/7) [10/4]', '2026-12-06')],
  ['ganhamos 6/4, 4/6, 10/4', read('WON', '6/4 4/6 [10/4]')],
  ['perdemos 4/6 6/3 e 6/10', read('LOST', '4/6 6/3 [6/10]')],
  ['na quarta ganhamos de 6/4', read('WON', '6/4', '2026-12-02')],
  ['semana passada na terça, ganhamos 6/1 6/2', read('WON', '6/1 6/2', '2026-12-01')],
  ['domingo retrasado, vitória 6/4', read('WON', '6/4', '2026-11-29')],
  ['ganhamos dia 1º 6/3 6/3', read('WON', '6/3 6/3', '2026-12-01')],
  ['perdemos 3x6 ontem à tarde', read('LOST', '3/6', '2026-12-06')],
  ['vencemos 9/7', read('WON', '9/7')],
  ['ganhamos 6/3 e perdemos 4/6, no super perdemos 8/10', read('LOST', '6/3 4/6 [8/10]')],
  ['saímos derrotados por 6/4', read('LOST', '4/6')],
  ['foi vitória por 6/2 no sábado 05/12', read('WON', '6/2', '2026-12-05')],
  ['joguei com a Ana sábado e ganhamos 6/3', read('WON', '6/3', '2026-12-05')],
  ['a gente ganhou de 6 a 2', read('WON', '6/2')],
  ['eles ganharam de 6/3', read('LOST', '3/6')],
  ['Como melhoro o meu saque?', null],
  ['qual o melhor horário pra treinar?', null],
]

describe('date and result of a game, as players type them', () => {
  it('has a table worth the name', () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(40)
  })

  it('reads at least 95% of the phrasings right', () => {
    const wrong = PHRASINGS.flatMap(([text, expected]) => {
      const got = parseGameFacts(text, now)
      return isDeepStrictEqual(got, expected) ? [] : [{ text, expected, got }]
    })
    const right = PHRASINGS.length - wrong.length
    // The misses are listed, so a regression shows which phrasing it broke.
    expect(
      right / PHRASINGS.length,
      JSON.stringify(wrong, null, 1) + ` (${right}/${PHRASINGS.length})`,
    ).toBeGreaterThanOrEqual(0.95)
  })

  it('reads the field test answer exactly', () => {
    const expected: Expected = { outcome: 'LOST', score: '4/6 6/3 [4/6]', date: '2026-12-05' }
    expect(
      parseGameFacts('perdemos 6/4 no super tie-break depois de 4/6 6/3, foi sábado', now),
    ).toMatchObject(expected)
  })

  it('ignores impossible or future dates', () => {
    expect(parseGameFacts('31/02/2026 ganhamos', now)).toEqual(read('WON', null))
    expect(parseGameFacts('25/12/2026', now)).toBeNull()
    // Without a year, a date still to come is last year's.
    expect(parseGameFacts('25/12, derrota', now)).toEqual(read('LOST', null, '2025-12-25'))
  })

  it('reads a correction with what the earlier message said of who won', () => {
    expect(parseGameFacts('6/4 6/3', now, { outcome: 'LOST' })).toEqual(read('LOST', '4/6 3/6'))
  })
})

describe('the read-back of what was understood', () => {
  const lost = read('LOST', '4/6 6/3 [4/6]', '2026-12-05')

  it('reads it back in one line, with chips to correct it', () => {
    expect(
      gameTalk('perdemos 6/4 no super tie-break depois de 4/6 6/3, foi sábado', null, now),
    ).toEqual({
      kind: 'read',
      draft: lost,
      messages: [
        {
          text: 'Entendi: derrota por 4/6 6/3 e 4/6 no super tie-break, no sábado 05/12 — confere?',
          suggestions: ['Confere', 'Corrigir o placar', 'Corrigir a data', 'Foi vitória'],
        },
      ],
    })
  })

  it('turns the sets around when the player corrects who won', () => {
    const step = gameTalk('Foi vitória', lost, now)
    expect(step).toMatchObject({ kind: 'read', draft: read('WON', '6/4 3/6 [6/4]', '2026-12-05') })
  })

  it('keeps the result when only the date is corrected, and says what is missing', () => {
    const step = gameTalk('foi no domingo', read('WON', '6/1', null), now)
    expect(step).toMatchObject({ kind: 'read', draft: read('WON', '6/1', '2026-12-06') })
    expect(gameTalk('ganhamos', null, now)).toMatchObject({
      messages: [
        {
          text: 'Entendi: vitória, sem a data do jogo — confere?',
          suggestions: ['Confere', 'Informar o placar', 'Informar a data', 'Foi derrota'],
        },
      ],
    })
    expect(gameTalk('semana passada', null, now)).toMatchObject({
      messages: [{ text: 'Entendi: jogo na semana de 30/11 a 06/12, sem o resultado — confere?' }],
    })
  })

  it('confirms on "confere" and its kin, never on a message with a score', () => {
    for (const yes of ['Confere', 'sim', 'Isso mesmo!', 'tá certo', '👍'])
      expect(gameTalk(yes, lost, now).kind).toBe('confirm')
    expect(gameTalk('sim, mas foi 6/3', lost, now).kind).toBe('read')
    expect(gameTalk('Confere', null, now).kind).toBe('stop')
  })

  it('asks what changed on a plain "não", and lets go of anything else', () => {
    expect(gameTalk('não', lost, now)).toMatchObject({ kind: 'ask' })
    expect(gameTalk('Como melhoro o meu saque?', lost, now)).toEqual({ kind: 'stop' })
  })
})
