import { describe, expect, it } from 'vitest'
import { reply, seededRng, type ChatTurn, type RememberedFact } from '../src'
import { LEFTY, team } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')
const TIAGO: RememberedFact = {
  kind: 'PARCEIRO',
  text: 'Parceiro: Tiago.',
  fields: { name: 'Tiago', gender: 'MALE' },
}

function talk(messages: string[]) {
  const history: ChatTurn[] = []
  return messages.map((text) => {
    const replies = reply({
      text,
      team: team(),
      profile: LEFTY,
      history,
      rng: seededRng(1),
      facts: [TIAGO],
      now: NOW,
    })
    history.push(
      { sender: 'USER', text },
      ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
    )
    return replies.map((r) => r.text).join('\n\n')
  })
}

describe('a talk about the partner', () => {
  it('keeps the partner through its follow-ups: if he does not change, why he does it, what to say at the break', () => {
    const [, , notChanging, why, atTheBreak] = talk([
      "meu parceiro, o Tiago, fica gritando 'minha!' e pega bola q era minha. to ficando pistola",
      'como eu falo isso com ele sem virar briga?',
      'e se ele nao mudar?',
      'pq vc acha q ele faz isso?',
      'e se a gente perder o 1º set por causa disso, oq eu falo pra ele no intervalo?',
    ])
    expect(notChanging).toMatch(/^Se o Tiago não mudar/)
    expect(why).toMatch(/^Quase nunca é pessoal/)
    expect(why).toMatch(/ao Tiago/)
    expect(atTheBreak).toMatch(/^No intervalo, duas frases/)
    // None of them turns into a comeback lesson or a report.
    for (const text of [notChanging, why, atTheBreak]) expect(text).not.toMatch(/virada|relatório/)
  })
})
