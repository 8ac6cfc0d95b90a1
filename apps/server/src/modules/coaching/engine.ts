import type {
  AnalysisFacts,
  Archetype,
  MatchStatus,
  Plan,
  ProfileUpdateBody,
  UserStatusResponse,
} from '@areia/contracts'
import type { PartnerDefinition, RememberedFact } from '@areia/coach'

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

/** A reply of a coach (`coachId`) or, in a group chat, of an added partner (`partnerSlug`). */
export interface EngineReply {
  coachId: string
  text: string
  /** Set when an Agent Store partner answers; `coachId` is then `partner:<slug>`. */
  partnerSlug?: string
}

export type { PartnerDefinition }

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
    /** When the answer is read ("nasci em 1980"). */
    now?: Date,
  ): { state: unknown; messages: EngineMessage[]; profilePatch: ProfileUpdateBody; done: boolean }
  /** What the host owed at a saved state when its turn was cut off before it spoke. */
  resumeOnboarding(state: unknown): { messages: EngineMessage[]; done: boolean }
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
    /** Partners the player added (group chat); none: only the coaches answer. */
    partners?: PartnerDefinition[]
    /** What the team remembers (the memory screen's facts); replaces old messages for injuries. */
    memory?: string[]
    /** The same facts with their kind and details: an answer on a topic they touch uses one. */
    facts?: RememberedFact[]
    /** The newest published analysis of the player's games; null: none (say so, invent nothing). */
    analysis?: AnalysisFacts | null
    /** The published analyses, newest first: a figure is compared with the match before. */
    reports?: AnalysisFacts[]
    /** The plans on sale now, for questions about prices and what each includes. */
    plans?: Plan[]
    /** The player's recent matches and where each analysis stands, newest first. */
    matches?: MatchStatus[]
    /** When the message is answered ("due by 14h", "already past due"). */
    now?: Date
    /** The player's saved training plan as this message left it (see `planTurn`). */
    plan?: object | null
    planChange?: 'CREATED' | 'ADJUSTED' | null
    /** Who answers, lead first, when a classifier upstream already decided; else the engine routes. */
    coachIds?: string[]
  }): Promise<EngineReply[]>
  /**
   * What a message does to the player's saved training plan (`current`, as stored): a new plan, a
   * lighter week, or nothing. The plan is opaque here; only the engine reads it.
   */
  planTurn(input: {
    text: string
    history: HistoryEntry[]
    profile: PlayerProfile
    memory?: string[]
    /** What the team remembers, with details: the days the player said they train. */
    facts?: RememberedFact[]
    current: unknown
    now: Date
  }): { plan: object | null; change: 'CREATED' | 'ADJUSTED' | null }
  /** The Agent Store's `Experimentar`: a partner answers one question, outside the conversation. */
  partnerPreview(input: {
    partner: PartnerDefinition
    text: string
    profile: PlayerProfile
  }): Promise<string>
}
