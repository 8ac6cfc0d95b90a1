import { type AnalysisFacts, ProfileUpdateBody } from '@areia/contracts'
import * as coach from '@areia/coach'
import type { CoachEngine, PlayerProfile, TeamMember } from './engine'
import type { PromptInput } from './llm-engine'

/** The engine's own view of the team, with our database ids as the coaches' ids. */
function toTeam(members: TeamMember[]): coach.Team {
  const coaches = members.map((m) => ({
    ...(m.persona as coach.CoachPersona),
    id: m.id,
    name: m.name,
  }))
  if (coaches.length !== 3) throw new Error(`a team has three coaches, got ${coaches.length}`)
  return { version: 1, coaches: coaches as coach.Team['coaches'] }
}

function toProfile(p: PlayerProfile): coach.PlayerProfile {
  return {
    name: p.name,
    category: p.category,
    height_cm: p.height_cm,
    dominant_hand: p.dominant_hand,
    gender: p.gender,
    age_group: (coach.AGE_GROUPS as readonly string[]).includes(p.age_group ?? '')
      ? (p.age_group as coach.AgeGroup)
      : null,
    goal: p.goal,
    goal_focus: (coach.GOAL_FOCI as readonly string[]).includes(p.goal_focus ?? '')
      ? (p.goal_focus as coach.GoalFocus)
      : null,
    training_per_week: p.training_per_week,
  }
}

/** The offline coach engine of packages/coach behind the chat's engine port. */
export function createEmbeddedEngine(rng: coach.Rng = Math.random): CoachEngine {
  return {
    startOnboarding: () => coach.startOnboarding(),
    answerOnboarding: (state, text, now) => {
      // A state from an older engine version restarts the dialogue rather than failing.
      const current = coach.isOnboardingState(state) ? state : coach.startOnboarding().state
      const turn = coach.answerOnboarding(current, text, now)
      return { ...turn, profilePatch: ProfileUpdateBody.parse(turn.profilePatch) }
    },
    resumeOnboarding: (state) =>
      coach.resumeOnboarding(
        coach.isOnboardingState(state) ? state : coach.startOnboarding().state,
      ),
    createTeam: (profile, avoidNames) =>
      coach
        .createTeam({ profile: toProfile(profile), rng, avoid: avoidNames })
        .coaches.map((c) => ({ name: c.name, archetype: c.archetype, persona: c })),
    introductions: (team, profile) => coach.introductions(toTeam(team), toProfile(profile)),
    reply: async (input) => {
      const { text, team, profile, history, partners = [], coachIds: chosen } = input
      const { memory, facts, analysis, reports, plans, matches, now, planChange } = input
      const plan = coach.readPlan(input.plan)
      const engineTeam = toTeam(team)
      const player = toProfile(profile)
      const base = {
        ...{ text, team: engineTeam, profile: player, history, rng, memory, facts, analysis },
        ...(matches ? { matches } : {}),
        ...(reports ? { reports } : {}),
        ...(plans ? { plans } : {}),
        ...(now ? { now } : {}),
        ...(plan ? { plan, planChange: planChange ?? null } : {}),
      }
      if (partners.length === 0)
        return coach.reply({ ...base, ...(chosen ? { coachIds: chosen } : {}) })
      const { speakers } = coach.routeGroup(text, engineTeam, partners, history)
      const coachIds = speakers.flatMap((s) => (s.kind === 'COACH' ? [s.id] : []))
      const coachReplies = coachIds.length > 0 ? coach.reply({ ...base, coachIds }) : []
      return speakers.flatMap((s) => {
        if (s.kind === 'COACH') return coachReplies.filter((r) => r.coachId === s.id)
        const partner = partners.find((p) => p.slug === s.slug)
        if (!partner) return []
        const answer = coach.partnerReply({ partner, text, profile: player, history, rng, memory })
        return [
          { coachId: coach.partnerSender(partner.slug), partnerSlug: partner.slug, text: answer },
        ]
      })
    },
    planTurn: ({ text, history, profile, memory, facts, current, now }) =>
      coach.planTurn({
        text,
        history,
        profile: toProfile(profile),
        ...(memory ? { memory } : {}),
        ...(facts ? { facts } : {}),
        current: coach.readPlan(current),
        now,
      }),
    partnerPreview: async ({ partner, text, profile }) =>
      coach.partnerReply({ partner, text, profile: toProfile(profile), history: [], rng }),
  }
}

/** The prompt an LLM answers as a partner, from its persona, its area and the chat so far. */
export function llmPartnerPrompt(input: {
  partner: coach.PartnerDefinition
  partners: coach.PartnerDefinition[]
  team: TeamMember[]
  profile: PlayerProfile
  history: coach.ChatTurn[]
  text: string
  memory?: string[]
}) {
  return coach.buildPartnerPrompt({
    partner: input.partner,
    others: input.partners.filter((p) => p.slug !== input.partner.slug),
    // The store's preview has no team: the partner talks to the player alone.
    ...(input.team.length === 3 ? { team: toTeam(input.team) } : {}),
    profile: toProfile(input.profile),
    history: input.history,
    text: input.text,
    ...(input.memory ? { memory: input.memory } : {}),
  })
}

/** The prompt an LLM answers as `member`, from the engine's persona, knowledge and the chat so far. */
export function llmPrompt(input: PromptInput) {
  const team = toTeam(input.team)
  const persona = team.coaches.find((c) => c.id === input.coach.id) ?? team.coaches[0]
  const reference = coach.referenceFor(input.text, input.history)
  return coach.buildChatPrompt({
    coach: persona,
    team,
    profile: toProfile(input.profile),
    history: input.history,
    text: input.text,
    knowledge: reference.entries,
    recognised: reference.recognised,
    ...(input.previous?.length ? { previous: input.previous } : {}),
    ...(input.memory ? { memory: input.memory } : {}),
    ...(input.analysis !== undefined ? { analysis: input.analysis } : {}),
    ...(input.matches ? { matches: input.matches } : {}),
    ...(input.now ? { now: input.now } : {}),
    plan: coach.readPlan(input.plan),
  })
}

/**
 * The classification asked of an LLM before a reply; none when the player addressed coaches by
 * name or called the whole team, since the player already chose who answers.
 */
export function llmClassificationPrompt(input: {
  team: TeamMember[]
  history: coach.ChatTurn[]
  text: string
}) {
  const team = toTeam(input.team)
  const { reason } = coach.routeDetailed(input.text, team, input.history)
  if (reason === 'MENTION' || reason === 'TEAM') return null
  return coach.buildClassificationPrompt({ team, history: input.history, text: input.text })
}

/** The coach ids a classification answer picks, lead first; null when it cannot be read. */
export function readLlmClassification(raw: string, members: TeamMember[]): string[] | null {
  const parsed = coach.parseClassification(raw)
  return parsed ? coach.classifiedCoachIds(parsed, toTeam(members)) : null
}

/** What makes a model's reply unfit to send (the engine's checks); [] when it can go. */
export function llmReplyProblems(
  text: string,
  ctx: { analysis?: AnalysisFacts | null; playerText: string },
): string[] {
  return coach.replyProblems(text, ctx)
}
