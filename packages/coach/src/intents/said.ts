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

/** How long a sentence is before saying it twice reads as a pasted line. */
const REPEAT_CHARS = 40

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
  /** Every line said, short ones too: a catchphrase is not a coach's every other word. */
  private readonly lines = new Set<string>()

  constructor(history: readonly ChatTurn[]) {
    for (const turn of history) if (turn.sender !== 'USER') this.add(turn.text)
  }

  has(text: string): boolean {
    return sentences(text).some((s) => countsAsSentence(s) && this.keys.has(sentenceKey(s)))
  }

  add(text: string): void {
    for (const s of sentences(text)) {
      if (countsAsSentence(s)) this.keys.add(sentenceKey(s))
      this.lines.add(sentenceKey(s))
    }
  }

  /** Was this line, however short, said before? */
  ever(line: string): boolean {
    return this.lines.has(sentenceKey(line))
  }

  /** The lines not said yet, in order. */
  fresh<T extends string>(lines: readonly T[]): T[] {
    return lines.filter((line) => !this.has(line))
  }

  /**
   * The text without the sentences already said, kept line by line so lists and paragraphs stay
   * whole; null when nothing new would be left.
   */
  withoutRepeats(text: string): string | null {
    const paragraphs = text.split(/\n{2,}/).flatMap((paragraph) => {
      const lines = paragraph.split('\n').flatMap((line) => {
        const kept = line
          .split(/(?<=[.!?…])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ*“"])/u)
          .filter((s) => !(s.trim().length >= REPEAT_CHARS && this.has(s)))
        return kept.length > 0 ? [kept.join(' ')] : []
      })
      const body = lines.filter((l) => l.trim() !== '')
      // A heading whose list was all said before says nothing.
      const bareHeading =
        body.length === 1 && paragraph.includes('\n') && /:\**\s*$/.test(body[0] as string)
      return body.length === 0 || bareHeading ? [] : [body.join('\n')]
    })
    const left = paragraphs.join('\n\n')
    return sentences(left).some((s) => countsAsSentence(s) && !this.has(s)) ? left : null
  }
}
