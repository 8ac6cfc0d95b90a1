import { describe, expect, it } from 'vitest'
import { painOfAnother } from '../src/intents/others-pain'
import { RIGHTY, talk } from './fixtures'

describe('a pain that is the partner’s', () => {
  it('tells whose it is, and the player’s own pain is theirs', () => {
    expect(painOfAnother('a renata ta com dor no punho, melhor ela parar?')).toBe('a Renata')
    expect(painOfAnother('meu parceiro torceu o pé ontem')).toBe('seu parceiro')
    expect(painOfAnother('ela ta com o joelho doendo')).toBe('ela')
    expect(painOfAnother('meu punho ta doendo')).toBeNull()
    expect(painOfAnother('eu to com dor no ombro e ela tb')).toBeNull()
  })

  it('is advice to pass on, with rest before the brace, and nothing about the player’s body', () => {
    const [reply] = talk(
      ['a renata ta com dor no punho, melhor ela usar munhequeira ou parar uns dias?'],
      [{ kind: 'LESAO', text: 'Dor no ombro direito.', fields: { bodyPart: 'ombro' } }],
      undefined,
      { profile: RIGHTY },
    )
    expect(reply).toMatch(/^Melhor a Renata parar de jogar uns dias: a munhequeira ajuda na volta/)
    expect(reply).toMatch(/O que vale passar para a Renata:/)
    expect(reply).not.toMatch(/Pensando no seu|Exercício:|Anotei/)
  })

  it('the player’s own wrist: rest or brace answered first, no line about another injury', () => {
    const [reply] = talk(
      ['meu punho ta doendo, melhor usar munhequeira ou parar uns dias?'],
      [{ kind: 'LESAO', text: 'Dor no ombro direito.', fields: { bodyPart: 'ombro' } }],
    )
    expect(reply).toMatch(/^Anotei: a dor no punho.\n\nMelhor parar de jogar uns dias/)
    expect(reply).not.toMatch(/Pensando no seu ombro/)
  })
})
