import type { ConversationMember } from '@areia/contracts/agents'
import { describe, expect, it } from 'vitest'
import { activeMention, applyMention, mentionOptions } from './mentions'

const member = (mention: string, kind: ConversationMember['kind'] = 'COACH') => ({
  kind,
  mention,
  name: mention,
  role: 'Coach Técnico',
  avatar: null,
})
const MEMBERS = [
  member('Marina'),
  member('Mário'),
  member('Nina', 'PARTNER'),
  member('equipe', 'TEAM'),
]

describe('mention completion', () => {
  it('finds the @word before the caret, only at a word start', () => {
    expect(activeMention('oi @Ma', 6)).toEqual({ start: 3, query: 'Ma' })
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' })
    expect(activeMention('email@Ma', 8)).toBeNull()
    expect(activeMention('@Marina tudo', 12)).toBeNull()
  })

  it('filters members ignoring case and accents', () => {
    expect(mentionOptions(MEMBERS, 'ma').map((m) => m.mention)).toEqual(['Marina', 'Mário'])
    expect(mentionOptions(MEMBERS, 'MARI').map((m) => m.mention)).toEqual(['Marina', 'Mário'])
    expect(mentionOptions(MEMBERS, 'e').map((m) => m.mention)).toEqual(['equipe'])
    expect(mentionOptions(MEMBERS, '')).toHaveLength(4)
    expect(mentionOptions(MEMBERS, 'x')).toEqual([])
  })

  it('replaces the typed part with the full mention and a space', () => {
    const text = 'oi @Ni, tudo bem?'
    const active = activeMention(text, 6)
    if (!active) throw new Error('no mention')
    expect(applyMention(text, 6, active, member('Nina', 'PARTNER'))).toEqual({
      text: 'oi @Nina, tudo bem?',
      caret: 8,
    })
    const start = activeMention('@eq', 3)
    if (!start) throw new Error('no mention')
    expect(applyMention('@eq', 3, start, member('equipe', 'TEAM'))).toEqual({
      text: '@equipe ',
      caret: 8,
    })
    const inside = activeMention('@Na quer', 2)
    if (!inside) throw new Error('no mention')
    expect(applyMention('@Na quer', 2, inside, member('Nina', 'PARTNER'))).toEqual({
      text: '@Nina quer',
      caret: 6,
    })
  })
})
