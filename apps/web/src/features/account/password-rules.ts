import { PASSWORD_MIN_LENGTH } from '@areia/contracts/auth'
import { DELETE_ACCOUNT_PHRASE } from '@areia/contracts/users'

export const FIELDS_REQUIRED_MESSAGE = 'Preencha todos os campos.'
export const PASSWORD_MISMATCH_MESSAGE = 'A nova senha e a confirmação não correspondem.'
export const PASSWORD_TOO_SHORT_MESSAGE = `A nova senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`

/** The change-password rules, in the order the player should fix them; null when valid. */
export function passwordChangeError(
  current: string,
  next: string,
  confirmation: string,
): string | null {
  if (!current || !next || !confirmation) return FIELDS_REQUIRED_MESSAGE
  if (next !== confirmation) return PASSWORD_MISMATCH_MESSAGE
  if (next.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE
  return null
}

export const DELETE_PHRASE = DELETE_ACCOUNT_PHRASE

export function isDeletePhrase(typed: string): boolean {
  return typed.toLowerCase() === DELETE_PHRASE
}
