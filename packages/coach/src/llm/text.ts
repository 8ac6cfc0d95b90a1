/** Lower case without accents, so patterns match however the model wrote it. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Sentences of a folded text: list items and line breaks end one too. */
export const sentencesOf = (folded: string) =>
  folded
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** A word that turns what follows into its opposite, a few words before it. */
const DENIAL =
  /\b(nao|nunca|sem|jamais|nem|proibid[oa]|nenhum|nenhuma|evite|evitar|nada de|impossivel|nao ha|nao tem|nao existe|em vez de|ao inves de|no lugar de)\b(?:\s+\S+){0,2}\s*$/

/** Whether the words right before `index` deny what is said there ("não pode quicar"). */
export function deniedAt(sentence: string, index: number, also?: RegExp): boolean {
  // A denial does not reach past a comma or a colon: "não exatamente: sou o Heitor".
  const before =
    sentence
      .slice(0, index)
      .split(/[,:;—–]/)
      .at(-1) ?? ''
  return DENIAL.test(before) || (also?.test(before) ?? false)
}

/**
 * Every match of `re` in `sentence` that is not denied right before it; `also` names more words
 * that deny it in that rule ("antes de quicar").
 */
export function affirmed(sentence: string, re: RegExp, also?: RegExp): RegExpMatchArray[] {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)
  return [...sentence.matchAll(global)].filter((m) => !deniedAt(sentence, m.index ?? 0, also))
}
