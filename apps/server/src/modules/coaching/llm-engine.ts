import type { AnalysisFacts } from '@areia/contracts'
import type { LlmClient, LlmMessage } from '../../adapters/llm'
import type {
  CoachEngine,
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

/**
 * Coaches and partners answer through an LLM: the embedded engine still decides who answers (and
 * writes a reply of its own), the LLM rewrites each reply from a prompt with the speaker's
 * persona, the player's profile and memory, and retrieved knowledge. Any error or timeout keeps
 * the embedded reply, so the player never notices an outage.
 */
export function withLlm(
  base: CoachEngine,
  llm: LlmClient,
  buildPrompt: (input: PromptInput) => LlmMessage[],
  onFallback: (err: unknown) => void,
  buildPartnerPrompt?: (input: PartnerPromptInput) => LlmMessage[],
): CoachEngine {
  const rewrite = async (fallback: string, prompt: () => LlmMessage[]) => {
    try {
      return await llm.complete(prompt())
    } catch (err) {
      onFallback(err)
      return fallback
    }
  }
  return {
    ...base,
    async reply(input) {
      const replies = await base.reply(input)
      const partners = input.partners ?? []
      const memory = input.memory ? { memory: input.memory } : {}
      return Promise.all(
        replies.map(async (r) => {
          if (r.partnerSlug) {
            const partner = partners.find((p) => p.slug === r.partnerSlug)
            if (!partner || !buildPartnerPrompt) return r
            const text = await rewrite(r.text, () =>
              buildPartnerPrompt({ ...input, partner, partners, ...memory }),
            )
            return { ...r, text }
          }
          const coach = input.team.find((c) => c.id === r.coachId)
          if (!coach) return r
          return { ...r, text: await rewrite(r.text, () => buildPrompt({ ...input, coach })) }
        }),
      )
    },
    async partnerPreview(input) {
      const fallback = await base.partnerPreview(input)
      if (!buildPartnerPrompt) return fallback
      return rewrite(fallback, () =>
        buildPartnerPrompt({ ...input, partners: [input.partner], team: [], history: [] }),
      )
    },
  }
}
