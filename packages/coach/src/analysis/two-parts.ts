import { type OwnQuestion, ownQuestion } from './ask'

/**
 * The second question of a message about the player's own report ("qual a velocidade do meu
 * saque? e onde caiu a maioria?"): the part after the first question, when it asks of another
 * figure or of something the report does not measure. `before` is the first part alone.
 */
export function laterOwnQuestion(
  message: string,
  first: OwnQuestion,
): { head: OwnQuestion; before: string; text: string; question: OwnQuestion } | null {
  const parts = message
    .split(/(?<=\?)\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length < 2) return null
  const [before, ...rest] = parts
  if (!before) return null
  const text = rest.join(' ')
  // Each part read alone, so one answer does not take the other part's words for its own.
  const head = ownQuestion(before, null) ?? first
  const question = ownQuestion(text, head.topic)
  if (!question) return null
  const same =
    question.topic === head.topic && (question.unmeasured ?? null) === (head.unmeasured ?? null)
  return same ? null : { head, before, text, question }
}
