import { plain } from './words'

export interface Sentence {
  /** As the player wrote it, trimmed. */
  original: string
  /** Plain words: lower case, no accents, shorthands spelled out. */
  text: string
  question: boolean
}

/** The player's message cut into sentences, each remembering whether it asked something. */
export function sentencesIn(message: string): Sentence[] {
  const out: Sentence[] = []
  const re = /[^.!?\n]+(?:[.!?\n]+|$)/g
  for (const m of message.matchAll(re)) {
    const original = m[0].replace(/[.!\n]+$/, '').trim()
    if (!/[\p{L}\d]/u.test(original)) continue
    const question = /\?/.test(m[0])
    out.push({ original: original.replace(/\?+$/, '').trim(), text: plain(original), question })
  }
  return out
}
