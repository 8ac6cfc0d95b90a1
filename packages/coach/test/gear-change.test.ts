import { describe, expect, it } from 'vitest'
import { reply, seededRng, type ChatTurn, type RememberedFact } from '../src'
import { LEFTY, team } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')
const HEAVIER: RememberedFact = {
  kind: 'EQUIPAMENTO',
  text: 'Raquete Drop Shot Conqueror (mais pesada que a anterior).',
  fields: { item: 'raquete' },
}

function talk(messages: string[], facts: RememberedFact[]) {
  const history: ChatTurn[] = []
  return messages.map((text) => {
    const replies = reply({
      text,
      team: team(),
      profile: LEFTY,
      history,
      rng: seededRng(1),
      facts,
      now: NOW,
    })
    history.push(
      { sender: 'USER', text },
      ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
    )
    return replies.map((r) => r.text).join('\n\n')
  })
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
