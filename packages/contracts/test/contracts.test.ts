import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { discountedCents, isValidCpf, LoginBody, ProfileUpdateBody, RegisterBody } from '../src'

describe('isValidCpf', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true)
  })
  it.each(['529.982.247-26', '111.111.111-11', '1234567890', ''])('refuses %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false)
  })
})

describe('credentials', () => {
  it('normalise the e-mail to lower case, trimmed', () => {
    expect(RegisterBody.parse({ email: ' Ana@Ex.COM ', password: 'segredo' }).email).toBe(
      'ana@ex.com',
    )
    expect(LoginBody.parse({ username: 'Ana@Ex.COM', password: 'x' }).username).toBe('ana@ex.com')
  })
  it('refuse a password under 6 characters with the pt-BR message', () => {
    const r = RegisterBody.safeParse({ email: 'a@b.co', password: '12345' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('A senha deve ter pelo menos 6 caracteres.')
  })
})

describe('ProfileUpdateBody', () => {
  it('turns empty strings into null and keeps absent keys absent', () => {
    expect(ProfileUpdateBody.parse({ address_complement: '  ', tax_id: '' })).toEqual({
      address_complement: null,
      tax_id: null,
    })
  })
  it('refuses unknown keys (no mass assignment)', () => {
    expect(ProfileUpdateBody.safeParse({ role: 'ADMIN' }).success).toBe(false)
  })
})

describe('discountedCents (price × (1 − percent/100))', () => {
  const price = fc.integer({ min: 0, max: 10_000_000 })
  const percent = fc.integer({ min: 0, max: 100 })

  it('stays between zero and the price, whole centavos', () => {
    fc.assert(
      fc.property(price, percent, (p, pct) => {
        const d = discountedCents(p, pct)
        return Number.isInteger(d) && d >= 0 && d <= p
      }),
    )
  })

  it('never rises as the discount grows', () => {
    fc.assert(
      fc.property(price, percent, percent, (p, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        return discountedCents(p, hi) <= discountedCents(p, lo)
      }),
    )
  })

  it('is within half a centavo of the exact formula', () => {
    // Compared in hundredths of a centavo, in integers: floats blur the half-centavo line.
    fc.assert(
      fc.property(
        price,
        percent,
        (p, pct) => Math.abs(100 * discountedCents(p, pct) - p * (100 - pct)) <= 50,
      ),
    )
  })

  it('matches the catalogue examples', () => {
    expect(discountedCents(5990, 10)).toBe(5391)
    expect(discountedCents(59900, null)).toBe(59900)
    expect(discountedCents(11990, 100)).toBe(0)
  })
})
