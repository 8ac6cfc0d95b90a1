import { defineProject } from 'vitest/config'

/** API and store tests through the real app; one PGlite per worker, kept across files. */
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pglite' },
  },
})
