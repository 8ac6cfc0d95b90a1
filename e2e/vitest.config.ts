import { defineConfig } from 'vitest/config'

// Journeys share one built app and one server (see harness/global-setup.ts). Each journey has
// accounts of its own (harness/accounts.ts) and starts its own server where it changes settings
// or restarts one, so two run side by side, one per core, with generous timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    // The harness's own checks run here too: they need the same Chromium.
    include: ['journeys/**/*.test.ts', 'harness/**/*.test.ts'],
    globalSetup: ['harness/global-setup.ts'],
    // After the unit and API projects, before the fault suite (see the root config).
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 240_000,
    retry: 0,
  },
})
