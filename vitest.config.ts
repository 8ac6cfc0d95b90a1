import { defineConfig } from 'vitest/config'

// Each workspace that has tests owns its vitest config; this file only lists them. The
// PostgreSQL run of the server suites joins when DATABASE_URL is set (as CI sets it).
export default defineConfig({
  test: {
    // Two files at a time: each unit and API worker has its own database, data folder and Redis
    // namespace, and each browser journey its own accounts. The journeys run after the unit and
    // API files, and the fault suite last and one file at a time (their projects set a later
    // `sequence.groupOrder`): the journeys wait on what a player waits for, and the faults kill
    // processes on purpose.
    maxWorkers: 2,
    projects: [
      '{packages/*,apps/*,e2e}/vitest.config.ts',
      'apps/server/vitest.faults.config.ts',
      ...(process.env.DATABASE_URL ? ['apps/server/vitest.pg.config.ts'] : []),
    ],
  },
})
