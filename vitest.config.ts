import { defineConfig } from 'vitest/config'

// Each workspace that has tests owns its vitest config; this file only lists them. The
// PostgreSQL run of the server suites joins when DATABASE_URL is set (as CI sets it).
export default defineConfig({
  test: {
    projects: [
      '{packages/*,apps/*,e2e}/vitest.config.ts',
      'apps/server/vitest.faults.config.ts',
      ...(process.env.DATABASE_URL ? ['apps/server/vitest.pg.config.ts'] : []),
    ],
  },
})
