import { MEMORY_FACT_KINDS, type MemoryFactKind } from '@areia/contracts'
import type { BodyPart, Weekday } from '../intents/slots'

/** What a remembered fact is about; the memory screen groups facts by it. */
export const FACT_KINDS = MEMORY_FACT_KINDS
export type FactKind = MemoryFactKind

/** Structured details a fact carries next to its text, where the coaches need them. */
export interface FactFields {
  /** Partner. */
  name?: string
  gender?: 'MALE' | 'FEMALE'
  hand?: 'LEFT' | 'RIGHT'
  /** Equipment: what it is ("raquete") and, when said, its maker and model. */
  item?: string
  brand?: string
  model?: string
  /** Tournament: a day (YYYY-MM-DD) or only a month (YYYY-MM). */
  date?: string
  month?: string
  /** Tournament: the partner named in the same sentence ("dia 19 tenho torneio com a Renata"). */
  partner?: string
  /** Injury. */
  bodyPart?: BodyPart
  side?: 'direito' | 'esquerdo'
  since?: string
  /** Schedule. */
  days?: Weekday[]
  schedule?: Array<{ day: Weekday; activity: string }>
  /** How many times a week the player plays or trains, as they last said it. */
  perWeek?: number
  /** Result. */
  won?: boolean
  score?: string
}

/** A fact as the extractor found it in one message. */
export interface ExtractedFact {
  kind: FactKind
  /** Within a kind, a newer fact with the same key replaces the older one. */
  key: string
  /** Short pt-BR line written for the player to read on the memory screen. */
  text: string
  fields: FactFields
  /** The sentence of the player's message it came from. */
  sentence: string
}

/** A fact as the engine reads it: what the player left on the memory screen. */
export interface RememberedFact {
  kind: FactKind
  text: string
  fields?: FactFields
}
