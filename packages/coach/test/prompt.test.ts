import { archetypeLabel } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { buildChatPrompt, retrieve, type ChatTurn } from '../src'
import { LEFTY, team } from './fixtures'

describe('buildChatPrompt', () => {
  const t = team(8)
  const [tecnico, mental] = t.coaches

  it('builds a system prompt with persona, profile, knowledge and rules, then history and the message', () => {
    const history: ChatTurn[] = [
      { sender: 'USER', text: 'oi' },
      { sender: tecnico.id, text: 'Fala! <b>Bora</b> treinar?' },
      { sender: mental.id, text: 'Oi, tudo bem?' },
    ]
    const text = 'como melhorar meu smash?'
    const messages = buildChatPrompt({
      coach: tecnico,
      team: t,
      profile: LEFTY,
      history,
      text,
      knowledge: retrieve(text, 3),
    })
    const system = messages[0]
    expect(system?.role).toBe('system')
    const content = system?.content ?? ''
    expect(content).toContain(tecnico.persona.fullName)
    expect(content).toContain(`Coach ${archetypeLabel('TECNICO', tecnico.persona.pronoun)}`)
    expect(content).toContain(mental.name)
    expect(content).toContain('Ana Paula')
    // Ana Paula is a left-handed woman.
    expect(content).toMatch(/Mão dominante: canhota/)
    expect(content).toContain('1,68 m')
    expect(content).toContain('Subir para a B')
    expect(content).toContain('### Smash')
    expect(content).toMatch(/português do Brasil/)
    expect(content).toMatch(/Nunca use HTML/)
    expect(content).toMatch(/Nunca invente estatísticas/)
    expect(content).toMatch(/médico ou fisioterapeuta/)
    expect(content).toMatch(/nunca diga que é humano/)
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user'])
    expect(messages[2]?.content).toBe('Fala! Bora treinar?')
    expect(messages[3]?.content).toMatch(/Coach Mental/)
    expect(messages.at(-1)).toEqual({ role: 'user', content: text })
  })

  it('bounds history and message length', () => {
    const history: ChatTurn[] = Array.from({ length: 50 }, (_, i) => ({
      sender: 'USER',
      text: `msg ${i} ${'x'.repeat(3000)}`,
    }))
    const messages = buildChatPrompt({
      coach: tecnico,
      team: t,
      profile: {},
      history,
      text: 'y'.repeat(9000),
      knowledge: [],
    })
    expect(messages.length).toBeLessThanOrEqual(14)
    for (const m of messages.slice(1)) expect(m.content.length).toBeLessThanOrEqual(4000)
    expect(messages[0]?.content).toMatch(/perfil ainda incompleto/)
  })
})
