import { z } from 'zod'

/** At least 6 characters; the upper bound keeps hashing cheap to refuse. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 256

export const Email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail longo demais.' })
  .pipe(z.email({ error: 'Informe um e-mail válido.' }))

export const Password = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  })
  .max(PASSWORD_MAX_LENGTH, { error: 'Senha longa demais.' })

export const RegisterBody = z.object({ email: Email, password: Password })
export type RegisterBody = z.infer<typeof RegisterBody>

export const RegisterResponse = z.object({
  id: z.string(),
  email: z.string(),
  message: z.string(),
})
export type RegisterResponse = z.infer<typeof RegisterResponse>

/** Sent form-urlencoded, OAuth2 password-grant style. */
export const LoginBody = z.object({
  username: z.string({ error: 'Informe o e-mail.' }).trim().toLowerCase().min(1, {
    error: 'Informe o e-mail.',
  }),
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, { error: 'Informe a senha.' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Senha longa demais.' }),
  /** The proof of work an account past its failure limit asks for (see LoginChallenge). */
  challenge: z.string().max(300).optional(),
  nonce: z.string().max(64).optional(),
})
export type LoginBody = z.infer<typeof LoginBody>

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int(),
})
export type TokenPair = z.infer<typeof TokenPair>

export const RefreshBody = z.object({
  refresh_token: z
    .string({ error: 'Sem refresh_token para renovar a sessão.' })
    .min(1, { error: 'Sem refresh_token para renovar a sessão.' })
    .max(512),
})
export type RefreshBody = z.infer<typeof RefreshBody>

export const LogoutBody = z
  .object({ refresh_token: z.string().max(512).optional() })
  .optional()
  .default({})
export type LogoutBody = z.infer<typeof LogoutBody>

export const PasswordChangeBody = z.object({
  current_password: z
    .string({ error: 'Informe a senha atual.' })
    .min(1, { error: 'Informe a senha atual.' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Senha longa demais.' }),
  new_password: z
    .string({ error: 'Informe a nova senha.' })
    .min(PASSWORD_MIN_LENGTH, {
      error: `A nova senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    })
    .max(PASSWORD_MAX_LENGTH, { error: 'Senha longa demais.' }),
})
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>

/** "Esqueci minha senha": the same answer whether or not an account has this address. */
export const PasswordResetRequestBody = z.object({ email: Email })
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>

const LinkToken = z
  .string({ error: 'Link inválido.' })
  .min(16, { error: 'Link inválido.' })
  .max(128, { error: 'Link inválido.' })

export const PasswordResetBody = z.object({ token: LinkToken, new_password: Password })
export type PasswordResetBody = z.infer<typeof PasswordResetBody>

export const EmailConfirmBody = z.object({ token: LinkToken })
export type EmailConfirmBody = z.infer<typeof EmailConfirmBody>

/** A new address for the account; it takes effect once confirmed from that address. */
export const EmailChangeBody = z.object({
  email: Email,
  /** Proves the request comes from the owner (accounts with a password). */
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
})
export type EmailChangeBody = z.infer<typeof EmailChangeBody>

/**
 * After too many failed logins for an account, a login must carry the answer to a proof of
 * work: `challenge` as given in the 429 answer, and `nonce` such that the SHA-256 of
 * `challenge:nonce` starts with `difficulty` zero bits.
 */
export const LoginChallenge = z.object({
  challenge: z.string().min(16).max(200),
  difficulty: z.number().int().min(1).max(32),
})
export type LoginChallenge = z.infer<typeof LoginChallenge>

/** 429 of a login that must first prove its work: the message and the challenge to solve. */
export const LoginChallengeRequired = z.object({
  detail: z.string(),
  code: z.literal('login_challenge'),
  challenge: LoginChallenge,
})
export type LoginChallengeRequired = z.infer<typeof LoginChallengeRequired>
