import type { CoachEngine, TeamMember } from '../../src/modules/coaching/engine'

/**
 * A deterministic stand-in for the coach engine, so the socket protocol is tested on its own:
 * two onboarding questions, a fixed team, replies that name who answered and to what.
 */
export function scriptedEngine(): CoachEngine {
  const questions = [
    { text: 'Qual é o seu nome?', suggestions: [] },
    { text: 'Em qual categoria você joga?', suggestions: ['Iniciante', 'C', 'B', 'A'] },
  ]
  return {
    startOnboarding: () => ({ state: { step: 0 }, messages: [questions[0]!] }),
    answerOnboarding: (state, text) => {
      const step = (state as { step: number }).step
      if (step === 0) {
        return {
          state: { step: 1 },
          messages: [{ text: `Prazer, ${text}!` }, questions[1]!],
          profilePatch: { name: text },
          done: false,
        }
      }
      return {
        state: { step: 2 },
        messages: [{ text: 'Criando a sua equipe.' }],
        profilePatch: { category: 'C' },
        done: true,
      }
    },
    resumeOnboarding: (state) => {
      const step = (state as { step: number }).step
      const question = questions[step]
      return question
        ? { messages: [question], done: false }
        : { messages: [{ text: 'Criando a sua equipe.' }], done: true }
    },
    createTeam: () => [
      { name: 'Rafa', archetype: 'TECNICO', persona: {} },
      { name: 'Bia', archetype: 'MENTAL', persona: {} },
      { name: 'Caio', archetype: 'ESTATISTICO', persona: {} },
    ],
    introductions: (team: TeamMember[], profile) =>
      team.map((c) => ({ coachId: c.id, text: `Oi ${profile.name ?? ''}, eu sou ${c.name}.` })),
    reply: async ({ text, team }) => {
      const mental = /nervos|ansie|press/i.test(text)
      const coach = team.find((c) => c.archetype === (mental ? 'MENTAL' : 'TECNICO')) ?? team[0]!
      return [{ coachId: coach.id, text: `${coach.name} responde: ${text}` }]
    },
    planTurn: ({ current }) => ({ plan: (current as object | null) ?? null, change: null }),
    partnerPreview: async ({ partner, text }) => `${partner.name} responde: ${text}`,
  }
}
