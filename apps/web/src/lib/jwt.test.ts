import { describe, expect, it } from 'vitest'
import { fakeJwt } from '../test/helpers'
import { isTokenExpired, readTokenExp } from './jwt'

const NOW = Date.UTC(2025, 8, 3, 12, 0, 0)
const nowSeconds = NOW / 1000

describe('isTokenExpired (no exp, or exp ≤ now + 10 s)', () => {
  it('treats a missing token as expired', () => {
    expect(isTokenExpired(null, NOW)).toBe(true)
    expect(isTokenExpired('', NOW)).toBe(true)
  })

  it('treats a token without exp or with a malformed payload as expired', () => {
    expect(isTokenExpired(fakeJwt({ sub: 'u1' }), NOW)).toBe(true)
    expect(isTokenExpired(fakeJwt({ exp: 'soon' }), NOW)).toBe(true)
    expect(isTokenExpired('not-a-jwt', NOW)).toBe(true)
    expect(isTokenExpired('a.%%%.c', NOW)).toBe(true)
  })

  it('expires exactly at the 10 second margin, not one second later', () => {
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds + 10 }), NOW)).toBe(true)
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds + 11 }), NOW)).toBe(false)
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds - 1 }), NOW)).toBe(true)
  })

  it('reads exp from a base64url payload with non-ASCII claims', () => {
    const token = fakeJwt({ exp: 1_756_900_000, name: 'João' })
    expect(readTokenExp(token)).toBe(1_756_900_000)
  })
})
