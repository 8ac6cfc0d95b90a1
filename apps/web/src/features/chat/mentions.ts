import type { ConversationMember } from '@areia/contracts/agents'

/** The `@word` being typed right before the caret, if any. */
export type ActiveMention = { start: number; query: string }

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

export function activeMention(text: string, caret: number): ActiveMention | null {
  const match = /(^|\s)@([\p{L}]*)$/u.exec(text.slice(0, caret))
  if (!match) return null
  const query = match[2] ?? ''
  return { start: caret - query.length - 1, query }
}

/** Members whose mention starts with what was typed (accents and case ignored). */
export function mentionOptions(
  members: readonly ConversationMember[],
  query: string,
  max = 8,
): ConversationMember[] {
  const q = fold(query)
  return members.filter((m) => fold(m.mention).startsWith(q)).slice(0, max)
}

/** The text with the `@query` under the caret replaced by the full mention, caret after it. */
export function applyMention(
  text: string,
  caret: number,
  active: ActiveMention,
  member: ConversationMember,
): { text: string; caret: number } {
  const head = `${text.slice(0, active.start)}@${member.mention}`
  // The rest of a word the caret was inside goes; punctuation and what follows stay.
  const rest = text.slice(caret).replace(/^[\p{L}]*/u, '')
  if (rest === '') return { text: `${head} `, caret: head.length + 1 }
  if (/^\s/.test(rest)) return { text: `${head}${rest}`, caret: head.length + 1 }
  return { text: `${head}${rest}`, caret: head.length }
}
