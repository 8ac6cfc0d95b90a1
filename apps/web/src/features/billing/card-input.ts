import { isValidCpf } from '@areia/contracts/users'
import cardValidator from 'card-validator'
import { UFS } from './cep-regions'

/**
 * Masks and checks of the card and billing fields, as pure functions of what was typed: the
 * fields keep the masked text, and only digits leave for the gateway.
 */

export const digits = (value: string) => value.replace(/\D/g, '')

/** 000.000.000-00 */
export function maskCpf(value: string): string {
  const d = digits(value).slice(0, 11)
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)]
    .filter(Boolean)
    .join('.')
    .concat(d.length > 9 ? `-${d.slice(9)}` : '')
}

/** 00000-000 */
export function maskCep(value: string): string {
  const d = digits(value).slice(0, 8)
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d
}

/** MM/AA: the slash comes once the month is typed. */
export function maskExpiry(value: string): string {
  const d = digits(value).slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d
}

export type CardBrand = { type: string; label: string; cvvSize: number }

const BRAND_LABEL: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  'american-express': 'Amex',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  'diners-club': 'Diners',
  discover: 'Discover',
  jcb: 'JCB',
}

type Recognised = {
  brand: CardBrand | null
  gaps: number[]
  maxLength: number
  isValid: boolean
  isPotentiallyValid: boolean
}

function recognise(value: string): Recognised {
  const d = digits(value)
  const result = cardValidator.number(d)
  // Several brands can share the first digits; one is named only once the number is unambiguous.
  const card = result.card
  if (!card) {
    return { brand: null, gaps: [4, 8, 12], maxLength: 19, ...result }
  }
  return {
    brand: {
      type: card.type,
      label: BRAND_LABEL[card.type] ?? card.niceType,
      cvvSize: card.code.size,
    },
    gaps: card.gaps,
    maxLength: Math.max(...card.lengths),
    isValid: result.isValid,
    isPotentiallyValid: result.isPotentiallyValid,
  }
}

/** The brand recognised from the first digits, or null while none (or several) fit. */
export function cardBrand(value: string): CardBrand | null {
  return digits(value) ? recognise(value).brand : null
}

/** Groups of four, or the brand's own grouping (Amex 4-6-5), cut at the brand's longest number. */
export function maskCardNumber(value: string): string {
  const { gaps, maxLength } = recognise(value)
  const d = digits(value).slice(0, maxLength)
  let out = ''
  for (let i = 0; i < d.length; i++) {
    if (gaps.includes(i)) out += ' '
    out += d[i]
  }
  return out
}

/** Digits only, so the card field's mask never reaches the SDK. */
export const cardNumberDigits = digits

export const INVALID_CPF = 'CPF inválido. Confira os 11 dígitos.'
export const INVALID_CEP = 'Informe os 8 dígitos do CEP.'
export const INVALID_UF = 'Informe a sigla do estado, como SP.'
export const INVALID_CARD_NUMBER = 'Número do cartão inválido. Confira os dígitos.'
export const INVALID_EXPIRY = 'Validade inválida. Use mês e ano, como 08/29.'
export const EXPIRED_CARD = 'Este cartão está vencido.'
export const invalidCvv = (size: number) => `Informe os ${size} dígitos do CVV.`

/** The expiry as the gateway takes it: two-digit month and four-digit year. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const d = digits(value)
  if (d.length !== 4) return null
  const month = Number(d.slice(0, 2))
  if (month < 1 || month > 12) return null
  return { month: d.slice(0, 2), year: `20${d.slice(2)}` }
}

/** What is wrong with a filled field, or null; an empty field is the "required" check's. */
export function cardNumberProblem(value: string): string | null {
  return recognise(value).isValid ? null : INVALID_CARD_NUMBER
}

export function expiryProblem(value: string, now: Date): string | null {
  const expiry = parseExpiry(value)
  if (!expiry) return INVALID_EXPIRY
  // A card is good through the last day of its month.
  const endOfMonth = new Date(Number(expiry.year), Number(expiry.month), 1)
  return endOfMonth <= now ? EXPIRED_CARD : null
}

export function cvvProblem(cvv: string, number: string): string | null {
  const size = cardBrand(number)?.cvvSize
  const d = digits(cvv)
  if (size) return d.length === size ? null : invalidCvv(size)
  return d.length === 3 || d.length === 4 ? null : invalidCvv(3)
}

export const cpfProblem = (value: string) => (isValidCpf(value) ? null : INVALID_CPF)
export const cepProblem = (value: string) => (digits(value).length === 8 ? null : INVALID_CEP)
export const ufProblem = (value: string) =>
  UFS.includes(value.trim().toUpperCase()) ? null : INVALID_UF
