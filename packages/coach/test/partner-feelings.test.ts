import { describe, expect, it } from 'vitest'
import { talk } from './fixtures'

describe('the partner’s feelings', () => {
  it('"ela fica nervosa… o que eu falo pra ela?" is about helping her, one question, no empathy for the player', () => {
    const [reply] = talk([
      'ela fica mt nervosa em torneio. se ela comecar a errar oq eu falo pra ela na hora?',
    ])
    expect(reply).toMatch(/sua dupla/)
    expect(reply).not.toMatch(/Sobre como sacar|Normal ficar assim/)
  })
})
