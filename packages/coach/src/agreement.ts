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

/**
 * Words for the player's partner, agreeing with the partner the player told us about: a reply to
 * a player whose partner is a woman says "sua parceira", "da parceira", "ela", never "seu
 * parceiro". Generic mentions ("um parceiro", "parceiros") are left alone.
 */
const FEMININE: Array<[RegExp, string]> = [
  [/\b([Oo]) seu parceiro\b/g, '$1 sua parceira'],
  [/\b([Dd])o seu parceiro\b/g, '$1a sua parceira'],
  [/\b([Aa])o seu parceiro\b/g, 'à sua parceira'],
  [/\b([Nn])o seu parceiro\b/g, '$1a sua parceira'],
  [/\b([Pp])elo seu parceiro\b/g, '$1ela sua parceira'],
  [/\b([Ss])eu parceiro\b/g, '$1ua parceira'],
  [/\b([Tt])eu parceiro\b/g, '$1ua parceira'],
  [/\b([Dd])o parceiro\b/g, '$1a parceira'],
  [/\b([Aa])o parceiro\b/g, 'à parceira'],
  [/\b([Nn])o parceiro\b/g, '$1a parceira'],
  [/\b([Pp])elo parceiro\b/g, '$1ela parceira'],
  [/\bO parceiro\b/g, 'A parceira'],
  [/\bo parceiro\b/g, 'a parceira'],
  [/\b([Cc])om o parceiro\b/g, '$1om a parceira'],
]
const HE_SHE: Array<[RegExp, string]> = [
  [/\bcom ele\b/g, 'com ela'],
  [/\bpara ele\b/g, 'para ela'],
  [/\bpra ele\b/g, 'pra ela'],
  [/\bdele\b/g, 'dela'],
  [/\bnele\b/g, 'nela'],
  [/\bEle\b/g, 'Ela'],
  [/\bele\b/g, 'ela'],
]

export function partnerAgree(text: string, gender: 'MALE' | 'FEMALE' | null): string {
  if (gender !== 'FEMALE') return text
  return text
    .split(/(?<=[.!?:\n])/)
    .map((sentence) => {
      if (!/\bparceiro\b/.test(sentence)) return sentence
      let out = sentence
      for (const [re, to] of FEMININE) out = out.replace(re, to)
      for (const [re, to] of HE_SHE) out = out.replace(re, to)
      return out
    })
    .join('')
}
