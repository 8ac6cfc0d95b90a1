import { defineConfig } from 'vitest/config'

// Each workspace that has tests owns its vitest config; this file only lists them. The
// PostgreSQL run of the server suites joins when DATABASE_URL is set (as CI sets it).
export default defineConfig({
  test: {
    // Unit and API files two at a time: each worker has its own database, data folder and Redis
    // namespace. The browser journeys and then the fault suite run after them, alone (their
    // projects set a later `sequence.groupOrder`): they time what a player waits for, and the
    // faults kill processes on purpose.
    maxWorkers: 2,
    projects: [
      '{packages/*,apps/*,e2e}/vitest.config.ts',
      'apps/server/vitest.faults.config.ts',
      ...(process.env.DATABASE_URL ? ['apps/server/vitest.pg.config.ts'] : []),
    ],
  },
})
