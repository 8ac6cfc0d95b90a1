import type { OnboardingStatus } from '@areia/contracts/enums'

/**
 * SPEC §4 onboarding guard: where a user on `pathname` must go, or null to stay. Finished (or
 * finishing) onboarding leaves `/` for the chat; unfinished onboarding keeps the user on `/`.
 */
export function onboardingRedirect(
  user: { onboarding_status: OnboardingStatus } | null,
  pathname: string,
): string | null {
  if (!user) return null
  const atRoot = pathname === '/'
  switch (user.onboarding_status) {
    case 'COMPLETED':
    case 'INTRODUCTION_PENDING':
      return atRoot ? '/chat' : null
    case 'NOT_STARTED':
    case 'IN_PROGRESS':
      return atRoot ? null : '/'
  }
}
