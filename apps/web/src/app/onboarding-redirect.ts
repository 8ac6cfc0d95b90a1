import type { OnboardingStatus, Role } from '@areia/contracts/enums'
import { landingPath } from '../lib/auth/landing'

/**
 * The onboarding guard: where a user on `pathname` must go, or null to stay. Finished (or
 * finishing) onboarding leaves `/` for the chat; unfinished onboarding keeps the user on `/`.
 * Staff opening `/` (the player's onboarding, or the way to the chat) go to their console
 * instead; they still reach the chat and the other player pages from the menu.
 */
export function onboardingRedirect(
  user: { onboarding_status: OnboardingStatus; role: Role } | null,
  pathname: string,
): string | null {
  if (!user) return null
  const atRoot = pathname === '/'
  if (atRoot && user.role !== 'USER') return landingPath(user)
  switch (user.onboarding_status) {
    case 'COMPLETED':
    case 'INTRODUCTION_PENDING':
      return atRoot ? '/chat' : null
    case 'NOT_STARTED':
    case 'IN_PROGRESS':
      return atRoot ? null : '/'
  }
}
