import type { Rng } from './types'

/** Longest input the engine looks at; a 5,000-character paste is read by its beginning. */
export const MAX_INPUT = 1200

/** Lower case, no accents, no punctuation but `@ + % , . / ' -`, single spaces. */
export function normalize(text: string): string {
  return text
    .slice(0, MAX_INPUT)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9@+%,./'\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Words of a normalized text, with letters repeated three or more times squeezed ("nervosooo"). */
export function words(normalized: string): string[] {
  return normalized
    .split(/[\s,.'-]+/)
    .filter((w) => w !== '')
    .map((w) => w.replace(/([a-z])\1{2,}/g, '$1'))
}

export function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length) % Math.max(items.length, 1)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

/** The i-th item, wrapping around, so successive rounds walk a list instead of repeating it. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length]
  if (item === undefined) throw new Error('at() on an empty list')
  return item
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    const a = copy[i] as T
    copy[i] = copy[j] as T
    copy[j] = a
  }
  return copy
}

/** Small string hash, to turn text into a stable offset without a random source. */
export function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

/** "1,75 m" from 175. */
export function formatHeight(cm: number): string {
  return `${(cm / 100).toFixed(2).replace('.', ',')} m`
}

/** Joins "a", "b" and "c" the Portuguese way. */
export function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1] ?? ''}`
}

/** Removes markup a model or a player could sneak into a reply; replies are markdown only. */
export function stripHtml(text: string): string {
  return text.replace(/<[^>]*>/g, '')
}

const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
}
const TENS: Record<string, number> = {
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
}

/**
 * Rewrites Portuguese number words below 100 as digits in a normalized text, so "um metro e
 * setenta e cinco" reads "1 metro e 75" and "tres vezes" reads "3 vezes".
 */
export function numberWordsToDigits(normalized: string): string {
  const tokens = normalized.split(' ')
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? ''
    const tens = TENS[t]
    if (tens !== undefined) {
      const unit = tokens[i + 1] === 'e' ? UNITS[tokens[i + 2] ?? ''] : undefined
      if (unit !== undefined && unit < 10) {
        out.push(String(tens + unit))
        i += 2
      } else out.push(String(tens))
      continue
    }
    const unit = UNITS[t]
    out.push(unit === undefined ? t : String(unit))
  }
  return out.join(' ')
}

/** A keyboard mash or a run of consonants rather than words. */
export function looksLikeGibberish(normalized: string): boolean {
  const letters = normalized.replace(/[^a-z]/g, '')
  if (letters.length < 2) return true
  if (/[bcdfghjklmnpqrstvwxz]{5,}/.test(letters)) return true
  const vowels = letters.replace(/[^aeiouy]/g, '').length
  return vowels / letters.length < 0.2
}
