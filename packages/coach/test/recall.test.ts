import { describe, expect, it } from 'vitest'
import {
  rememberFacts,
  reply,
  seededRng,
  type ChatTurn,
  type RememberedFact,
  type StoredFact,
} from '../src'
import { LEFTY, team } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')

/** What the memory holds after each message, as the server stores it. */
function remembered(messages: string[]): RememberedFact[] {
  const facts: StoredFact[] = []
  let id = 1
  for (const text of messages) {
    const changes = rememberFacts(facts, text, NOW, 50)
    for (const f of changes.insert) facts.push({ id: id++, ...f })
  }
  return facts.map(({ kind, text, fields }) => ({ kind, text, fields }))
}

describe('what the player told the team, kept and asked back', () => {
  it('keeps the week around the game, a day said before the event, a partner named later in the sentence and a diagnosis', () => {
    const facts = remembered([
      'novidade: comecei pilates, seg e qua de manha, por causa da postura',
      'dia 27 tenho 3 jogos seguidos no torneio do clube. oq eu como entre um e outro?',
      'minha parceira no open de 10/01 é a Larissa, destra',
      'tenho tendinite no punho, o fisio liberou',
    ])
    const texts = facts.map((f) => f.text)
    expect(texts).toContain('Pilates segunda e quarta.')
    expect(texts.some((t) => /27 de dezembro/.test(t))).toBe(true)
    expect(texts).toContain('Parceira: Larissa, destra.')
    expect(texts.some((t) => /^Tendinite no punho, já liberado/.test(t))).toBe(true)
  })

  it('answers the one thing asked first, then everything else once', () => {
    const facts = remembered([
      'comecei pilates, seg e qua de manha',
      'minha parceira é a Larissa, canhota',
    ])
    const [answer] = reply({
      text: 'em q dias eu te falei q faço pilates? e oq mais vc lembra de mim?',
      team: team(),
      profile: LEFTY,
      history: [],
      rng: seededRng(1),
      facts,
      now: NOW,
    }).map((r) => r.text)
    const [first, ...rest] = (answer ?? '').split('\n\n')
    expect(first).toMatch(/pilates segunda e quarta/)
    expect(rest.join('\n')).toMatch(/Larissa/)
    expect(answer?.match(/pilates/g)).toHaveLength(1)
  })

  it('says what it does not know instead of a line about what it could keep', () => {
    const [answer] = reply({
      text: 'oq vc lembra de mim?',
      team: team(),
      profile: LEFTY,
      history: [],
      rng: seededRng(1),
      facts: [],
      now: NOW,
    }).map((r) => r.text)
    expect(answer).toMatch(/O que eu sei de você/)
  })
})

describe('a word of the answer the player did not understand', () => {
  it('is explained, whatever the last subject was, and a left-hander asked after is the left-hander', () => {
    const history: ChatTurn[] = []
    const say = (text: string) => {
      const [first] = reply({
        text,
        team: team(),
        profile: LEFTY,
        history: [...history],
        rng: seededRng(1),
        now: NOW,
      })
      history.push(
        { sender: 'USER', text },
        { sender: first?.coachId ?? 'x', text: first?.text ?? '' },
      )
      return first?.text ?? ''
    }
    say('quero aprender a sacar por cima com mais força, hj so saco por baixo')
    expect(say('e contra canhoto, mudo alguma coisa?')).toMatch(/canhot/)
    expect(say("nao entendi a parte do lançamento, como assim 'na frente'?")).toMatch(
      /^"Lançar na frente" quer dizer/,
    )
  })
})
