import { describe, expect, it } from 'vitest'
import { RIGHTY, talk } from './fixtures'

const OPERATED = {
  ...RIGHTY,
  goal: 'voltar a jogar torneios sem dor no ombro, operei o manguito em março de 2025',
}

describe('a part the player had operated on', () => {
  it('hurting again is not the expected: stop the overheads and see the surgeon or physio', () => {
    const [reply] = talk(
      ['meu ombro dói dps do jogo qdo levanto o braco. é normal? da pra continuar jogando?'],
      [],
      undefined,
      { profile: OPERATED },
    )
    expect(reply).toMatch(/Num ombro operado, dor depois do jogo não é o esperado/)
    expect(reply).toMatch(/ortopedista ou fisioterapeuta/)
  })

  it('a pain elsewhere is not read as the operated part', () => {
    const [reply] = talk(['meu joelho dói depois do jogo, é normal?'], [], undefined, {
      profile: OPERATED,
    })
    expect(reply).not.toMatch(/operad/)
  })
})
