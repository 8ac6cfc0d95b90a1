import { describe, expect, it } from 'vitest'
import { talk } from './fixtures'

describe('a talk about returning a serve', () => {
  it('reads "saque forte" as the opponent’s strong serve, not a weak one to punish', () => {
    const [strong] = talk(['como devolvo saque forte? qdo vem no meu forehand eu isolo tudo'])
    expect(strong).toMatch(/bloque|encurt|passo para trás/i)
    expect(strong).not.toMatch(/saque (fraco|lento)/i)
  })

  it('keeps the return when a follow-up names the server, and reads the wind from the player’s side', () => {
    const [, theirs] = talk(['como devolvo saque forte?', 'e com vento a favor do sacador?'])
    // Wind helping the server blows against the one receiving.
    expect(theirs).toMatch(/^Recebendo contra o vento/)
    expect(theirs).not.toMatch(/seu saque|lançamento/i)
    const [, ours] = talk(['como devolvo saque forte?', 'e com vento a favor?'])
    expect(ours).toMatch(/^Recebendo com vento a favor/)
    const [, against] = talk(['como devolvo saque forte?', 'e com vento contra eles?'])
    expect(against).toMatch(/^Recebendo com vento a favor/)
  })
})
