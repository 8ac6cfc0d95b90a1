import type { ChatTurn } from '../types'
import { normalize } from '../text'

/** A sentence as compared for repetition: no markdown, accents, case or punctuation. */
export function sentenceKey(sentence: string): string {
  return normalize(sentence.replace(/\*\*|__|`/g, '').replace(/^\s*[-•]\s*/, ''))
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Sentences of a message: each line, cut after ". ", "! " and "? ". */
export function sentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ*“"])/u))
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** Short lines ("Combinado!", "Por nada.") are a coach's signature, not content. */
export function countsAsSentence(sentence: string): boolean {
  return sentenceKey(sentence).split(' ').length >= 4
}

/**
 * What the coaches already said in this conversation, sentence by sentence, so that no sentence
 * is said twice: a candidate line is used only if none of its sentences was said.
 */
export class Said {
  private readonly keys = new Set<string>()

  constructor(history: readonly ChatTurn[]) {
    for (const turn of history) if (turn.sender !== 'USER') this.add(turn.text)
  }

  has(text: string): boolean {
    return sentences(text).some((s) => countsAsSentence(s) && this.keys.has(sentenceKey(s)))
  }

  add(text: string): void {
    for (const s of sentences(text)) if (countsAsSentence(s)) this.keys.add(sentenceKey(s))
  }

  /** The lines not said yet, in order. */
  fresh<T extends string>(lines: readonly T[]): T[] {
    return lines.filter((line) => !this.has(line))
  }
}
