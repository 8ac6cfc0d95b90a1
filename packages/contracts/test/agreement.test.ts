import { describe, expect, it } from 'vitest'
import { byGender, countOf, fillAgreement, handLabel, playerOrdinal } from '../src/agreement'

describe('agreement', () => {
  it('turns a word only for a woman; masculine is the default otherwise', () => {
    expect(byGender('FEMALE', 'cansado', 'cansada')).toBe('cansada')
    for (const g of ['MALE', 'OTHER', 'UNDISCLOSED', null, undefined] as const)
      expect(byGender(g, 'cansado', 'cansada')).toBe('cansado')
  })

  it('fills every [[m|f]] mark of a text', () => {
    expect(fillAgreement('Fique [[atento|atenta]] e [[concentrado|concentrada]].', 'FEMALE')).toBe(
      'Fique atenta e concentrada.',
    )
    expect(fillAgreement('Fique [[atento|atenta]].', null)).toBe('Fique atento.')
  })

  it('names a place on court with the article and ordinal that agree', () => {
    expect(playerOrdinal(2, 'FEMALE')).toBe('a 2ª jogadora')
    expect(playerOrdinal(3, 'MALE')).toBe('o 3º jogador')
    expect(playerOrdinal(1, 'UNDISCLOSED')).toBe('o 1º jogador')
  })

  it('labels the hand by gender, with both forms when unknown', () => {
    expect(handLabel('RIGHT', 'FEMALE')).toBe('Destra')
    expect(handLabel('LEFT', 'MALE')).toBe('Canhoto')
    expect(handLabel('RIGHT', null)).toBe('Destro(a)')
    expect(handLabel('LEFT', 'OTHER')).toBe('Canhoto(a)')
  })

  it('agrees a count with its noun', () => {
    expect(countOf(1, 'jogador pagante', 'jogadores pagantes')).toBe('1 jogador pagante')
    expect(countOf(0, 'jogador pagante', 'jogadores pagantes')).toBe('0 jogadores pagantes')
    expect(countOf(1200, 'vídeo', 'vídeos')).toBe('1.200 vídeos')
  })
})
