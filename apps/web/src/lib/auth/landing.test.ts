import { describe, expect, it } from 'vitest'
import { landingPath } from './landing'

describe('landingPath', () => {
  it('sends staff to their console and everyone else to /', () => {
    expect(landingPath({ role: 'ADMIN' })).toBe('/admin')
    expect(landingPath({ role: 'ANALYST' })).toBe('/analista')
    expect(landingPath({ role: 'USER' })).toBe('/')
    expect(landingPath(null)).toBe('/')
  })
})
