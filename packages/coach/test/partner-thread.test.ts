import { describe, expect, it } from 'vitest'
import type { RememberedFact } from '../src'
import { talk } from './fixtures'

const TIAGO: RememberedFact = {
  kind: 'PARCEIRO',
  text: 'Parceiro: Tiago.',
  fields: { name: 'Tiago', gender: 'MALE' },
}

describe('a talk about the partner', () => {
  it('keeps the partner through its follow-ups: if he does not change, why he does it, what to say at the break', () => {
    const [, , notChanging, why, atTheBreak] = talk(
      [
        "meu parceiro, o Tiago, fica gritando 'minha!' e pega bola q era minha. to ficando pistola",
        'como eu falo isso com ele sem virar briga?',
        'e se ele nao mudar?',
        'pq vc acha q ele faz isso?',
        'e se a gente perder o 1º set por causa disso, oq eu falo pra ele no intervalo?',
      ],
      [TIAGO],
    )
    expect(notChanging).toMatch(/^Se o Tiago não mudar/)
    expect(why).toMatch(/^Quase nunca é pessoal/)
    expect(why).toMatch(/ao Tiago/)
    expect(atTheBreak).toMatch(/^No intervalo, duas frases/)
    // None of them turns into a comeback lesson or a report.
    for (const text of [notChanging, why, atTheBreak]) expect(text).not.toMatch(/virada|relatório/)
  })
})
