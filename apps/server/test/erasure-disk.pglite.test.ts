import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../src/adapters/db'
import { bearer, createTestApp, signUpAndLogIn, type TestApp, deleteAccount } from './helpers/app'
import { TestSocket } from './helpers/socket'

const EMAIL = 'apagar-de-verdade@exemplo.com'
const SENTENCE = 'Meu saque viesado ainda falha quando o vento sopra do mar 7QX'

/** Every file under `dir` whose bytes contain `needle` (UTF-8). */
function filesContaining(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8')
  const found: string[] = []
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() && fs.readFileSync(full).includes(bytes)) found.push(full)
    }
  }
  walk(dir)
  return found
}

let dataDir: string
let database: Database
let app: TestApp

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-erasure-'))
  // The embedded database on disk, as `npm start` keeps it, not the suites' in-memory one.
  database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') })
  app = await createTestApp({ DATA_DIR: dataDir }, { database })
  await app.server.listen({ port: 0, host: '127.0.0.1' })
}, 120_000)
afterAll(async () => {
  await app.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('erasure that erases (embedded database)', () => {
  it('after the deletion and the erasure step, no file of the data directory holds the e-mail or a sentence the player wrote', async () => {
    const tokens = await signUpAndLogIn(app, EMAIL)
    const { port } = app.server.server.address() as { port: number }
    const socket = await TestSocket.open(
      `ws://127.0.0.1:${port}/api/v1/chat/ws?token=${tokens.access_token}`,
    )
    await socket.untilMessages(1)
    socket.send({ type: 'message', text: SENTENCE })
    await socket.until(() => socket.messages().some((m) => m.content === SENTENCE))
    await socket.untilSettled(app)
    await socket.close()
    await app.services.coaching.settled()
    await database.rawQuery('CHECKPOINT')
    // On disk before: the test would prove nothing otherwise.
    expect(filesContaining(dataDir, EMAIL).length).toBeGreaterThan(0)
    expect(filesContaining(dataDir, SENTENCE).length).toBeGreaterThan(0)

    const deleted = await deleteAccount(app, tokens.access_token)
    expect(deleted.statusCode).toBe(204)
    // Deleted rows, but their bytes are still in the files: what plain deletion leaves.
    await database.rawQuery('CHECKPOINT')
    expect(filesContaining(dataDir, SENTENCE).length).toBeGreaterThan(0)

    expect(await app.services.diskErasure.compact()).toBeGreaterThan(10)
    expect(filesContaining(dataDir, EMAIL)).toEqual([])
    expect(filesContaining(dataDir, SENTENCE)).toEqual([])

    // The server goes on working on the rewritten files.
    const other = await signUpAndLogIn(app, 'continua@exemplo.com')
    const me = await app.server.inject({
      method: 'GET',
      url: '/api/v1/auth/me/status',
      headers: bearer(other.access_token),
    })
    expect(me.statusCode).toBe(200)
  })
})
