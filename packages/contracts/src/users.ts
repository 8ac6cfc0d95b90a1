import { z } from 'zod'
import {
  DominantHand,
  Gender,
  OnboardingStatus,
  PaymentStatus,
  PlayerCategory,
  Role,
  UserStatus,
} from './enums'

/** The billing fields plus the coaching profile the coaches personalise from. */
export const Profile = z.object({
  selected_plan_name: z.string().nullable(),
  /**
   * The full name last typed in the billing form: the payer's name for the gateway. The app
   * greets the player by `name`, which the billing form never changes.
   */
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  address_street: z.string().nullable(),
  address_number: z.string().nullable(),
  address_complement: z.string().nullable(),
  address_neighborhood: z.string().nullable(),
  address_city: z.string().nullable(),
  address_region_code: z.string().nullable(),
  address_postal_code: z.string().nullable(),
  category: PlayerCategory.nullable(),
  height_cm: z.number().int().nullable(),
  dominant_hand: DominantHand.nullable(),
  gender: Gender.nullable(),
  goal: z.string().nullable(),
  /** What the goal is mostly about (COMPETIR, SUBIR_CATEGORIA, TECNICA, FISICO, MENTAL, LAZER). */
  goal_focus: z.string().nullable(),
  /** Training sessions a week, 0 (less than weekly) to 14. */
  training_per_week: z.number().int().nullable(),
  /** CBT age group code (SUB_14, MAIS_40…). */
  age_group: z.string().nullable(),
})
export type Profile = z.infer<typeof Profile>

export const UserStatusResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: Role,
  status: UserStatus,
  payment_status: PaymentStatus,
  onboarding_status: OnboardingStatus,
  profile: Profile,
  created_at: z.string(),
  /** False until the player opens the link sent to the address (a gentle banner asks). */
  email_verified: z.boolean(),
  /**
   * False for accounts that only sign in with Google: what asks for the password (deleting the
   * account) asks them for a fresh Google sign-in instead.
   */
  has_password: z.boolean(),
})
export type UserStatusResponse = z.infer<typeof UserStatusResponse>

/** What the player types to confirm deleting the account; case does not matter. */
export const DELETE_ACCOUNT_PHRASE = 'excluir minha conta'

/**
 * `DELETE /api/v1/users/me`: the typed phrase, and the password of an account that has one (an
 * account that only signs in with Google proves itself with a fresh Google sign-in instead).
 */
export const AccountDeletionBody = z.object({
  confirmation: z
    .string({ error: `Digite “${DELETE_ACCOUNT_PHRASE}” para confirmar.` })
    .max(100, { error: `Digite “${DELETE_ACCOUNT_PHRASE}” para confirmar.` })
    .refine((typed) => typed.toLowerCase() === DELETE_ACCOUNT_PHRASE, {
      error: `Digite “${DELETE_ACCOUNT_PHRASE}” para confirmar.`,
    }),
  password: z
    .string({ error: 'Senha inválida.' })
    .max(200, { error: 'Senha inválida.' })
    .optional(),
})
export type AccountDeletionBody = z.infer<typeof AccountDeletionBody>

const digitsOnly = (value: string) => value.replace(/\D/g, '')

/** CPF check digits (mod 11), so a typo is caught here rather than at the payment gateway. */
export function isValidCpf(value: string): boolean {
  const cpf = digitsOnly(value)
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  for (const size of [9, 10]) {
    let sum = 0
    for (let i = 0; i < size; i++) sum += (digits[i] ?? 0) * (size + 1 - i)
    const check = ((sum * 10) % 11) % 10
    if (check !== digits[size]) return false
  }
  return true
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .max(max, { error: `${label}: no máximo ${max} caracteres.` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

/**
 * `PUT /api/v1/profile/me`: every field is optional; a field left out keeps its value, `null`
 * or an empty string clears it. The billing form and onboarding both save through it.
 */
export const ProfileUpdateBody = z
  .object({
    name: text(120, 'Nome'),
    selected_plan_name: text(80, 'Plano'),
    tax_id: z
      .string({ error: 'CPF: informe um texto.' })
      .transform(digitsOnly)
      .refine((v) => v === '' || isValidCpf(v), { error: 'CPF inválido.' })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    address_street: text(160, 'Rua'),
    address_number: text(20, 'Número'),
    address_complement: text(80, 'Complemento'),
    address_neighborhood: text(80, 'Bairro'),
    address_city: text(80, 'Cidade'),
    address_region_code: z
      .string({ error: 'UF: informe a sigla do estado.' })
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), {
        error: 'UF: informe a sigla do estado com 2 letras (ex.: SP).',
      })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    address_postal_code: z
      .string({ error: 'CEP: informe somente números.' })
      .transform(digitsOnly)
      .refine((v) => v === '' || v.length === 8, { error: 'CEP: informe os 8 dígitos.' })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    category: PlayerCategory.nullable().optional(),
    height_cm: z
      .number({ error: 'Altura: informe um número em centímetros.' })
      .int({ error: 'Altura: informe um número inteiro em centímetros.' })
      .min(100, { error: 'Altura: informe um valor entre 100 e 230 cm.' })
      .max(230, { error: 'Altura: informe um valor entre 100 e 230 cm.' })
      .nullable()
      .optional(),
    dominant_hand: DominantHand.nullable().optional(),
    gender: Gender.nullable().optional(),
    goal: text(500, 'Objetivo'),
    goal_focus: text(40, 'Foco do objetivo'),
    training_per_week: z
      .number({ error: 'Treinos por semana: informe um número.' })
      .int()
      .min(0, { error: 'Treinos por semana: de 0 a 14.' })
      .max(14, { error: 'Treinos por semana: de 0 a 14.' })
      .nullable()
      .optional(),
    age_group: text(40, 'Faixa etária'),
  })
  .strict()
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>
