import type { Domain } from '../intents/catalog'
import type { Candidate, Classification } from '../intents/classifier'
import { INTENTS, type Intent } from '../intents/registry'
import type { Frame, Stroke } from './frame'
import { signatureOf, type Signature } from './signatures'

/** The game's own areas, where a named stroke says which question it is. */
const TECHNIQUE = new Set<Domain>(['fundamentos', 'tatica', 'fundo'])

/** Strokes that are a side of another stroke when named with it ("voleio de backhand"). */
const SIDES = new Set<Stroke>(['forehand', 'backhand'])

/** The stroke a message is about, and the side it names with it. */
export function mainStroke(frame: Pick<Frame, 'strokes'>): {
  stroke?: Stroke
  side?: 'forehand' | 'backhand'
} {
  const proper = frame.strokes.filter((s) => !SIDES.has(s))
  const side = frame.strokes.find((s) => SIDES.has(s)) as 'forehand' | 'backhand' | undefined
  if (proper.length > 0) return { stroke: proper[0], ...(side ? { side } : {}) }
  return side ? { stroke: side } : {}
}

/**
 * How well a question's signature fits what the message named: 0 when it contradicts it (another
 * stroke, the other side of the ball, another body part), above 1 when it matches a detail the
 * message gave, below 1 when the question is about a detail the message did not give.
 */
export function fit(sig: Signature, frame: Frame, domain?: Domain): number {
  let m = 1
  if (sig.needs && !sig.needs.test(frame.text)) m *= 0.3
  // A rule names strokes only to ask what is allowed: the rules answer, whatever the stroke.
  if (frame.rule) {
    if (domain === 'regras') return 1.8
    m *= 0.7
  }
  // A feeling named is the mental coach's question, whatever part of the game it happens in.
  if (frame.feeling && !frame.pain && !frame.gear) m *= domain === 'mental' ? 2 : 0.6
  // A racket's weight or material is a question of equipment, whatever worry comes with it.
  if (frame.gear) m *= domain === 'equipamento' ? 1.8 : 0.6
  // Pain is answered as pain, even when it comes with the stroke that brings it on.
  if (frame.pain) {
    if (domain === 'corpo') m *= sig.bodyPart === frame.bodyPart ? 2.5 : 1.2
    else m *= 0.4
  }
  const { stroke, side } = mainStroke(frame)
  if (stroke && !frame.rule) {
    if (sig.stroke) {
      const same = sig.stroke === stroke || frame.strokes.includes(sig.stroke)
      if (!same) return 0
      m *= 1.35
    } else if (sig.situations || sig.bodyPart) {
      // A named stroke with a fault is a technique question, not a moment of the point.
      if (frame.problem) m *= 0.35
    } else if (domain !== undefined && TECHNIQUE.has(domain)) m *= 0.75
    if (sig.stroke) {
      const role = sig.role ?? 'HIT'
      if (frame.role && role !== frame.role) return 0
      // Unsaid, the stroke is the player's own more often than the opponents'.
      if (!frame.role && role === 'ANSWER') m *= 0.6
    }
  }
  if (side && sig.side && sig.side !== side) return 0
  if (side && sig.side === side) m *= 1.6
  if (frame.problem) {
    if (sig.problems?.includes(frame.problem)) m *= 2
    else if (sig.problems) m *= 0.3
  } else if (sig.problems && !sig.aspects?.some((a) => frame.aspects.includes(a))) m *= 0.6
  if (sig.aspects) {
    if (sig.aspects.some((a) => frame.aspects.includes(a))) m *= 2.2
    else if (!sig.problems?.includes(frame.problem ?? 'REDE')) m *= 0.6
  }
  if (sig.situations) {
    if (sig.situations.some((s) => frame.situations.includes(s))) m *= 2
    else if (frame.situations.length > 0) m *= 0.3
    else m *= 0.7
  } else if (frame.situations.length > 0 && domain === 'tatica') m *= 0.6
  if (sig.conditions) {
    if (sig.conditions.some((c) => frame.conditions.includes(c))) m *= 1.8
    else m *= 0.45
    // "o sol bate na cara de tarde": the whole game in the sun, not the serve in it.
    if (sig.stroke && !stroke) m *= 0.6
  }
  if (sig.bodyPart) {
    // "bola na altura do ombro" names the body without pain: not a question about the shoulder.
    if (frame.bodyPart === sig.bodyPart) m *= frame.pain ? 2 : 0.6
    else if (frame.bodyPart) return 0
  }
  return m
}

/** Candidates read again with what the message named: what contradicts it leaves. */
export function bindFrame(c: Classification, frame: Frame): Classification {
  const [top] = c.candidates
  if (!top) return c
  const named =
    frame.strokes.length > 0 ||
    frame.problem !== undefined ||
    frame.situations.length > 0 ||
    frame.conditions.length > 0 ||
    frame.aspects.length > 0 ||
    frame.bodyPart !== undefined ||
    frame.rule ||
    frame.gear ||
    frame.feeling ||
    c.candidates.slice(0, 3).some((cand) => signatureOf(cand.intent).needs !== undefined)
  if (!named) return c
  const scored = c.candidates
    .filter((cand) => cand.intent.domain !== 'conversa')
    .map((cand) => ({
      ...cand,
      score: cand.score * fit(signatureOf(cand.intent), frame, cand.intent.domain),
    }))
    .filter((cand) => cand.score > 0)
  // A question of the named stroke that retrieval did not bring: found by its signature alone.
  const best = bestBySignature(frame)
  if (best) {
    const floor = top.score * 0.9 * best.fitness
    const found = scored.find((s) => s.intent.id === best.intent.id)
    if (!found) scored.push({ ...best, score: floor })
    else found.score = Math.max(found.score, floor)
  }
  scored.sort((a, b) => b.score - a.score)
  const chat = c.candidates.filter((cand) => cand.intent.domain === 'conversa')
  return { ...c, candidates: scored.length > 0 ? [...scored, ...chat] : c.candidates }
}

/** The question whose signature fits the frame best, when it fits clearly. */
export function bestBySignature(frame: Frame): (Candidate & { fitness: number }) | undefined {
  const { stroke } = mainStroke(frame)
  if (frame.rule || (!stroke && frame.situations.length === 0 && !frame.bodyPart)) return undefined
  let best: { intent: Intent; fitness: number } | undefined
  for (const intent of INTENTS) {
    if (intent.domain === 'conversa') continue
    const sig = signatureOf(intent)
    // Only questions about what the message named: its stroke, its moment or its body part.
    const about =
      (stroke !== undefined && sig.stroke !== undefined) ||
      (frame.situations.length > 0 && sig.situations !== undefined) ||
      (frame.bodyPart !== undefined && sig.bodyPart !== undefined)
    if (!about) continue
    const fitness = fit(sig, frame, intent.domain)
    if (fitness > (best?.fitness ?? 1.4)) best = { intent, fitness }
  }
  return best
    ? { intent: best.intent, score: 0, coverage: 0.5, evidence: 0, fitness: best.fitness }
    : undefined
}
