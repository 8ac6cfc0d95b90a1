import { describe, expect, it } from 'vitest'
import { RIGHTY, talk } from './fixtures'

describe('a racket just bought and judged by feel', () => {
  it('answers about that racket and this player, never how to buy a first one', () => {
    const message =
      'comprei uma raquete nova, carbono 18k, 355g. achei pesada, é normal? vou acostumar?'
    const [plain] = talk([message], [], undefined, { profile: { ...RIGHTY, category: 'B' } })
    expect(plain).toMatch(/355 g está no lado pesado/)
    expect(plain).toMatch(/18K é mais rígida/)
    expect(plain).not.toMatch(/antes de comprar|quem está começando/)
    const [shoulder] = talk(
      [message],
      [{ kind: 'LESAO', text: 'Dor no ombro direito.', fields: { bodyPart: 'ombro' } }],
    )
    expect(shoulder).toMatch(/Com o seu ombro, vá com calma/)
  })
})
