import { describe, expect, it } from 'vitest'
import {
  cardProblems,
  clearError,
  REQUIRED_FIELD,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import { applyCep, billingFromUser, billingProblems, formProblem } from './card-form'
import {
  cardBrand,
  EXPIRED_CARD,
  INVALID_CARD_NUMBER,
  INVALID_CEP,
  INVALID_CPF,
  INVALID_EXPIRY,
  INVALID_UF,
  invalidCvv,
  maskCardNumber,
  maskCep,
  maskCpf,
  maskExpiry,
  parseExpiry,
} from './card-input'
import { lookupCep, UFS } from './cep-regions'

const NOW = new Date('2026-11-26T12:00:00Z')

describe('masks', () => {
  it('writes the CPF, the CEP and the expiry as Brazilians read them, whatever was typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25')
    expect(maskCpf('5299')).toBe('529.9')
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25')
    expect(maskCep('01310100')).toBe('01310-100')
    expect(maskCep('0131')).toBe('0131')
    expect(maskExpiry('1229')).toBe('12/29')
    expect(maskExpiry('1')).toBe('1')
    expect(maskExpiry('12/2')).toBe('12/2')
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
  const good = { number: '4111 1111 1111 1111', holder: 'ANA SOUZA', expiry: '12/29', cvv: '123' }

  it('passes a good card and says what is wrong with a bad one, in Portuguese', () => {
    expect(cardProblems(good, NOW)).toEqual({})
    expect(cardProblems({ ...good, number: '4111 1111 1111 1112' }, NOW)).toEqual({
      number: INVALID_CARD_NUMBER,
    })
    expect(cardProblems({ ...good, expiry: '13/29' }, NOW)).toEqual({ expiry: INVALID_EXPIRY })
    expect(cardProblems({ ...good, expiry: '10/26' }, NOW)).toEqual({ expiry: EXPIRED_CARD })
    // Still good through the last day of its month.
    expect(cardProblems({ ...good, expiry: '11/26' }, NOW)).toEqual({})
    expect(cardProblems({ ...good, number: '3782 822463 10005', cvv: '123' }, NOW)).toEqual({
      cvv: invalidCvv(4),
    })
    expect(cardProblems({ ...good, holder: ' ', cvv: '' }, NOW)).toEqual({
      holder: REQUIRED_FIELD,
      cvv: REQUIRED_FIELD,
    })
  })

  it('reads the expiry as the gateway takes it', () => {
    expect(parseExpiry('08/29')).toEqual({ month: '08', year: '2029' })
    expect(parseExpiry('00/29')).toBeNull()
    expect(parseExpiry('8/2')).toBeNull()
  })

  it('drops one field error when that field changes, and keeps the others', () => {
    const errors: FieldErrors<keyof CardFields> = {
      number: INVALID_CARD_NUMBER,
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
    address_postal_code: '24020-000',
  }

  it('checks the CPF digits, the CEP length and the UF', () => {
    expect(billingProblems(filled)).toEqual({})
    expect(
      billingProblems({
        ...filled,
        tax_id: '111.111.111-11',
        address_postal_code: '2402',
        address_region_code: 'XX',
      }),
    ).toEqual({
      tax_id: INVALID_CPF,
      address_postal_code: INVALID_CEP,
      address_region_code: INVALID_UF,
    })
  })

  it('leads with the missing fields, else asks to check the highlighted ones', () => {
    expect(formProblem({})).toBeNull()
    expect(formProblem({ name: REQUIRED_FIELD, tax_id: INVALID_CPF })).toBe(
      'Preencha os campos obrigatórios destacados.',
    )
    expect(formProblem({ tax_id: INVALID_CPF })).toBe('Confira os campos destacados.')
  })

  it('never starts the full name with the nickname', () => {
    expect(billingFromUser(null).name).toBe('')
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
    const sp = applyCep(empty, '01310-100')
    expect(sp).toMatchObject({ address_region_code: 'SP', address_city: 'São Paulo' })
    const campinas = applyCep(sp, '13010-000')
    expect(campinas).toMatchObject({ address_region_code: 'SP', address_city: '' })
    const typed = applyCep(
      { ...empty, address_city: 'Niterói', address_region_code: 'RJ' },
      '01310-100',
    )
    expect(typed).toMatchObject({ address_region_code: 'RJ', address_city: 'Niterói' })
  })
})
