import { describe, expect, it } from 'vitest'
import { AccessTokens } from '../src/modules/auth/tokens'

const secret = new TextEncoder().encode('chave-de-teste-dos-tokens-de-acesso-0123456789')
const claims = { userId: 'u1', sessionId: 's1', role: 'USER' as const }
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, seconds))

describe('access tokens', () => {
  it('accepts a token until the second it expires, also once it has been checked before', async () => {
    const tokens = new AccessTokens(secret, 60)
    const token = await tokens.sign(claims, at(0))
    expect(await tokens.verify(token, at(1))).toEqual(claims)
    expect(await tokens.verify(token, at(59))).toEqual(claims)
    expect(await tokens.verify(token, at(60))).toBeNull()
    expect(await tokens.verify(token, at(30))).toEqual(claims)
  })

  it('never takes a token with another signature for one it has checked', async () => {
    const tokens = new AccessTokens(secret, 60)
    const token = await tokens.sign(claims, at(0))
    expect(await tokens.verify(token, at(1))).toEqual(claims)
    const [header, payload, signature] = token.split('.')
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
    expect(await tokens.verify(`${header}.${payload}.${flipped}`, at(1))).toBeNull()
    const other = new AccessTokens(new TextEncoder().encode('outra-chave'.padEnd(48, '!')), 60)
    expect(await other.verify(token, at(1))).toBeNull()
  })
})
