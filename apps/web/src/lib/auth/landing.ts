import type { Role } from '@areia/contracts/enums'

/**
 * Where a signed-in user starts: administrators at their console, everyone else at `/`, which
 * leads on to the onboarding or the chat. An administrator still reaches the player's pages
 * from the menu.
 */
export function landingPath(user: { role: Role } | null): string {
  return user?.role === 'ADMIN' ? '/admin' : '/'
}
