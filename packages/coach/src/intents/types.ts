import type { Drill } from '../knowledge/types'

/**
 * What the coaches know about one intent of the catalogue. Text may hold two kinds of marks, filled
 * in for each player: `[[masculino|feminino]]` agrees with the player's gender ("[[cansado|cansada]]"),
 * and `{forehand}` / `{backhand}` name the side of the body ("direito"/"esquerdo") for the player's hand.
 */
export interface IntentContent {
  /** How players ask it, the way they type: what retrieval learns the intent from. */
  examples: string[]
  /** Words and jargon that point to this intent and may not appear in the examples. */
  keywords?: string[]
  /** Alternative wordings of the direct answer; each one's first sentence answers the question. */
  answers: string[]
  /** The same answer explained another way (an image, steps), for "explica de outro jeito". */
  alt: string[]
  /** Concrete advice, one sentence each, in the order a coach would give it. */
  tips: string[]
  drills?: Drill[]
  /** Verified statements (rules, measures) that the answer rests on. */
  facts?: string[]
  /** A health topic: the reply carries a caution to see a professional. */
  health?: boolean
  /** Intents a follow-up to this one usually goes to ("e quando sou eu que saco?"). */
  related?: string[]
}

export type ContentMap = Record<string, IntentContent>
