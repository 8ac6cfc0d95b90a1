import type { PlayerProfile } from './types'
import type { CoachPersona } from './types'

/**
 * Fills the marks knowledge text may hold: `[[masculino|feminino]]` agrees with the player's
 * gender (masculine, the Portuguese default, when the player did not say), and `{forehand}` /
 * `{backhand}` name the side of the body for the player's hand.
 */
export function agree(text: string, profile: PlayerProfile): string {
  const female = profile.gender === 'FEMALE'
  const hand = profile.dominant_hand
  const side = (forehand: boolean) =>
    hand === 'LEFT' || hand === 'RIGHT'
      ? (hand === 'LEFT') === forehand
        ? 'esquerdo'
        : 'direito'
      : forehand
        ? 'do seu forehand'
        : 'do seu backhand'
  return text
    .replace(/\[\[([^|\]]*)\|([^\]]*)\]\]/g, (_, masculine: string, feminine: string) =>
      female ? feminine : masculine,
    )
    .replace(/\{forehand\}/g, side(true))
    .replace(/\{backhand\}/g, side(false))
}

/** "técnico"/"técnica", "mental", "estatístico"/"estatística": the role agreeing with the coach. */
export function roleWord(coach: Pick<CoachPersona, 'archetype' | 'persona'>): string {
  const she = coach.persona.pronoun === 'ela'
  switch (coach.archetype) {
    case 'TECNICO':
      return she ? 'técnica' : 'técnico'
    case 'MENTAL':
      return 'mental'
    case 'ESTATISTICO':
      return she ? 'estatística' : 'estatístico'
  }
}

/** "na categoria C", "na categoria iniciante"; null when the profile has no category. */
export function inCategory(profile: PlayerProfile): string | null {
  switch (profile.category) {
    case 'INICIANTE':
      return 'na categoria iniciante'
    case 'PROFISSIONAL':
      return 'no nível profissional'
    case 'D':
    case 'C':
    case 'B':
    case 'A':
      return `na categoria ${profile.category}`
    case null:
    case undefined:
      return null
  }
}
