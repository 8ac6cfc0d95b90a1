import { defineConfig } from 'vitest/config'

// Journeys share one built app and one server (see harness/global-setup.ts); the machine has
// two cores, so files run one after another with generous timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    // The harness's own checks run here too: they need the same Chromium.
    include: ['journeys/**/*.test.ts', 'harness/**/*.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    fileParallelism: false,
    // After the unit and API projects, alone (see the root config).
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 240_000,
    retry: 0,
  },
})
