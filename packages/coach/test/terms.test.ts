import { describe, expect, it } from 'vitest'
import { talk } from './fixtures'

describe('a term the player heard and asks about', () => {
  it('is explained first, and the talk that follows stays on it', () => {
    const [what, again, why] = talk([
      "meu prof falou q qdo a bola ta do meu lado eu tenho q 'fechar a paralela'. q q é isso?",
      'nao entendi kkk explica de outro jeito',
      'mas pq eu nao posso ficar no meio pra pegar tudo?',
    ])
    expect(what).toMatch(/^"Fechar a paralela" é cobrir a bola reta pela sua lateral/)
    expect(what).not.toMatch(/passada/i)
    expect(again).toMatch(/corda|portão/)
    expect(why).toMatch(/^O motivo/)
    expect(why).not.toMatch(/devolve o saque/)
  })

  it('knows the slang of the game', () => {
    expect(talk(['o que é bater chapado?'])[0]).toMatch(/^Bater chapado é/)
    expect(talk(['oq significa bola de segurança?'])[0]).toMatch(/^Bola de segurança é/)
    const [flat] = talk([
      "como chapar a bola? meu prof fica gritando 'chapa essa bola' e eu nao sei oq ele quer dizer",
    ])
    expect(flat).toMatch(/^Bater chapado é/)
    expect(flat).not.toMatch(/split-step/)
    const [safe] = talk([
      'qd to apertado no fundo eu sempre tento a paulada e erro. como é uma bola de segurança q preste?',
    ])
    expect(safe).toMatch(/^Bola de segurança é/)
  })
})
