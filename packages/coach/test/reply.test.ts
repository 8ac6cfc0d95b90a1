import { describe, expect, it } from 'vitest'
import { reply, seededRng, type ChatTurn, type CoachReply, type PlayerProfile } from '../src'
import { LEFTY, RIGHTY, team } from './fixtures'

const t = team()
const [tecnico, mental, estatistico] = t.coaches

function ask(
  text: string,
  profile: PlayerProfile = LEFTY,
  history: ChatTurn[] = [],
  seed = 1,
): CoachReply[] {
  return reply({ text, team: t, profile, history, rng: seededRng(seed) })
}

describe('reply', () => {
  it('answers a technique question from the técnico with a concrete drill', () => {
    const [first] = ask('como melhorar meu voleio?')
    expect(first?.coachId).toBe(tecnico.id)
    expect(first?.text).toMatch(/Exercício/)
    expect(first?.text).toMatch(/\d+ /)
  })

  it('answers nerves from the mental coach', () => {
    const replies = ask('fico muito nervosa nos pontos decisivos')
    expect(replies[0]?.coachId).toBe(mental.id)
    // A concrete routine, not comfort.
    expect(replies[0]?.text).toMatch(/respir|rotina|ritual|palavra|frase|alvo/i)
  })

  it('lets the estatístico explain what it will measure without inventing numbers', () => {
    const [first] = ask('como está meu aproveitamento de saque?')
    expect(first?.coachId).toBe(estatistico.id)
    expect(first?.text).toMatch(/não tenho (números|nenhum jogo seu analisado)/i)
    expect(first?.text).toMatch(/vídeo/)
    expect(first?.text).not.toMatch(/seu aproveitamento (é|foi) de \d/i)
    // Any percentage it gives is labelled as a general reference.
    for (const line of (first?.text ?? '').split('\n').filter((l) => /\d+ ?%/.test(l)))
      expect(line).toMatch(/referência geral/)
  })

  it('personalises by dominant hand: a left-hander hears about the left side', () => {
    const lefty = ask('dicas de backhand', LEFTY)[0]?.text ?? ''
    const righty = ask('dicas de backhand', RIGHTY)[0]?.text ?? ''
    expect(lefty).toMatch(/forehand fica do lado esquerdo/)
    expect(lefty).toMatch(/canhota/)
    expect(righty).toMatch(/forehand fica do lado direito/)
    expect(lefty).not.toBe(righty)
  })

  it('personalises by height on the smash', () => {
    const tall = ask('como melhorar meu smash', { ...RIGHTY, height_cm: 190 })[0]?.text ?? ''
    const short = ask('como melhorar meu smash', { ...RIGHTY, height_cm: 158 })[0]?.text ?? ''
    expect(tall).toMatch(/1,90 m/)
    expect(short).toMatch(/1,58 m/)
    expect(tall).not.toBe(short)
  })

  it('mentions the player category', () => {
    expect(ask('como treinar meu saque?')[0]?.text).toMatch(/categoria C/)
    expect(ask('como treinar meu saque?', { ...LEFTY, category: 'INICIANTE' })[0]?.text).toMatch(
      /iniciante/,
    )
  })

  it('scales the drill volume with the category', () => {
    const base =
      ask('como melhorar meu lob', { ...RIGHTY, category: 'INICIANTE' }, [], 3)[0]?.text ?? ''
    const pro =
      ask('como melhorar meu lob', { ...RIGHTY, category: 'PROFISSIONAL' }, [], 3)[0]?.text ?? ''
    const volume = (text: string) => Number(/\*\*(\d+) lobs\*\*/.exec(text)?.[1])
    expect(volume(pro)).toBeGreaterThan(volume(base))
  })

  it('never repeats the exact same reply when the same question comes again', () => {
    const history: ChatTurn[] = []
    const seen = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const text = 'como melhorar meu saque?'
      const replies = ask(text, LEFTY, history, 42)
      for (const r of replies) {
        expect(seen.has(r.text)).toBe(false)
        seen.add(r.text)
      }
      history.push(
        { sender: 'USER', text },
        ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
      )
    }
  })

  it('remembers an injury mentioned earlier in the conversation', () => {
    const history: ChatTurn[] = [
      { sender: 'USER', text: 'tenho sentido o ombro esses dias' },
      { sender: tecnico.id, text: 'Cuide do ombro.' },
    ]
    const text = ask('como melhorar meu smash?', RIGHTY, history)[0]?.text ?? ''
    expect(text).toMatch(/ombro/)
  })

  it('continues the previous topic on a short follow-up', () => {
    const history: ChatTurn[] = [
      { sender: 'USER', text: 'como melhorar meu lob?' },
      { sender: tecnico.id, text: 'Lob alto e fundo.' },
    ]
    const [first] = ask('e como eu treino isso?', RIGHTY, history)
    expect(first?.coachId).toBe(tecnico.id)
    expect(first?.text).toMatch(/lob/i)
  })

  it('adds a health caution to injury questions', () => {
    expect(ask('meu cotovelo dói depois do treino')[0]?.text).toMatch(/médico ou fisioterapeuta/)
    expect(ask('to com dor no joelho, posso jogar?')[0]?.text).toMatch(/médico ou fisioterapeuta/)
  })

  it('answers @equipe with three replies, each coach once', () => {
    const replies = ask('@equipe como me preparar para o torneio?')
    expect(replies.map((r) => r.coachId).sort()).toEqual(
      [tecnico.id, mental.id, estatistico.id].sort(),
    )
  })

  it('answers a mention from that coach even off its speciality', () => {
    const replies = ask(`@${estatistico.name} como melhorar meu smash?`)
    expect(replies).toHaveLength(1)
    expect(replies[0]?.coachId).toBe(estatistico.id)
    expect(replies[0]?.text).toMatch(/medir/)
  })

  it.each([
    ['oi'],
    ['bom dia!!'],
    ['obrigado!'],
    ['kkkkkk'],
    ['ok'],
    ['🎾🔥💪'],
    ['😂'],
    ['asdfghjkl qwpoeiru'],
    ['???'],
    [''],
    ['   '],
    ['qual a capital da França?'],
    ['how can I improve my backhand?'],
    ['hello there'],
    ['você é humano?'],
    ['<script>alert(1)</script>'],
    ['a'.repeat(5000)],
    ['como melhorar meu saque '.repeat(220)],
    ['🎾'.repeat(3000)],
  ])('always gives a sensible, non-empty pt-BR reply to %j', (text) => {
    const replies = ask(text)
    expect(replies.length).toBeGreaterThan(0)
    expect(replies.length).toBeLessThanOrEqual(3)
    for (const r of replies) {
      expect(r.text.trim().length).toBeGreaterThan(10)
      expect(r.text).not.toMatch(/<[a-z/]/i)
      expect(r.text).toMatch(/[ãçéêóôíúà]|\b(você|para|que|bora|me|de|no|na|por|com)\b/i)
    }
  })

  it('says it is an AI, never a human', () => {
    const text = ask('vc é humano?')[0]?.text ?? ''
    expect(text).toMatch(/IA|inteligência artificial/)
    expect(text).toMatch(/Não sou/)
  })

  it('is deterministic for the same seed', () => {
    expect(ask('dicas de smash', LEFTY, [], 9)).toEqual(ask('dicas de smash', LEFTY, [], 9))
  })

  it('copes with a profile that is still empty', () => {
    const replies = reply({
      text: 'como sacar melhor?',
      team: t,
      profile: {},
      history: [],
      rng: seededRng(2),
    })
    expect(replies[0]?.text.length).toBeGreaterThan(20)
  })
})
