import { describe, expect, it } from 'vitest'
import { handOptions } from './memory-rules'

describe('handOptions', () => {
  it('labels the hand in the form that agrees with the player', () => {
    expect(handOptions('FEMALE')).toEqual([
      ['RIGHT', 'Destra'],
      ['LEFT', 'Canhota'],
    ])
    expect(handOptions('MALE')).toEqual([
      ['RIGHT', 'Destro'],
      ['LEFT', 'Canhoto'],
    ])
  })

  it('shows both forms when the gender does not pick one', () => {
    for (const gender of ['', 'OTHER', 'UNDISCLOSED']) {
      expect(handOptions(gender)).toEqual([
        ['RIGHT', 'Destro(a)'],
        ['LEFT', 'Canhoto(a)'],
      ])
    }
  })
})
