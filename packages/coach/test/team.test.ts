import { describe, expect, it } from 'vitest'
import { createTeam, introductions, seededRng } from '../src'
import { LEFTY, RIGHTY, team } from './fixtures'

describe('createTeam', () => {
  it('creates técnico, mental and estatístico with distinct names and both genders', () => {
    const t = team(3)
    expect(t.coaches.map((c) => c.archetype)).toEqual(['TECNICO', 'MENTAL', 'ESTATISTICO'])
    expect(new Set(t.coaches.map((c) => c.name)).size).toBe(3)
    expect(new Set(t.coaches.map((c) => c.id)).size).toBe(3)
    expect(new Set(t.coaches.map((c) => c.persona.pronoun)).size).toBe(2)
    for (const c of t.coaches) {
      expect(c.persona.catchphrases.length).toBeGreaterThan(0)
      expect(c.persona.background.length).toBeGreaterThan(20)
    }
    expect(JSON.parse(JSON.stringify(t))).toEqual(t)
  })

  it('gives different players different teams', () => {
    const trios = new Set<string>()
    for (let seed = 0; seed < 50; seed++)
      trios.add(
        team(seed)
          .coaches.map((c) => c.name)
          .join('|'),
      )
    expect(trios.size).toBeGreaterThanOrEqual(49)
  })

  it('avoids names already given to other teams and the player’s own name', () => {
    const first = team(5)
    const avoid = first.coaches.map((c) => c.persona.fullName)
    const second = createTeam({ profile: { ...RIGHTY, name: 'Marina' }, rng: seededRng(5), avoid })
    for (const c of second.coaches) {
      expect(first.coaches.map((f) => f.name)).not.toContain(c.name)
      expect(c.name).not.toBe('Marina')
    }
  })

  it('personalises the team from the profile', () => {
    const lefty = createTeam({ profile: LEFTY, rng: seededRng(1) })
    expect(lefty.coaches[0].persona.background).toMatch(/canhot/)
    const beginner = createTeam({
      profile: { ...RIGHTY, category: 'INICIANTE' },
      rng: seededRng(1),
    })
    expect(beginner.coaches[0].persona.focus).toMatch(/fundamentos/)
  })
})

describe('introductions', () => {
  it('has each coach introduce itself, in order, about this player', () => {
    const t = team(11)
    const intros = introductions(t, LEFTY)
    expect(intros.map((i) => i.coachId)).toEqual(t.coaches.map((c) => c.id))
    for (const [i, intro] of intros.entries()) {
      expect(intro.text).toContain('Ana')
      expect(intro.text).toContain(t.coaches[i]?.name ?? '?')
    }
    const all = intros.map((i) => i.text).join('\n')
    expect(all).toMatch(/categoria C/)
    expect(all).toMatch(/canhota/)
    expect(all).toMatch(/1,68 m/)
    expect(all).toMatch(/Subir para a B/)
    expect(intros[2]?.text).toMatch(/não tenho números/)
  })

  it('works with an almost empty profile', () => {
    const intros = introductions(team(), {})
    expect(intros).toHaveLength(3)
    for (const i of intros) expect(i.text.length).toBeGreaterThan(50)
  })
})
