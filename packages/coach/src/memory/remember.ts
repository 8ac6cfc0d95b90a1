import type { ExtractedFact, FactKind, FactFields } from './types'
import { extractFacts, healedIn } from './extract'
import { mergeFact } from './edit'

/** A remembered fact as the store keeps it: its id, and the key a newer fact replaces it by. */
export interface StoredFact {
  id: number
  kind: FactKind
  key: string | null
  text: string
  fields: FactFields
}

/** What a message changes in the memory, for the store to carry out in this order. */
export interface MemoryChanges {
  /** Pains the player says are gone. */
  remove: number[]
  update: Array<{ id: number; text: string; fields: FactFields; sentence: string }>
  insert: Array<{ kind: FactKind; key: string; text: string; fields: FactFields; sentence: string }>
}

/** Kinds a player has one of at a time: a new one said in the chat replaces the one written. */
const ONE_PER_PLAYER = new Set<FactKind>(['ROTINA', 'RESULTADO', 'OBJETIVO'])

/**
 * The partner a new partner fact is about: the one of that name, else one not named yet (who now
 * gets the name); a detail without a name ("ela é canhota") is about the partner told last. A
 * new name is another partner: players have a tournament partner and a weekly one.
 */
function samePartner(kept: readonly StoredFact[], fact: ExtractedFact): StoredFact | undefined {
  const partners = kept.filter((r) => r.kind === 'PARCEIRO')
  const name = fact.fields.name?.toLowerCase()
  if (!name) return partners.at(-1)
  return (
    partners.find((r) => r.fields.name?.toLowerCase() === name) ??
    partners.find((r) => !r.fields.name)
  )
}

/**
 * What a player's message adds to what the team remembers: a newer fact of the same kind and key
 * replaces the older one, a pain the player says is gone is forgotten, and past `room` new
 * facts no more are added. Pure, so the server and the evaluation remember alike.
 */
export function rememberFacts(
  existing: readonly StoredFact[],
  text: string,
  now: Date,
  room: number,
): MemoryChanges {
  const found = extractFacts(text, now)
  const healed = healedIn(text)
  const changes: MemoryChanges = { remove: [], update: [], insert: [] }
  if (found.length === 0 && healed.length === 0) return changes
  const gone = existing.filter(
    (r) => r.kind === 'LESAO' && healed.some((part) => part === r.fields.bodyPart),
  )
  changes.remove = gone.map((r) => r.id)
  const kept = existing.filter((r) => !gone.includes(r))
  let free = room + gone.length
  for (const fact of found) {
    const same =
      fact.kind === 'PARCEIRO'
        ? samePartner(kept, fact)
        : kept.find(
            (r) =>
              r.kind === fact.kind &&
              (r.key === fact.key ||
                (r.key === null && ONE_PER_PLAYER.has(r.kind)) ||
                r.text.toLowerCase() === fact.text.toLowerCase()),
          )
    if (same) {
      const merged = mergeFact({ fields: same.fields }, fact)
      changes.update.push({
        id: same.id,
        text: merged.text,
        fields: merged.fields,
        sentence: fact.sentence,
      })
      continue
    }
    if (free <= 0) continue
    changes.insert.push({
      kind: fact.kind,
      key: fact.key,
      text: fact.text,
      fields: fact.fields,
      sentence: fact.sentence,
    })
    free--
  }
  return changes
}
