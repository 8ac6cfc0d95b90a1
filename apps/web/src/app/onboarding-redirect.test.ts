import { describe, expect, it } from 'vitest'
import { onboardingRedirect } from './onboarding-redirect'

describe('onboardingRedirect (SPEC §4)', () => {
  it('never redirects without a user', () => {
    expect(onboardingRedirect(null, '/')).toBeNull()
    expect(onboardingRedirect(null, '/chat')).toBeNull()
  })

  it.each(['COMPLETED', 'INTRODUCTION_PENDING'] as const)(
    '%s: / goes to /chat, other routes stay',
    (status) => {
      const user = { onboarding_status: status }
      expect(onboardingRedirect(user, '/')).toBe('/chat')
      expect(onboardingRedirect(user, '/chat')).toBeNull()
      expect(onboardingRedirect(user, '/password')).toBeNull()
    },
  )

  it.each(['NOT_STARTED', 'IN_PROGRESS'] as const)('%s: every route but / goes to /', (status) => {
    const user = { onboarding_status: status }
    expect(onboardingRedirect(user, '/')).toBeNull()
    for (const path of [
      '/chat',
      '/videos',
      '/password',
      '/delete-account',
      '/pagamento',
      '/meu-plano',
    ]) {
      expect(onboardingRedirect(user, path)).toBe('/')
    }
  })
})
