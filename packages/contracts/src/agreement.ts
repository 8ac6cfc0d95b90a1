import type { DominantHand, Gender } from './enums'

/**
 * Portuguese agreement in one place, for the web and the coach engine alike. Masculine is the
 * language's default when the player did not say (or chose not to); only FEMALE turns a word.
 */
export function byGender(gender: Gender | null | undefined, masculine: string, feminine: string) {
  return gender === 'FEMALE' ? feminine : masculine
}

/** Fills `[[masculino|feminino]]` marks with the form that agrees with the player's gender. */
export function fillAgreement(text: string, gender: Gender | null | undefined): string {
  return text.replace(/\[\[([^|\]]*)\|([^\]]*)\]\]/g, (_, masculine: string, feminine: string) =>
    byGender(gender, masculine, feminine),
  )
}

/** "o 2º jogador" / "a 2ª jogadora": a player's place on court with its article. */
export function playerOrdinal(position: number, gender: Gender | null | undefined): string {
  return byGender(gender, `o ${position}º jogador`, `a ${position}ª jogadora`)
}

/**
 * "Destro" / "Destra"; when the gender is unknown a label cannot pick a form without guessing,
 * so it shows both ("Destro(a)"), which is how pt-BR forms write it.
 */
export function handLabel(hand: DominantHand, gender: Gender | null | undefined): string {
  const [masculine, feminine] = hand === 'RIGHT' ? ['Destro', 'Destra'] : ['Canhoto', 'Canhota']
  if (gender === 'FEMALE') return feminine
  if (gender === 'MALE') return masculine
  return `${masculine}(${feminine.slice(-1)})`
}

/** "1 jogador pagante", "2 jogadores pagantes", "0 jogadores pagantes": a count and its noun. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : plural}`
}
