import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { sql } from 'drizzle-orm'
import { maskEmails, serializeError } from '../src/plugins/log-privacy'
import { createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'

const lines: Array<Record<string, unknown>> = []
let app: TestApp

beforeAll(async () => {
  app = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream: {
        write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    },
  )
  await app.server.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => app.close())

describe('what the logs never carry', () => {
  it('masks e-mail addresses wherever they appear', () => {
    expect(maskEmails('para joana.silva+areia@exemplo.com.br e bia@x.io')).toBe(
      'para j***@exemplo.com.br e b***@x.io',
    )
    app.server.log.info({ to: 'joana@exemplo.com', nested: { list: ['bia@x.io'] } }, 'ok')
    app.server.log.info('enviado para joana@exemplo.com')
    const text = JSON.stringify(lines.slice(-2))
    expect(text).not.toContain('joana@exemplo.com')
    expect(text).not.toContain('bia@x.io')
    expect(text).toContain('j***@exemplo.com')
  })

  it('logs a failed query with its SQL but none of its parameters', async () => {
    const { db } = await testDatabase({ reset: false })
    const secret = 'frase secreta do jogador 7f3a'
    const err = await db
      .execute(sql`select ${secret}::int`)
      .then(() => undefined)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Error)
    // The raw error does carry it: this is what the serializer is for.
    expect(String((err as Error).message)).toContain(secret)
    app.server.log.error({ err }, 'falhou')
    const line = JSON.stringify(lines.at(-1))
    expect(line).toContain('select $1::int')
    expect(line).not.toContain(secret)
    const serialized = serializeError(err)
    expect(JSON.stringify(serialized)).not.toContain(secret)
    expect(serialized.stack).toMatch(/\n {4}at /)
  })

  it('an oversized chat frame is logged at info, not as an error', async () => {
    const tokens = await signUpAndLogIn(app, 'quadro-grande@areia.test')
    const { port } = app.server.server.address() as { port: number }
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`)
    await new Promise((r) => ws.once('open', r))
    const before = lines.length
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
    ws.send('x'.repeat(70 * 1024))
    expect(await closed).toBe(1009)
    await new Promise((r) => setTimeout(r, 100))
    const logged = lines.slice(before).filter((l) => l.msg === 'chat socket error')
    expect(logged).toHaveLength(1)
    expect(logged[0]!.level).toBe(30)
    expect(lines.slice(before).some((l) => (l.level as number) >= 50)).toBe(false)
  })
})
