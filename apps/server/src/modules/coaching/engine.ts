import type { Archetype, ProfileUpdateBody, UserStatusResponse } from '@areia/contracts'

export interface TeamMember {
  id: string
  name: string
  archetype: Archetype
  persona: unknown
}

export interface EngineMessage {
  text: string
  suggestions?: string[] | undefined
}

export interface EngineReply {
  coachId: string
  text: string
}

export type PlayerProfile = UserStatusResponse['profile'] & { name: string | null }

export interface HistoryEntry {
  /** 'USER' or the id of the coach who wrote it. */
  sender: string
  text: string
}

/**
 * What the chat needs of a coach engine. The embedded engine (packages/coach) implements it
 * offline; the LLM variant wraps it and falls back to it on any failure.
 */
export interface CoachEngine {
  startOnboarding(): { state: unknown; messages: EngineMessage[] }
  answerOnboarding(
    state: unknown,
    text: string,
  ): { state: unknown; messages: EngineMessage[]; profilePatch: ProfileUpdateBody; done: boolean }
  createTeam(
    profile: PlayerProfile,
    avoidNames: string[],
  ): Array<{ name: string; archetype: Archetype; persona: unknown }>
  introductions(team: TeamMember[], profile: PlayerProfile): EngineReply[]
  reply(input: {
    text: string
    team: TeamMember[]
    profile: PlayerProfile
    history: HistoryEntry[]
  }): Promise<EngineReply[]>
}
