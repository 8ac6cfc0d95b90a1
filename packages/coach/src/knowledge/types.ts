import { byGender } from '@areia/contracts/agreement'
import type { AnalysisFacts, Archetype } from '@areia/contracts'
import type { PlayerProfile } from '../types'

/** Training level derived from the category: drives drill volume and the tone of advice. */
export type Level = 'BASE' | 'INTERMEDIARIO' | 'AVANCADO'

export interface Drill {
  name: string
  how: string
  /** Volume for a BASE player; scaled up for higher levels. */
  amount: number
  unit: string
}

/** The profile digested once per reply, so entries can personalise without re-deriving it. */
export interface PlayerContext {
  profile: PlayerProfile
  level: Level
  /** `null` when the hand is unknown. */
  lefty: boolean | null
  heightCm: number | null
  /** What the player told earlier in the conversation that matters for advice. */
  /** The injury the last few messages are about, if any. */
  injuryInTalk?: Injury | null
  /** The player said a physio or doctor cleared them to play, in this message or the last few. */
  injuryCleared?: boolean
  mentionedInjuries: Injury[]
  /** The player's newest published video analysis, when the caller loaded it. */
  analysis?: AnalysisFacts | null
}

export type Injury = 'ombro' | 'cotovelo' | 'tornozelo' | 'lombar' | 'joelho' | 'punho'

export interface KnowledgeEntry {
  id: string
  title: string
  /** The coach whose speciality this is; routing sums entry scores by owner. */
  owner: Archetype
  /** Normalized word prefixes (see `normalize`); multi-word ones match as phrases. */
  keywords: string[]
  /** Matched on the normalized text too, for what a word prefix cannot say (a score). */
  patterns?: RegExp[]
  /** Correct statements of fact; the LLM prompt quotes them. */
  facts: string[]
  tips: string[]
  drills: Drill[]
  /** What the statistical coach measures on this topic once a video is analysed. */
  metrics: string[]
  /** The mental angle on this topic. */
  mind: string[]
  /** Injury or health topic: replies carry a caution. */
  health?: boolean
  personal?: (ctx: PlayerContext) => string[]
}

/** "seu forehand fica do lado esquerdo" needs the side of the body for the player's hand. */
export function forehandSide(ctx: PlayerContext): string {
  return ctx.lefty ? 'esquerdo' : 'direito'
}

export function backhandSide(ctx: PlayerContext): string {
  return ctx.lefty ? 'direito' : 'esquerdo'
}

export const TALL_CM = 183
export const SHORT_CM = 165

/** Agreement with the player's gender; masculine is the Portuguese default when unknown. */
export function gw(ctx: PlayerContext, masculine: string, feminine: string): string {
  return byGender(ctx.profile.gender, masculine, feminine)
}

export function heightText(cm: number): string {
  return `${(cm / 100).toFixed(2).replace('.', ',')} m`
}
