import { isValidCpf } from '@areia/contracts/users'
import cardValidator from 'card-validator'
import { UFS } from './cep-regions'

/**
 * Masks and advice for the card and billing fields, as pure functions of what was typed: the
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

/*
 * Advice, never a refusal: the form only insists on the required fields and lets the payment
 * provider judge the rest, so these lines help the player spot a typo without blocking the
 * payment. Each takes a filled field (an empty one is the required check's) and says null when
 * nothing looks off.
 */
export const NUMBER_ADVICE = 'Confira o número: ele não parece um cartão válido.'
export const MONTH_ADVICE = 'Confira o mês: use dois dígitos, de 01 a 12.'
export const YEAR_ADVICE = 'Confira o ano: use os quatro dígitos, como 2030.'
export const EXPIRED_ADVICE = 'Confira a validade: este cartão parece vencido.'
export const cvvAdvice = (size: number) => `Confira o CVV: ele costuma ter ${size} dígitos.`
export const CPF_ADVICE = 'Confira o CPF: estes dígitos não parecem de um CPF válido.'
export const CEP_ADVICE = 'Confira o CEP: ele costuma ter 8 dígitos.'
export const UF_ADVICE = 'Confira a UF: use a sigla do estado, como SP.'

export function numberAdvice(value: string): string | null {
  return recognise(value).isValid ? null : NUMBER_ADVICE
}

export function monthAdvice(month: string): string | null {
  return /^(0[1-9]|1[0-2])$/.test(month.trim()) ? null : MONTH_ADVICE
}

export function yearAdvice(year: string, month: string, now: Date): string | null {
  if (!/^\d{4}$/.test(year.trim())) return YEAR_ADVICE
  if (monthAdvice(month)) return null
  // A card is good through the last day of its month.
  const endOfMonth = new Date(Number(year), Number(month), 1)
  return endOfMonth <= now ? EXPIRED_ADVICE : null
}

export function cvvSizeAdvice(cvv: string, number: string): string | null {
  const size = cardBrand(number)?.cvvSize
  const d = digits(cvv)
  if (size) return d.length === size ? null : cvvAdvice(size)
  return d.length === 3 || d.length === 4 ? null : cvvAdvice(3)
}

export const cpfAdvice = (value: string) => (isValidCpf(value) ? null : CPF_ADVICE)
export const cepAdvice = (value: string) => (digits(value).length === 8 ? null : CEP_ADVICE)
export const ufAdvice = (value: string) =>
  UFS.includes(value.trim().toUpperCase()) ? null : UF_ADVICE
