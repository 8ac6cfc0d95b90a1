import { defineProject } from 'vitest/config'

/** The same API suites against PostgreSQL (and Redis when REDIS_URL is set), as CI runs them. */
export default defineProject({
  test: {
    name: 'server-pg',
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.pglite.test.ts'],
    environment: 'node',
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'postgres' },
    globalSetup: ['test/helpers/pg-global-setup.ts'],
  },
})
