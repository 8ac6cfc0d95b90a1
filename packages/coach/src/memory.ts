import { normalize } from './text'

const INJURY_PARTS: Array<[string, RegExp]> = [
  ['ombro', /\bombro/],
  ['cotovelo', /\bcotovelo/],
  ['tornozelo', /\btornozelo/],
  ['joelho', /\bjoelho/],
  ['lombar', /\b(lombar|coluna|costas)/],
  ['punho', /\b(punho|pulso)/],
]

const FIRST_PERSON_PAIN =
  /\b(tenho|tive|sinto|senti|estou com|to com|ando com|meu|minha)\b.{0,40}\b(dor|doi|doendo|lesao|tendinite|inflama|machuc|entorse|torci)|\b(dor|doi|doendo|lesao|tendinite)\b.{0,20}\b(meu|minha|no|na)\b/

/** "lembre que…", "anota aí que…", "não esquece que…": the player asks the team to remember. */
const REMEMBER =
  /^(?:.*?\b)?(?:lembr[ae]|anot[ae](?: ai)?|nao esquec[ae]|guard[ae])\s+(?:de\s+)?que\s+(.{3,280})$/i

/**
 * Facts worth remembering in a player's own message: a pain or injury they say they have, and
 * anything they explicitly ask the team to remember. Short pt-BR lines, no duplicates.
 */
export function factsFromMessage(text: string): string[] {
  const facts: string[] = []
  const normalized = normalize(text)
  if (FIRST_PERSON_PAIN.test(normalized)) {
    for (const [part, re] of INJURY_PARTS)
      if (re.test(normalized)) facts.push(`Relatou dor ou lesão: ${part}.`)
  }
  // The original wording (accents and case) is what the player will read on the memory screen.
  const plain = text.trim().replace(/\s+/g, ' ')
  const match = REMEMBER.exec(
    plain
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  )
  if (match?.[1]) {
    const start = plain.length - match[1].length
    const fact = plain.slice(start).replace(/[.!\s]+$/, '')
    facts.push(`${fact.charAt(0).toUpperCase()}${fact.slice(1)}.`)
  }
  return [...new Set(facts)]
}
