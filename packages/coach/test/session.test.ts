import { describe, expect, it } from 'vitest'
import { reply, seededRng } from '../src'
import { sessionRequest, sessionText } from '../src/plans/session'
import { LEFTY, team } from './fixtures'

const minutesOf = (text: string) =>
  [...text.matchAll(/\*\*(\d+) min\*\*:/g)].reduce((sum, m) => sum + Number(m[1]), 0)

describe('one session asked for on its own', () => {
  it('reads the minutes, who is there and the focus, and leaves week plans alone', () => {
    expect(
      sessionRequest('me passa um treino de 40 min pra fazer no paredão, sem ninguem'),
    ).toEqual({ minutes: 40, solo: true, wall: true, focus: [] })
    expect(sessionRequest('quero um treino de 1h com minha dupla pra melhorar o smash')).toEqual({
      minutes: 60,
      solo: false,
      wall: false,
      focus: ['smash'],
    })
    expect(sessionRequest('monta um plano de 40 min por treino, 3 dias na semana')).toBeNull()
    expect(sessionRequest('como melhorar meu voleio?')).toBeNull()
    expect(sessionRequest('treinei 40 min hoje e cansei')).toBeNull()
  })

  it('adds its timed blocks up to the minutes asked, whatever the length', () => {
    for (const minutes of [15, 25, 40, 45, 60, 75, 90, 120])
      for (const solo of [true, false]) {
        const text = sessionText({ minutes, solo, wall: solo, focus: [] }, 'INTERMEDIARIO', true)
        expect(minutesOf(text), `${minutes} ${solo}`).toBe(minutes)
      }
  })

  it('is the estatístico’s answer, with the wall and nobody else in it', () => {
    const [first] = reply({
      text: 'me passa um treino de 40 min pra fazer no paredão, sem ninguem, so eu',
      team: team(),
      profile: LEFTY,
      history: [],
      rng: seededRng(1),
    })
    expect(first?.text).toMatch(/^Um treino de \*\*40 min\*\* no paredão, só você/)
    expect(first?.text).toMatch(/voleios no paredão/)
    expect(first?.text).not.toMatch(/parceir|dupla|semana/)
    expect(minutesOf(first?.text ?? '')).toBe(40)
  })
})
