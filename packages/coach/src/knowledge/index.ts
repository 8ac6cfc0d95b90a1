import { normalize } from '../text'
import { BODY } from './body'
import { GAME } from './game'
import { MIND } from './mind'
import { NUMBERS } from './numbers'
import { PRACTICE } from './practice'
import { STROKES } from './strokes'
import type { KnowledgeEntry } from './types'

export type { Drill, KnowledgeEntry, Level, PlayerContext } from './types'

/** The whole curated knowledge base, in a stable order. */
export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  ...STROKES,
  ...PRACTICE,
  ...GAME,
  ...BODY,
  ...MIND,
  ...NUMBERS,
]

export interface CompiledKeyword {
  pattern: RegExp
  weight: number
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A keyword matches at the start of a word, so "sac" stems cover "saque", "sacar", "sacando";
 * a keyword written with a trailing space must match a whole word ("sol " is not "solto").
 * Phrases weigh more than single words because they are more specific.
 */
export function compileKeyword(keyword: string): CompiledKeyword {
  const whole = keyword.endsWith(' ')
  const kw = normalize(keyword)
  const tail = whole ? '(?![a-z0-9])' : ''
  const head = /^[a-z0-9]/.test(kw) ? '(?<![a-z0-9])' : ''
  return {
    pattern: new RegExp(`${head}${escape(kw)}${tail}`),
    weight: 1 + (kw.split(' ').length - 1) * 0.25,
  }
}

const COMPILED = new Map<string, CompiledKeyword[]>(
  KNOWLEDGE.map((entry) => [entry.id, entry.keywords.map(compileKeyword)]),
)

export interface ScoredEntry {
  entry: KnowledgeEntry
  score: number
}

/** Every entry that a normalized text touches, best first. */
export function scoreEntries(normalized: string): ScoredEntry[] {
  const scored: ScoredEntry[] = []
  for (const entry of KNOWLEDGE) {
    let score = 0
    // "saca" and "sacar" both match "sacar": one place in the text counts once.
    const seen = new Set<number>()
    for (const { pattern, weight } of COMPILED.get(entry.id) ?? []) {
      const found = pattern.exec(normalized)
      if (!found || seen.has(found.index)) continue
      seen.add(found.index)
      score += weight
    }
    for (const pattern of entry.patterns ?? []) if (pattern.test(normalized)) score += 1
    if (score > 0) scored.push({ entry, score })
  }
  return scored.sort((a, b) => b.score - a.score)
}

/** The `k` entries most relevant to a player's message, for the reply or an LLM prompt. */
export function retrieve(text: string, k = 3): KnowledgeEntry[] {
  return scoreEntries(normalize(text))
    .slice(0, Math.max(0, k))
    .map((s) => s.entry)
}

export function entryById(id: string): KnowledgeEntry | undefined {
  return KNOWLEDGE.find((entry) => entry.id === id)
}
