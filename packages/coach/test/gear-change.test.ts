import { describe, expect, it } from 'vitest'
import type { RememberedFact } from '../src'
import { talk } from './fixtures'

const HEAVIER: RememberedFact = {
  kind: 'EQUIPAMENTO',
  text: 'Raquete Drop Shot Conqueror (mais pesada que a anterior).',
  fields: { item: 'raquete' },
}

describe('a racket the player changed to', () => {
  it('answers the arm, the timing and the tournament from the change, not from how to buy one', () => {
    const [arm, late, which] = talk(
      [
        'to sentindo o braço cansar no fim do treino, pode ser ela?',
        'to chegando tarde na bola com ela, é normal?',
        'e pro torneio uso ela ou a antiga?',
      ],
      [HEAVIER],
    )
    expect(arm).toMatch(/^Pode ser ela, sim: uma raquete mais pesada/)
    expect(late).toMatch(/^É normal nas primeiras semanas com uma raquete mais pesada/)
    expect(which).toMatch(/^No torneio, vá com a raquete que o seu braço já conhece/)
    for (const text of [arm, late, which]) expect(text).not.toMatch(/teste antes de comprar/i)
  })

  it('reads a fact back once, not each time it is told again', () => {
    const message = 'comprei uma raquete nova, drop shot conqueror, mais pesada q a antiga'
    const [first, again] = talk([message, message], [HEAVIER])
    expect(first).toMatch(/^Anotei: a raquete Drop Shot Conqueror, mais pesada que a anterior\./)
    expect(again).not.toMatch(/^Anotei/)
  })
})
