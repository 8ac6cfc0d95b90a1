import type { AdminMailbox, TokenPair } from '@areia/contracts'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens, localMailbox, users } from '../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { waitUntil } from './helpers/wait'

let app: TestApp
let admin: TokenPair

beforeAll(async () => {
  app = await createTestApp({ SMTP_URL: '' })
  admin = await signUpAndLogIn(app, 'chefe-caixa@areia.test')
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'chefe-caixa@areia.test'))
})
afterAll(() => app.close())

describe('the embedded local mailbox', () => {
  it('receives over SMTP in-process and shows what the player got, its links\' tokens written as "…"', async () => {
    const email = 'caixa@exemplo.com'
    await signUpAndLogIn(app, email)
    const asked = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      payload: { email },
      remoteAddress: '10.32.0.1',
    })
    expect(asked.statusCode).toBe(202)
    const mailbox = async () =>
      (
        await app.server.inject({
          method: 'GET',
          url: '/api/v1/admin/mailbox',
          headers: bearer(admin.access_token),
        })
      ).json<AdminMailbox>()
    const resetMail = async () =>
      (await mailbox()).messages.find(
        (m) => m.to === email && m.subject === 'Redefina a sua senha do Areia',
      )
    await waitUntil(async () => (await resetMail()) !== undefined)
    const { local } = await mailbox()
    expect(local).toBe(true)
    const message = (await resetMail())!
    expect(message.from).toBe('nao-responda@areia.app.br')
    expect(message.text).toContain('Olá!')
    expect(message.text).toContain('http://localhost:3000/redefinir-senha?token=…')
    // A real token went out (its hash was minted at delivery); none is kept in the mailbox.
    const { db } = await testDatabase({ reset: false })
    const [user] = await db.select().from(users).where(eq(users.email, email))
    const minted = await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user!.id), isNotNull(accountTokens.tokenHash)))
    expect(minted.length).toBeGreaterThan(0)
    const kept = await db.select().from(localMailbox).where(eq(localMailbox.to, email))
    expect(kept.length).toBeGreaterThan(0)
    for (const row of kept) expect(`${row.text}${row.html}`).not.toMatch(/token=[\w-]{20,}/)
  })

  it('writes any link token a message carries as "…", whoever sent it', async () => {
    await app.services.mail.outbox.send({
      to: 'outro@exemplo.com',
      subject: 'Um link qualquer',
      text: 'Olá!\n\nAbra https://areia.exemplo.com.br/entrar?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123&x=1\n\nEquipe Areia',
    })
    await waitUntil(async () => {
      const { db } = await testDatabase({ reset: false })
      return (
        (await db.select().from(localMailbox).where(eq(localMailbox.to, 'outro@exemplo.com')))
          .length > 0
      )
    })
    const { db } = await testDatabase({ reset: false })
    const [row] = await db
      .select()
      .from(localMailbox)
      .where(eq(localMailbox.to, 'outro@exemplo.com'))
    expect(row!.text).toContain('https://areia.exemplo.com.br/entrar?token=…&x=1')
    expect(row!.html).toContain('entrar?token=…&amp;x=1')
    expect(`${row!.text}${row!.html}`).not.toContain('AbCdEfGh')
  })
})
