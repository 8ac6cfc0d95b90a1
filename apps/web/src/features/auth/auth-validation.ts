import { PASSWORD_MIN_LENGTH } from '@areia/contracts/auth'

/**
 * The sign-in and sign-up forms check their fields themselves (the browser's own bubbles speak
 * the browser's language), and say what is wrong next to the field.
 */

export const EMAIL_REQUIRED = 'Informe seu e-mail.'
export const EMAIL_INVALID = 'Digite um e-mail válido, como nome@exemplo.com.'
export const PASSWORD_REQUIRED = 'Informe sua senha.'
export const NEW_PASSWORD_REQUIRED = 'Crie uma senha.'
export const PASSWORD_SHORT = `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`
export const CONFIRM_REQUIRED = 'Repita a senha.'

// The shape browsers accept for type="email": something@domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailProblem(value: string): string | null {
  const email = value.trim()
  if (!email) return EMAIL_REQUIRED
  return EMAIL_SHAPE.test(email) ? null : EMAIL_INVALID
}

export function newPasswordProblem(value: string): string | null {
  if (!value) return NEW_PASSWORD_REQUIRED
  return value.length < PASSWORD_MIN_LENGTH ? PASSWORD_SHORT : null
}

export type AuthErrors<K extends string> = Partial<Record<K, string>>

/** Only the problems found, so an empty object means the form may go. */
export function found<K extends string>(checks: Record<K, string | null>): AuthErrors<K> {
  return Object.fromEntries(
    Object.entries(checks).filter(([, message]) => message !== null),
  ) as AuthErrors<K>
}

/** A field's error goes as soon as the player edits that field. */
export function without<K extends string>(errors: AuthErrors<K>, key: K): AuthErrors<K> {
  if (!(key in errors)) return errors
  const next = { ...errors }
  delete next[key]
  return next
}
