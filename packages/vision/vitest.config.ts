import { defineProject } from 'vitest/config'

// The suite renders match videos and runs the real detector on them: minutes, not seconds.
export default defineProject({
  test: {
    name: 'vision',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
})
