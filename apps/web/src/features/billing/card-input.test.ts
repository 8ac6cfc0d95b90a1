import { describe, expect, it } from 'vitest'
import {
  cardAdvice,
  cardMissing,
  clearError,
  REQUIRED_FIELD,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import { applyCep, billingAdvice, billingFromUser, billingMissing } from './card-form'
import {
  cardBrand,
  CEP_ADVICE,
  CPF_ADVICE,
  cvvAdvice,
  EXPIRED_ADVICE,
  maskCardNumber,
  maskCpf,
  MONTH_ADVICE,
  NUMBER_ADVICE,
  UF_ADVICE,
  YEAR_ADVICE,
} from './card-input'
import { lookupCep, UFS } from './cep-regions'

const NOW = new Date('2026-11-26T12:00:00Z')

describe('masks', () => {
  it('writes the CPF as Brazilians read it, whatever was typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25')
    expect(maskCpf('5299')).toBe('529.9')
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25')
  })

  it('groups the card number by four, Amex as 4-6-5, and stops at the longest number', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111')
    expect(maskCardNumber('378282246310005')).toBe('3782 822463 10005')
    expect(maskCardNumber('3782822463100059999')).toBe('3782 822463 10005')
    expect(maskCardNumber('41a1')).toBe('411')
  })
})

describe('card brand', () => {
  it.each([
    ['4111111111111111', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['6362970000457013', 'Elo'],
    ['6062825624254001', 'Hipercard'],
  ])('recognises %s as %s', (number, label) => {
    expect(cardBrand(number)?.label).toBe(label)
  })

  it('names no brand before the digits decide one', () => {
    expect(cardBrand('')).toBeNull()
    expect(cardBrand('0')).toBeNull()
  })
})

describe('card checks', () => {
  const good: CardFields = {
    number: '4111 1111 1111 1111',
    holder: 'ANA SOUZA',
    exp_month: '12',
    exp_year: '2029',
    cvv: '123',
  }

  it('holds the card back only for the empty fields', () => {
    expect(cardMissing(good)).toEqual({})
    expect(cardMissing({ ...good, number: '4111 1111 1111 1112', exp_month: '13' })).toEqual({})
    expect(cardMissing({ ...good, holder: ' ', exp_year: '', cvv: '' })).toEqual({
      holder: REQUIRED_FIELD,
      exp_year: REQUIRED_FIELD,
      cvv: REQUIRED_FIELD,
    })
  })

  it('advises, in Portuguese, on what looks like a typo, and says nothing of empty fields', () => {
    expect(cardAdvice(good, NOW)).toEqual({})
    expect(cardAdvice({ ...good, number: '4111 1111 1111 1112' }, NOW)).toEqual({
      number: NUMBER_ADVICE,
    })
    expect(cardAdvice({ ...good, exp_month: '13' }, NOW)).toEqual({ exp_month: MONTH_ADVICE })
    expect(cardAdvice({ ...good, exp_year: '29' }, NOW)).toEqual({ exp_year: YEAR_ADVICE })
    expect(cardAdvice({ ...good, exp_month: '10', exp_year: '2026' }, NOW)).toEqual({
      exp_year: EXPIRED_ADVICE,
    })
    // Still good through the last day of its month.
    expect(cardAdvice({ ...good, exp_month: '11', exp_year: '2026' }, NOW)).toEqual({})
    expect(cardAdvice({ ...good, number: '3782 822463 10005', cvv: '123' }, NOW)).toEqual({
      cvv: cvvAdvice(4),
    })
    expect(cardAdvice({ ...good, number: '', exp_month: '', cvv: '' }, NOW)).toEqual({})
  })

  it('drops one field error when that field changes, and keeps the others', () => {
    const errors: FieldErrors<keyof CardFields> = {
      number: REQUIRED_FIELD,
      cvv: REQUIRED_FIELD,
    }
    expect(clearError(errors, 'number')).toEqual({ cvv: REQUIRED_FIELD })
    expect(clearError(errors, 'holder')).toBe(errors)
  })
})

describe('billing checks', () => {
  const filled = {
    ...billingFromUser(null),
    name: 'Ana Souza',
    tax_id: '529.982.247-25',
    address_street: 'Rua A',
    address_number: '10',
    address_city: 'Niterói',
    address_region_code: 'RJ',
    address_postal_code: '24020000',
  }

  it('holds the payment back only for the empty required fields', () => {
    expect(billingMissing(filled)).toEqual({})
    expect(
      billingMissing({ ...filled, tax_id: '111.111.111-11', address_region_code: 'XX' }),
    ).toEqual({})
    expect(billingMissing({ ...filled, name: '', address_postal_code: ' ' })).toEqual({
      name: REQUIRED_FIELD,
      address_postal_code: REQUIRED_FIELD,
    })
  })

  it('advises on the CPF digits, the CEP length and the UF without blocking', () => {
    expect(billingAdvice(filled)).toEqual({})
    expect(
      billingAdvice({
        ...filled,
        tax_id: '111.111.111-11',
        address_postal_code: '2402',
        address_region_code: 'XX',
      }),
    ).toEqual({
      tax_id: CPF_ADVICE,
      address_postal_code: CEP_ADVICE,
      address_region_code: UF_ADVICE,
    })
  })

  it('prefills the name last given for billing, else the account’s, and the CEP as digits', () => {
    type U = Parameters<typeof billingFromUser>[0]
    expect(billingFromUser(null).name).toBe('')
    const billed = { name: 'Aninha', profile: { billing_name: 'Ana Souza' } } as U
    expect(billingFromUser(billed).name).toBe('Ana Souza')
    const fresh = { name: 'Aninha', profile: { billing_name: null } } as U
    expect(billingFromUser(fresh).name).toBe('Aninha')
    const user = { profile: { address_postal_code: '22010-000' } } as U
    expect(billingFromUser(user).address_postal_code).toBe('22010000')
  })
})

describe('CEP lookup', () => {
  it('knows every state and the big cities from the first five digits', () => {
    expect(UFS).toHaveLength(27)
    expect(lookupCep('01310-100')).toEqual({ uf: 'SP', city: 'São Paulo' })
    expect(lookupCep('13010-000')).toEqual({ uf: 'SP', city: null })
    expect(lookupCep('22041-001')).toEqual({ uf: 'RJ', city: 'Rio de Janeiro' })
    expect(lookupCep('70040-010')).toEqual({ uf: 'DF', city: 'Brasília' })
    expect(lookupCep('72850-000')).toEqual({ uf: 'GO', city: null })
    expect(lookupCep('69301-000')).toEqual({ uf: 'RR', city: null })
    expect(lookupCep('69900-000')).toEqual({ uf: 'AC', city: null })
    expect(lookupCep('90010-000')).toEqual({ uf: 'RS', city: 'Porto Alegre' })
    expect(lookupCep('0131')).toBeNull()
    expect(lookupCep('00500-000')).toBeNull()
  })

  it('fills UF and city, replaces what the last CEP filled, and keeps what was typed', () => {
    const empty = billingFromUser(null)
    const sp = applyCep(empty, '01310100')
    expect(sp).toMatchObject({ address_region_code: 'SP', address_city: 'São Paulo' })
    const campinas = applyCep(sp, '13010000')
    expect(campinas).toMatchObject({ address_region_code: 'SP', address_city: '' })
    const typed = applyCep(
      { ...empty, address_city: 'Niterói', address_region_code: 'RJ' },
      '01310100',
    )
    expect(typed).toMatchObject({ address_region_code: 'RJ', address_city: 'Niterói' })
  })
})
