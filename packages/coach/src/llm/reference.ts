import type { Drill } from '../knowledge/types'
import { retrieve } from '../knowledge'
import { understand } from '../intents/understand'
import type { ChatTurn } from '../types'

/** What the team knows about the question, for a model to answer from. */
export interface Reference {
  title: string
  /** What a right answer covers, when the question was recognised. */
  about?: string
  /** The team's own direct answer, when the question was recognised. */
  answer?: string
  facts: readonly string[]
  tips: readonly string[]
  drills: readonly Drill[]
  metrics?: readonly string[]
}

/**
 * The question as the embedded engine understands it (the same reading that decides its own
 * answer), with its answer, facts and drills; a message it does not recognise falls back to the
 * nearest knowledge entries by keyword, which the prompt presents as background only.
 */
export function referenceFor(
  text: string,
  history: readonly ChatTurn[],
): { recognised: boolean; entries: Reference[] } {
  const u = understand(text, history)
  const intents = u.intents.filter((i) => i.domain !== 'conversa')
  if (intents.length > 0) {
    return {
      recognised: true,
      entries: intents.map((i) => ({
        title: i.label.charAt(0).toUpperCase() + i.label.slice(1),
        about: i.about,
        ...(i.answers[0] ? { answer: i.answers[0] } : {}),
        facts: i.facts ?? [],
        tips: i.tips,
        drills: i.drills ?? [],
      })),
    }
  }
  return { recognised: false, entries: retrieve(text, 3) }
}
