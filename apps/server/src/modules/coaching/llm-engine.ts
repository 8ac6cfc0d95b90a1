import type { AnalysisFacts, MatchStatus } from '@areia/contracts'
import type { LlmClient, LlmMessage } from '../../adapters/llm'
import type {
  CoachEngine,
  EngineReply,
  HistoryEntry,
  PartnerDefinition,
  PlayerProfile,
  TeamMember,
} from './engine'

export interface PromptInput {
  coach: TeamMember
  team: TeamMember[]
  profile: PlayerProfile
  history: HistoryEntry[]
  text: string
  memory?: string[]
  /** The player's newest published analysis (null: none), for the system prompt. */
  analysis?: AnalysisFacts | null
  matches?: MatchStatus[]
  now?: Date
  plan?: object | null
  /** Teammates who already answered this message, in the order the player reads them. */
  previous?: Array<{ coachId: string; text: string }>
}

export interface PartnerPromptInput {
  partner: PartnerDefinition
  /** Every partner in the conversation, this one included. */
  partners: PartnerDefinition[]
  team: TeamMember[]
  profile: PlayerProfile
  history: HistoryEntry[]
  text: string
  memory?: string[]
}

export interface ClassifyInput {
  team: TeamMember[]
  history: HistoryEntry[]
  text: string
}

/** Why the model's part was not used; the embedded engine's reply or routing stood in. */
export type LlmFallback =
  'CLASSIFY_FAILED' | 'CLASSIFY_UNREADABLE' | 'REPLY_FAILED' | 'REPLY_REFUSED'

export interface LlmTeamDeps {
  /** The embedded engine: routing when the model cannot classify, and every fallback reply. */
  base: CoachEngine
  llm: LlmClient
  prompts: {
    coach: (input: PromptInput) => LlmMessage[]
    partner?: (input: PartnerPromptInput) => LlmMessage[]
    /** null: the player named who answers (a mention), so nothing is left to classify. */
    classify: (input: ClassifyInput) => LlmMessage[] | null
  }
  /** The coaches a classification picks, lead first; null when the answer cannot be read. */
  readClassification(raw: string, team: TeamMember[]): string[] | null
  /** What makes a reply unfit to send (the sport's rules broken, invented figures…); [] if none. */
  problems(text: string, ctx: { analysis?: AnalysisFacts | null; playerText: string }): string[]
  onFallback(reason: LlmFallback, detail: unknown): void
}

/**
 * Coaches and partners answer through an LLM, as a team: the model first classifies the message
 * (structured output) to pick who leads, the embedded engine writes each chosen coach's reply as
 * the fallback, then the model answers coach by coach, each one reading what the teammates before
 * it said. Every reply is checked before the player sees it; a reply that breaks a rule of the
 * sport or invents a figure, and any error or timeout, gives way to the embedded reply.
 */
export function withLlm(deps: LlmTeamDeps): CoachEngine {
  const { base, llm, prompts } = deps

  const leadFromModel = async (input: ClassifyInput): Promise<string[] | undefined> => {
    const prompt = prompts.classify(input)
    if (!prompt) return undefined
    try {
      const ids = deps.readClassification(await llm.complete(prompt, { json: true }), input.team)
      if (ids && ids.length > 0) return ids
      deps.onFallback('CLASSIFY_UNREADABLE', null)
    } catch (err) {
      deps.onFallback('CLASSIFY_FAILED', err)
    }
    return undefined
  }

  const answer = async (
    fallback: EngineReply,
    prompt: () => LlmMessage[],
    ctx: { analysis?: AnalysisFacts | null; playerText: string },
  ): Promise<EngineReply> => {
    let text: string
    try {
      text = await llm.complete(prompt())
    } catch (err) {
      deps.onFallback('REPLY_FAILED', err)
      return fallback
    }
    const problems = deps.problems(text, ctx)
    if (problems.length > 0) {
      // Only the reasons are logged: the refused text never leaves this function.
      deps.onFallback('REPLY_REFUSED', problems)
      return fallback
    }
    return { ...fallback, text }
  }

  return {
    ...base,
    async reply(input) {
      const partners = input.partners ?? []
      const memory = input.memory ? { memory: input.memory } : {}
      const ctx = {
        playerText: input.text,
        ...(input.analysis !== undefined ? { analysis: input.analysis } : {}),
      }
      // In a group chat the embedded group router decides who speaks, partners included.
      const coachIds = partners.length === 0 ? await leadFromModel(input) : undefined
      const drafts = await base.reply({ ...input, ...(coachIds ? { coachIds } : {}) })
      const sent: EngineReply[] = []
      for (const draft of drafts) {
        const previous = sent
          .filter((r) => !r.partnerSlug)
          .map((r) => ({ coachId: r.coachId, text: r.text }))
        if (draft.partnerSlug) {
          const partner = partners.find((p) => p.slug === draft.partnerSlug)
          const build = prompts.partner
          sent.push(
            partner && build
              ? await answer(draft, () => build({ ...input, partner, partners, ...memory }), ctx)
              : draft,
          )
          continue
        }
        const coach = input.team.find((c) => c.id === draft.coachId)
        sent.push(
          coach
            ? await answer(draft, () => prompts.coach({ ...input, coach, previous }), ctx)
            : draft,
        )
      }
      return sent
    },
    async partnerPreview(input) {
      const fallback = await base.partnerPreview(input)
      const build = prompts.partner
      if (!build) return fallback
      const reply = await answer(
        { coachId: '', text: fallback },
        () => build({ ...input, partners: [input.partner], team: [], history: [] }),
        { playerText: input.text },
      )
      return reply.text
    },
  }
}
