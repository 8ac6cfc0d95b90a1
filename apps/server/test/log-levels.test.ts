import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoachEngine } from '../src/modules/coaching/engine'
import { createTestApp, deleteAccount, listen, signUpAndLogIn, type TestApp } from './helpers/app'
import { scriptedEngine } from './helpers/scripted-engine'
import { waitUntil } from './helpers/wait'
import { answerOnboarding, chatSocketUrl, chatSockets, introduceTeam } from './helpers/socket'

/**
 * Error level is for the server's own faults: what a client asked for that this server does not
 * offer, and a reply overtaken by its player's deletion, are written as what they are.
 */

const lines: string[] = []
const logged = () =>
  lines.map((l) => JSON.parse(l) as { level: number; msg: string; [k: string]: unknown })
const errorsLogged = () => logged().filter((l) => l.level >= 50)

/** The coach's reply waits until the test lets it go. */
let release: () => void = () => undefined
let replying: () => void = () => undefined
const engine: CoachEngine = {
  ...scriptedEngine(),
  reply: async (input) => {
    replying()
    await new Promise<void>((resolve) => (release = resolve))
    return scriptedEngine().reply(input)
  },
}

let app: TestApp
let base: string
const connect = chatSockets(() => base)

beforeAll(async () => {
  app = await createTestApp(
    { LOG_LEVEL: 'info' },
    { coachEngine: engine, logStream: { write: (line: string) => void lines.push(line) } },
  )
  base = chatSocketUrl(await listen(app))
})
afterAll(() => app.close())

describe('log levels', () => {
  it('a client asking for Google sign-in where it is not configured is a warning, not an error', async () => {
    const before = lines.length
    const res = await app.server.inject({
      method: 'GET',
      url: `/api/v1/auth/google/start?redirect_uri=${encodeURIComponent('http://localhost/login')}`,
    })
    expect(res.statusCode).toBe(503)
    const written = logged().slice(before)
    expect(written.filter((l) => l.level >= 50)).toEqual([])
    expect(written.some((l) => l.level === 40 && l.status === 503)).toBe(true)
  })

  it('a reply that finishes after its player deleted the account is noted, not an error', async () => {
    const tokens = await signUpAndLogIn(app, 'apaga-no-meio@areia.test')
    const socket = await connect(tokens)
    await answerOnboarding(socket)
    await introduceTeam(socket)
    const asked = new Promise<void>((resolve) => (replying = resolve))
    socket.send({ type: 'message', text: 'Como melhoro o saque?' })
    await asked
    const before = lines.length
    expect((await deleteAccount(app, tokens.access_token)).statusCode).toBe(204)
    release()
    await app.services.coaching.settled()
    await waitUntil(() =>
      logged()
        .slice(before)
        .some((l) => /account was deleted/.test(l.msg)),
    )
    const written = logged().slice(before)
    expect(
      written.filter((l) => l.level >= 50),
      JSON.stringify(written).slice(0, 3000),
    ).toEqual([])
    expect(
      written.some((l) => l.level === 30 && /account was deleted/.test(l.msg)),
      JSON.stringify(written),
    ).toBe(true)
    expect(errorsLogged().filter((l) => /chat/.test(l.msg))).toEqual([])
  })
})
