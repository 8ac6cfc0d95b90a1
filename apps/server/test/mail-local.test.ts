import type { AdminMailbox, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema'
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
  it('receives over SMTP in-process and shows what the player got in the console', async () => {
    await app.services.mail.outbox.send(
      app.services.mail.templates.passwordReset(
        { email: 'caixa@exemplo.com', name: null },
        'abc',
        30,
      ),
    )
    const mailbox = async () =>
      (
        await app.server.inject({
          method: 'GET',
          url: '/api/v1/admin/mailbox',
          headers: bearer(admin.access_token),
        })
      ).json<AdminMailbox>()
    await waitUntil(async () =>
      (await mailbox()).messages.some((m) => m.to === 'caixa@exemplo.com'),
    )
    const { local, messages } = await mailbox()
    expect(local).toBe(true)
    const message = messages.find((m) => m.to === 'caixa@exemplo.com')!
    expect(message.subject).toBe('Redefina a sua senha do Areia')
    expect(message.from).toBe('nao-responda@areia.app.br')
    expect(message.text).toContain('Olá!')
    expect(message.text).toContain('http://localhost:3000/redefinir-senha?token=abc')
  })
})
