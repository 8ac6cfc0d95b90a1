import * as coach from '@areia/coach'
import type { TokenPair } from '@areia/contracts'
import { afterAll, beforeAll } from 'vitest'
import { createEmbeddedEngine } from '../../src/modules/coaching/embedded-engine'
import { createTestApp, listen, type TestApp } from './app'
import { chatSocketUrl, chatSockets, type TestSocket } from './socket'

export interface CoachSuite {
  app: TestApp
  /** Opens the player's chat socket; it is closed after the test. */
  connect: (
    tokens: TokenPair,
    extra?: string,
    headers?: Record<string, string>,
  ) => Promise<TestSocket>
}

/**
 * A file's app with the real embedded coaching engine (seeded, so its replies repeat), listening
 * for chat sockets; built before the file's tests and closed after them.
 */
export function coachSuite(seed: string | number): CoachSuite {
  let base = ''
  const suite = { connect: chatSockets(() => base) } as CoachSuite
  beforeAll(async () => {
    suite.app = await createTestApp(
      {},
      { coachEngine: createEmbeddedEngine(coach.seededRng(seed)) },
    )
    base = chatSocketUrl(await listen(suite.app))
  })
  afterAll(() => suite.app.close())
  return suite
}
