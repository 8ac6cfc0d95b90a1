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

  it('anger in play is met with what to do with it, not with nerves before a match', () => {
    const [reply] = talk([
      'eu xingo mt em quadra, ja levei advertencia no ultimo torneio 😬 como segura a raiva na hora?',
    ])
    expect(reply).toMatch(/^Quando a raiva sobe|raiva/)
    expect(reply).not.toMatch(/antes de um jogo que importa|frio na barriga/)
  })

  it('a loss is felt with the player in words that fit what happened', () => {
    const [lost] = talk([
      'perdi ontem pra uma dupla q eu sempre ganhava. to mt mal com isso, tem dia q da vontade de largar o beach',
    ])
    expect(lost).toMatch(/^(Perder dói|Derrota assim pesa)/)
    expect(lost).not.toMatch(/estava na mão|estar na frente/)
  })
})
