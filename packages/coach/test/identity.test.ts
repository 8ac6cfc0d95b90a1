import { describe, expect, it } from 'vitest'
import { talk } from './fixtures'

describe('asked what the coach is', () => {
  it('says it is an AI, whatever the player said before asking', () => {
    for (const message of [
      'bom diaa! ontem passei o dia vendo jogo de beach no youtube kkk vc é gente ou robo?',
      'to falando com robô ou gente?',
      'vcs são pessoas de verdade?',
    ]) {
      const [reply] = talk([message])
      expect(reply, message).toMatch(/\b(IA|inteligência artificial)\b/)
      expect(reply, message).not.toMatch(/raquete/i)
    }
  })

  it('a partner who is "gente boa" is not a question about the coach', () => {
    const [reply] = talk(['meu parceiro é gente boa mas erra muito'])
    expect(reply).not.toMatch(/inteligência artificial|sou uma IA/)
  })

  it('"vcs são 3 treinadores? cada um faz oq" gets who does what, whatever came before', () => {
    const [reply] = talk([
      'oii primeira vez q uso isso direito kkk vcs sao 3 treinadores? cada um faz oq',
    ])
    expect(reply).toMatch(/três coaches/)
    expect(reply).not.toMatch(/primeiro torneio/i)
  })
})
