import { describe, expect, it } from 'vitest'
import { reply, seededRng, type ChatTurn } from '../src'
import { LEFTY, talk, team } from './fixtures'

describe('lines that do not answer anything', () => {
  it('a follow-up ends on its answer, never on a slogan', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const coaches = team(seed)
      const slogans = coaches.coaches.flatMap((c) => c.persona.catchphrases)
      const history: ChatTurn[] = []
      const messages = [
        'como devolvo saque forte?',
        'e de backhand?',
        'e se o sacador for canhoto?',
      ]
      for (const [i, text] of messages.entries()) {
        const replies = reply({
          text,
          team: coaches,
          profile: LEFTY,
          history,
          rng: seededRng(`${seed}:${i}`),
        })
        history.push(
          { sender: 'USER', text },
          ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
        )
        if (i === 0) continue
        for (const r of replies)
          for (const slogan of slogans) expect(r.text, r.text).not.toContain(slogan)
      }
    }
  })

  it('a question of tactics gets no line on how a category learns strokes', () => {
    const [sides] = talk(['meu parceiro é destro e eu tb, quem fica com o meio?'])
    expect(sides).not.toMatch(/o que mais rende aqui|o salto vem de|o detalhe decide/)
  })
})
