import { vi } from 'vitest'

/**
 * `vi.waitFor` for a yes-or-no check: retried until it answers true. Generous by default: on a
 * busy two-core machine a job or an e-mail can lag well behind what started it.
 */
export function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeout = 45_000,
): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time')
    },
    { timeout, interval: 100 },
  )
}
