import type { Frame } from './frame'

/** The parts of a frame a follow-up can change. */
export type Change =
  'strokes' | 'role' | 'situations' | 'conditions' | 'level' | 'aspects' | 'problem'

/**
 * A follow-up read against the previous question: what it names replaces that part of the
 * previous frame ("e no vento?" adds the wind, "e de backhand?" changes the side, "e quando eu
 * saco?" the moment of the point), and the rest of the question stays as it was.
 */
export function mergeFrames(previous: Frame, next: Frame): { frame: Frame; changed: Change[] } {
  const changed: Change[] = []
  const frame: Frame = {
    ...previous,
    slots: { ...previous.slots, ...next.slots },
    text: `${previous.text} ${next.text}`,
  }
  // "e com vento a favor do sacador?" in a talk about the return names the serve already in it.
  if (next.strokes.length > 0 && !next.strokes.every((s) => previous.strokes.includes(s))) {
    const sides = next.strokes.every((s) => s === 'forehand' || s === 'backhand')
    // "e de backhand?" after a volley question: the backhand volley, not the groundstroke.
    frame.strokes = sides
      ? [...previous.strokes.filter((s) => s !== 'forehand' && s !== 'backhand'), ...next.strokes]
      : next.strokes
    changed.push('strokes')
  }
  if (next.role && next.role !== previous.role) {
    frame.role = next.role
    changed.push('role')
  }
  if (next.situations.length > 0) {
    frame.situations = next.situations
    changed.push('situations')
  }
  if (next.conditions.length > 0) {
    frame.conditions = next.conditions
    changed.push('conditions')
  }
  if (next.aspects.length > 0) {
    frame.aspects = next.aspects
    changed.push('aspects')
  }
  if (next.problem) {
    frame.problem = next.problem
    changed.push('problem')
  }
  if (next.level) {
    frame.level = next.level
    changed.push('level')
  }
  if (next.bodyPart) frame.bodyPart = next.bodyPart
  if (next.ask) frame.ask = next.ask
  frame.elliptical = false
  return { frame, changed }
}
