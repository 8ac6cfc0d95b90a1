import type { Classification } from './classifier'
import { GENERAL_OF } from './preferences'
import { intentById } from './registry'

/**
 * "como melhoro minha devolução de forehand?" is a question of the return: the stroke named as
 * a noun decides the area, and "de forehand" / "de backhand" only says which side of it. Without
 * this, the side word pulls the reading to the sides of the court or to ground strokes.
 */
const NAMED: Array<[string, RegExp]> = [
  ['devolucao', /\b(devolucao|devolucoes|devolver|devolvo|recepcao|receber o saque)\b/],
  ['bandeja', /\bbandejas?\b/],
  ['curtinha', /\b(curtinhas?|deixadinhas?|drop shot)\b/],
  ['smash', /\b(smash|smashes|cortadas?)\b/],
  ['voleio', /\b(voleio|voleios|volear|voleada)\b/],
  ['lob', /\b(lob|lobs|balao)\b/],
  ['saque', /\b(saque|saques|sacar|saco)\b/],
]

/** Areas of technique: a reading there is overruled by the stroke the message names. */
const TECHNIQUE = new Set([
  'saque',
  'devolucao',
  'voleio',
  'smash',
  'bandeja',
  'lob',
  'curtinha',
  'fundo',
  'fundamentos',
])

/** Asks how to do or improve a stroke, not a question of tactics, rules or numbers. */
const HOW =
  /\b(como (eu )?(melhor\w*|faco|fazer|treino|treinar|acerto|acertar|bato|bater)|melhor(ar|o|a) (a |o |minha |meu )?|(e|ta|esta) (fraca|fraco|ruim|horrivel|pessima|pessimo)|dicas? (de|pra|para)|erro muito|errando)\b/

export function byNamedStroke(c: Classification, plain: string): Classification {
  const [top] = c.candidates
  if (!top) return c
  const named = NAMED.find(([, re]) => re.test(plain))?.[0]
  if (!named || top.intent.domain === named) return c
  const overrule =
    TECHNIQUE.has(top.intent.domain) ||
    ((top.intent.domain === 'tatica' || top.intent.domain === 'numeros') && HOW.test(plain))
  if (!overrule || !HOW.test(plain)) return c
  const inArea = c.candidates.find((cand) => cand.intent.domain === named)
  const general = GENERAL_OF.get(named)
  const intent = inArea?.intent ?? (general ? intentById(general) : undefined)
  if (!intent) return c
  const lead = { ...(inArea ?? top), intent }
  return {
    ...c,
    candidates: [lead, ...c.candidates.filter((cand) => cand.intent.id !== intent.id)],
  }
}
