import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisBus } from '../src/adapters/bus'
import { createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { TestSocket } from './helpers/socket'

const redisUrl = process.env.REDIS_URL

/** Two server instances on one database, each with its own Redis connection, like two nodes. */
describe.runIf(redisUrl)('fan-out across server instances through Redis', () => {
  const nodes: TestApp[] = []
  const urls: string[] = []
  const buses: Array<{ close(): Promise<void> }> = []

  beforeAll(async () => {
    const prefix = `test-fanout-${randomBytes(4).toString('hex')}`
    for (let i = 0; i < 2; i++) {
      const bus = await createRedisBus(redisUrl!, prefix)
      buses.push(bus)
      // The second node joins the first one's database as it is.
      const node = await createTestApp({}, { bus }, { resetDatabase: i === 0 })
      await node.server.listen({ port: 0, host: '127.0.0.1' })
      const { port } = node.server.server.address() as { port: number }
      nodes.push(node)
      urls.push(`ws://127.0.0.1:${port}/api/v1/chat/ws`)
    }
  })
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()))
    await Promise.all(buses.map((b) => b.close()))
  })

  it("a player's sockets on different nodes all receive every message", async () => {
    const [a] = nodes as [TestApp]
    const tokens = await signUpAndLogIn(a, 'doisnos@example.com')
    const onA = await TestSocket.open(`${urls[0]}?token=${tokens.access_token}`)
    await onA.untilMessages(1)
    // The second node catches up from the start, then follows live through Redis.
    const onB = await TestSocket.open(`${urls[1]}?token=${tokens.access_token}&after=0`)
    try {
      await onB.untilMessages(1)
      onA.send({ type: 'message', text: 'Joana' })
      const asked = (s: TestSocket) => () =>
        s.messages().some((m) => m.content === 'Em qual categoria você joga?')
      await onA.until(asked(onA))
      await onB.until(asked(onB))
      expect(onB.messages().map((m) => m.content)).toEqual(onA.messages().map((m) => m.content))
    } finally {
      await onA.close()
      await onB.close()
    }
  })
})
