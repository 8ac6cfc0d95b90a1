import { describe, expect, it } from 'vitest'
import { LEFTY, RIGHTY, talk } from './fixtures'

describe('sides the player already chose', () => {
  it('says who takes the middle, from both hands and the sides said', () => {
    const [lefties] = talk(
      [
        'dia 19 tenho torneio com a Renata, ela é canhota e joga na esquerda, eu fico na direita. como a gente divide as bolas do meio?',
      ],
      [],
      undefined,
      { profile: LEFTY },
    )
    expect(lefties).toMatch(/Com você na direita, o seu forehand fica no meio/)
    const [mixed] = talk(
      ['minha parceira é canhota e joga na direita, eu fico na esquerda. quem pega o meio?'],
      [],
      undefined,
      { profile: RIGHTY },
    )
    expect(mixed).toMatch(/os dois forehands ficam no meio/)
    const [backhands] = talk(
      ['meu parceiro é canhoto e joga na esquerda, eu fico na direita. quem pega o meio?'],
      [],
      undefined,
      { profile: RIGHTY },
    )
    expect(backhands).toMatch(/os dois backhands ficam no meio/)
  })

  it('a swap of sides is worked out again', () => {
    const [first, swap] = talk(
      [
        'nas quintas eu jogo com o Diego, ele é canhoto e fica na direita. quem pega as bolas do meio?',
        'e se a gente trocar, eu na direita e ele na esquerda?',
      ],
      // What the memory keeps from the first message, as the server hands it over.
      [
        {
          kind: 'PARCEIRO',
          text: 'Parceiro: Diego, canhoto.',
          fields: { name: 'Diego', gender: 'MALE', hand: 'LEFT' },
        },
      ],
      undefined,
      { profile: RIGHTY },
    )
    expect(first).toMatch(
      /Com você na esquerda e (o Diego|ele) na direita, os dois forehands ficam no meio/,
    )
    expect(swap).toMatch(
      /Com você na direita e (o Diego|ele) na esquerda, os dois backhands ficam no meio/,
    )
  })

  it('a whole new question opened with "e" is that question, not the last one again', () => {
    const [, serve] = talk([
      'dia 19 tenho torneio com a Renata, ela é canhota e joga na esquerda, eu fico na direita. como a gente divide as bolas do meio?',
      'e quem saca primeiro no set?',
    ])
    expect(serve).toMatch(/(início|começo) de cada set/)
    expect(serve).not.toMatch(/Na prática: do lado/)
  })
})
