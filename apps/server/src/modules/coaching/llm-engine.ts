import type { LlmClient, LlmMessage } from '../../adapters/llm'
import type { CoachEngine, HistoryEntry, PlayerProfile, TeamMember } from './engine'

export interface PromptInput {
  coach: TeamMember
  team: TeamMember[]
  profile: PlayerProfile
  history: HistoryEntry[]
  text: string
}

/**
 * Coaches answer through an LLM: the embedded engine still decides who answers (and writes a
 * reply of its own), the LLM rewrites each reply from a prompt with the coach's persona, the
 * player's profile and retrieved knowledge. Any error or timeout keeps the embedded reply, so
 * the player never notices an outage.
 */
export function withLlm(
  base: CoachEngine,
  llm: LlmClient,
  buildPrompt: (input: PromptInput) => LlmMessage[],
  onFallback: (err: unknown) => void,
): CoachEngine {
  return {
    ...base,
    async reply(input) {
      const replies = await base.reply(input)
      return Promise.all(
        replies.map(async (r) => {
          const coach = input.team.find((c) => c.id === r.coachId)
          if (!coach) return r
          try {
            const text = await llm.complete(buildPrompt({ ...input, coach }))
            return { coachId: r.coachId, text }
          } catch (err) {
            onFallback(err)
            return r
          }
        }),
      )
    },
  }
}
