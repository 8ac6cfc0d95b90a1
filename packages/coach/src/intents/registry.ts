import { CATALOG, type IntentSpec } from './catalog'
import { CONTENT, PHRASINGS } from './content'
import type { IntentContent } from './types'

/** An intent of the catalogue with what the coaches know about it. */
export type Intent = IntentSpec & IntentContent

/** Every intent that has its knowledge written, in catalogue order. */
export const INTENTS: readonly Intent[] = CATALOG.flatMap((spec) => {
  const content = CONTENT[spec.id]
  if (!content) return []
  const more = PHRASINGS[spec.id] ?? []
  return [{ ...spec, ...content, examples: [...content.examples, ...more] }]
})

const BY_ID = new Map(INTENTS.map((intent) => [intent.id, intent]))

export function intentById(id: string): Intent | undefined {
  return BY_ID.get(id)
}
