import { describe, expect, it } from 'vitest'
import { onboardingRedirect } from './onboarding-redirect'

describe('onboardingRedirect', () => {
  it('never redirects without a user', () => {
    expect(onboardingRedirect(null, '/')).toBeNull()
    expect(onboardingRedirect(null, '/chat')).toBeNull()
  })

  it.each(['COMPLETED', 'INTRODUCTION_PENDING'] as const)(
    '%s: / goes to /chat, other routes stay',
    (status) => {
      const user = { onboarding_status: status, role: 'USER' as const }
      expect(onboardingRedirect(user, '/')).toBe('/chat')
      expect(onboardingRedirect(user, '/chat')).toBeNull()
      expect(onboardingRedirect(user, '/password')).toBeNull()
    },
  )

  it.each(['NOT_STARTED', 'IN_PROGRESS'] as const)('%s: every route but / goes to /', (status) => {
    const user = { onboarding_status: status, role: 'USER' as const }
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

  it.each(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED'] as const)(
    '%s: staff opening / go to their console',
    (status) => {
      expect(onboardingRedirect({ onboarding_status: status, role: 'ANALYST' }, '/')).toBe(
        '/analista',
      )
      expect(onboardingRedirect({ onboarding_status: status, role: 'ADMIN' }, '/')).toBe('/admin')
    },
  )

  it('lets onboarded staff open the chat and the other player pages', () => {
    const analyst = { onboarding_status: 'COMPLETED', role: 'ANALYST' } as const
    expect(onboardingRedirect(analyst, '/chat')).toBeNull()
    expect(onboardingRedirect(analyst, '/videos')).toBeNull()
  })
})
