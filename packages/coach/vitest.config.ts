import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'coach',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The first reply of each file builds the knowledge index, which takes seconds when the two
    // cores are shared with the other suites.
    testTimeout: 30_000,
  },
})
