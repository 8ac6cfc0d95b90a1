import { describe, expect, it } from 'vitest'
import { landingPath } from './landing'

describe('landingPath', () => {
  it('sends administrators to the console and everyone else to /', () => {
    expect(landingPath({ role: 'ADMIN' })).toBe('/admin')
    expect(landingPath({ role: 'ANALYST' })).toBe('/')
    expect(landingPath({ role: 'USER' })).toBe('/')
    expect(landingPath(null)).toBe('/')
  })
})
