import '@areia/contracts/locale'
// jsdom has no IndexedDB: the chat's outbox and its copy of the conversation need one.
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { forgetChatDevice } from '../lib/chat-device-store'

// An unexpected console.error (a React warning, an unhandled failure) fails the test that
// produced it; a test expecting one replaces the spy with its own.
let consoleErrors: unknown[][] = []

beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(async () => {
  cleanup()
  window.localStorage.clear()
  await forgetChatDevice()
  const errors = consoleErrors
  consoleErrors = []
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    )
  }
})
