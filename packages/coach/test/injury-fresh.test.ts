import { describe, expect, it } from 'vitest'
import { extractFacts } from '../src'
import { talk } from './fixtures'

const MONDAY = new Date('2026-12-07T13:00:00Z')

describe('an injury of two days ago', () => {
  it('keeps the day it happened and what it is', () => {
    const [fact] = extractFacts('torci o tornozelo no sabado, ta meio inchado ainda', MONDAY)
    expect(fact?.text).toBe('Entorse no tornozelo (desde sábado, 05/12).')
    expect(extractFacts('machuquei o joelho ontem no jogo', MONDAY)[0]?.text).toMatch(
      /desde domingo, 06\/12/,
    )
  })

  it('says "not yet" to playing in three days while it is swollen, and how long it usually takes', () => {
    const [play, , howLong] = talk([
      'torci o tornozelo no sabado, ta meio inchado ainda. da pra jogar quinta?',
      'e enquanto isso da pra treinar oq? e volto a jogar descalço ou com meia de areia?',
      'qnt tempo mais ou menos vc acha q fico parado?',
    ])
    expect(play).toMatch(/Quinta ainda é cedo: com o tornozelo inchado/)
    expect(play).not.toMatch(/\bpode, em versão controlada/)
    expect(howLong).toMatch(/^Numa entorse leve, de uma a três semanas/)
  })

  it('answers the other subject of a message beside the injury’s verdict', () => {
    const [, both] = talk([
      'torci o tornozelo no sabado, ta meio inchado ainda. da pra jogar quinta?',
      'e enquanto isso da pra treinar oq? e volto a jogar descalço ou com meia de areia?',
    ])
    expect(both).toMatch(/versão controlada/)
    expect(both).toMatch(/descalço/)
  })
})
