import type { Archetype, DominantHand, Gender, PlayerCategory } from '@areia/contracts'

/** A random source in [0, 1). Injected so the server can seed it and tests are repeatable. */
export type Rng = () => number

/**
 * CBT age groups. Juniors play "Sub-N" (under N); veterans play "N+" (N years or older). Stored
 * apart from the letter category because a player holds both (e.g. category C and 40+).
 */
export const AGE_GROUPS = [
  'SUB_10',
  'SUB_12',
  'SUB_14',
  'SUB_16',
  'SUB_18',
  'MAIS_30',
  'MAIS_35',
  'MAIS_40',
  'MAIS_45',
  'MAIS_50',
  'MAIS_55',
  'MAIS_60',
  'MAIS_65',
  'MAIS_70',
] as const
export type AgeGroup = (typeof AGE_GROUPS)[number]

export const AGE_GROUP_LABEL: Record<AgeGroup, string> = {
  SUB_10: 'Sub-10',
  SUB_12: 'Sub-12',
  SUB_14: 'Sub-14',
  SUB_16: 'Sub-16',
  SUB_18: 'Sub-18',
  MAIS_30: '30+',
  MAIS_35: '35+',
  MAIS_40: '40+',
  MAIS_45: '45+',
  MAIS_50: '50+',
  MAIS_55: '55+',
  MAIS_60: '60+',
  MAIS_65: '65+',
  MAIS_70: '70+',
}

/** What the player's stated goal is mostly about; the free text is kept in `goal`. */
export const GOAL_FOCI = [
  'COMPETIR',
  'SUBIR_CATEGORIA',
  'TECNICA',
  'FISICO',
  'MENTAL',
  'LAZER',
] as const
export type GoalFocus = (typeof GOAL_FOCI)[number]

/**
 * Everything the engine knows about the player. The contracts fields keep their snake_case
 * names; `age_group`, `goal`, `goal_focus` and `training_per_week` are this package's own and
 * the server persists them next to the profile. Every field is optional so that a half-filled
 * profile (or a `Profile` from contracts plus the user's name) can be passed as is.
 */
export interface PlayerProfile {
  name?: string | null
  category?: PlayerCategory | null
  height_cm?: number | null
  dominant_hand?: DominantHand | null
  gender?: Gender | null
  age_group?: AgeGroup | null
  goal?: string | null
  goal_focus?: GoalFocus | null
  /** Training sessions per week, 0 (less than weekly) to 14. */
  training_per_week?: number | null
}

export interface PersonaTraits {
  /** First name and surname; `CoachPersona.name` is the first name only. */
  fullName: string
  pronoun: 'ele' | 'ela'
  age: number
  hometown: string
  background: string
  /** How the coach talks, in a sentence; goes into the LLM system prompt. */
  voice: string
  traits: string[]
  catchphrases: string[]
  /** What this coach will focus on with this player, derived from the profile. */
  focus: string
}

export interface CoachPersona {
  id: string
  /** First name as shown in the chat and used in `@Nome` mentions. */
  name: string
  archetype: Archetype
  persona: PersonaTraits
}

/** The exclusive team, in archetype order técnico, mental, estatístico. Plain JSON. */
export interface Team {
  version: 1
  coaches: [CoachPersona, CoachPersona, CoachPersona]
}

/** One stored chat line: `USER` for the player, otherwise the id of the coach who wrote it. */
export interface ChatTurn {
  sender: 'USER' | (string & {})
  text: string
}

export interface CoachReply {
  coachId: string
  text: string
}
