import { defineProject } from 'vitest/config'

/**
 * The fault suite (`npm run test:faults`, and part of `npm test`): real server processes killed
 * with SIGKILL, a private PostgreSQL restarted and a private Redis taken away under traffic.
 * Files run one at a time: each one kills and restarts processes on purpose.
 */
export default defineProject({
  test: {
    name: 'faults',
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    // Last, alone: nothing else runs while processes are killed.
    sequence: { groupOrder: 2 },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
})
