import { fillAgreement } from '@areia/contracts/agreement'
import { categoryText } from './profile'
import type { CoachPersona, PlayerProfile } from './types'

/**
 * Fills the marks knowledge text may hold: `[[masculino|feminino]]` agrees with the player's
 * gender (masculine, the Portuguese default, when the player did not say), and `{forehand}` /
 * `{backhand}` name the side of the body for the player's hand.
 */
export function agree(text: string, profile: PlayerProfile): string {
  const hand = profile.dominant_hand
  const side = (forehand: boolean) =>
    hand === 'LEFT' || hand === 'RIGHT'
      ? (hand === 'LEFT') === forehand
        ? 'esquerdo'
        : 'direito'
      : forehand
        ? 'do seu forehand'
        : 'do seu backhand'
  return fillAgreement(text, profile.gender)
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
  const text = categoryText(profile)
  if (text === null) return null
  if (text === 'profissional') return 'no nível profissional'
  return text.startsWith('categoria') ? `na ${text}` : `na categoria ${text}`
}
