import type { Intent } from '../intents/registry'
import type { Said } from '../intents/said'
import { conditionAdvice, type Subject } from './conditions'
import type { Frame } from './frame'
import { signatureOf } from './signatures'

/** The part of the game a question is about, for what a condition of the day changes in it. */
export function subjectOf(intent: Intent, frame?: Frame): Subject {
  const sig = signatureOf(intent)
  const stroke = sig.stroke ?? frame?.strokes[0]
  if (stroke === 'saque')
    return sig.role === 'ANSWER' || frame?.role === 'ANSWER' ? 'devolucao' : 'saque'
  if (
    stroke === 'smash' ||
    stroke === 'lob' ||
    stroke === 'curtinha' ||
    stroke === 'voleio' ||
    stroke === 'bandeja'
  )
    return stroke
  if (intent.domain === 'tatica' && sig.situations) return 'lados'
  return 'jogo'
}

/**
 * What the message's conditions (wind, sun, heat, soft sand) change in the question asked, when
 * the question's own knowledge is not already about that condition. Each is said once.
 */
export function conditionLines(intent: Intent, frame: Frame | undefined, said: Said): string[] {
  if (!frame || frame.conditions.length === 0) return []
  const own = signatureOf(intent).conditions ?? []
  const subject = subjectOf(intent, frame)
  return frame.conditions
    .filter((c) => !own.includes(c))
    .map((c) => conditionAdvice(c, subject))
    .filter((line) => {
      if (said.has(line)) return false
      said.add(line)
      return true
    })
}
