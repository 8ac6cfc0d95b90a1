import type { Role } from '@areia/contracts/enums'

/**
 * Where a signed-in user starts: staff at their console (administrators at /admin, analysts at
 * /analista), everyone else at `/`, which leads on to the onboarding or the chat. Staff still
 * reach the player's pages from the menu.
 */
export function landingPath(user: { role: Role } | null): string {
  switch (user?.role) {
    case 'ADMIN':
      return '/admin'
    case 'ANALYST':
      return '/analista'
    default:
      return '/'
  }
}
