import type { AdminOutboxMail, TokenPair } from '@areia/contracts'
import { DataExport } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens, mailOutbox, users } from '../src/db/schema'
import { bearer, createTestApp, login, register, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { deliveredToken, startSmtpReceiver } from './helpers/smtp'
import { waitUntil } from './helpers/wait'

/**
 * Password-reset and confirmation links at rest: whoever reads the outbox, the console or a
 * backup of the database finds no token that opens an account; only the message handed to the
 * mail server carries one, and it works.
 */

const ORIGIN = 'https://areia.exemplo.com.br'
const RESET = 'Redefina a sua senha do Areia'
const CONFIRM = 'Confirme o seu e-mail no Areia'

let app: TestApp
let admin: TokenPair
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
/** Addresses the mail server answers with a temporary refusal (451) while they are here. */
const refusing = new Set<string>()

beforeAll(async () => {
  smtp = await startSmtpReceiver((rcpt) => refusing.has(rcpt))
  app = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: ORIGIN,
    MAIL_RETRY_LIMIT: '5',
    MAIL_RETRY_DELAY_SECONDS: '1',
  })
  admin = await signUpAndLogIn(app, 'chefe-links@areia.test')
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'chefe-links@areia.test'))
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const db = async () => (await testDatabase({ reset: false })).db
const outboxRows = async (email: string) =>
  (await db()).select().from(mailOutbox).where(eq(mailOutbox.to, email))
const requestReset = (email: string, ip: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/request',
    payload: { email },
    remoteAddress: ip,
  })
const resetWith = (token: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    payload: { token, new_password: 'nova-senha-forte' },
  })

/**
 * A player whose mail server refuses for now: the reset is asked for and its first delivery
 * fails. Returns how many messages had arrived before, to find theirs once it is let through.
 */
async function resetRefusedOnce(email: string, ip: string): Promise<number> {
  await signUpAndLogIn(app, email)
  refusing.add(email)
  const before = smtp.received.length
  expect((await requestReset(email, ip)).statusCode).toBe(202)
  await waitUntil(async () =>
    (await outboxRows(email)).some((r) => r.subject === RESET && r.attempts >= 1),
  )
  return before
}

/** A link's token as it would be written: long base64url after `token=`. */
const USABLE = /token=[\w-]{20,}/

describe('links in e-mails at rest', () => {
  it('the outbox, the console, the tokens table and the data export hold "…"; the e-mail delivered over SMTP has a working link', async () => {
    const email = 'guarda@exemplo.com'
    expect((await register(app, email)).statusCode).toBe(201)
    expect((await requestReset(email, '10.31.0.1')).statusCode).toBe(202)
    const reset = await deliveredToken(smtp.received, email, RESET, '/redefinir-senha')
    const confirm = await deliveredToken(smtp.received, email, CONFIRM, '/confirmar-email')
    // The HTML part of the delivered message carries the same link.
    const delivered = smtp.received.find((r) => r.to.includes(email) && r.parsed.subject === RESET)
    expect(delivered?.parsed.html).toContain(`href="${ORIGIN}/redefinir-senha?token=${reset}"`)
    await waitUntil(async () => (await outboxRows(email)).every((r) => r.status === 'SENT'))

    // The outbox table.
    const rows = await outboxRows(email)
    expect(rows.map((r) => r.subject).sort()).toEqual([CONFIRM, RESET])
    for (const row of rows) {
      const kept = `${row.body}\n${row.html}`
      expect(kept).not.toMatch(USABLE)
      expect(kept).not.toContain(reset)
      expect(kept).not.toContain(confirm)
      expect(row.body).toContain(
        `${ORIGIN}${row.subject === RESET ? '/redefinir-senha' : '/confirmar-email'}?token=…`,
      )
    }
    // The console.
    const outbox = await app.server.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox',
      headers: bearer(admin.access_token),
    })
    const shown = outbox.json<AdminOutboxMail[]>().filter((m) => m.to === email)
    expect(shown).toHaveLength(2)
    for (const m of shown) expect(m.body).toMatch(/token=…/)
    expect(outbox.body).not.toMatch(USABLE)
    // The tokens table keeps hashes only.
    const tokens = await (
      await db()
    )
      .select()
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(eq(users.email, email))
    expect(tokens.length).toBeGreaterThanOrEqual(4)
    expect(JSON.stringify(tokens)).not.toContain(reset)
    // The player's own copy of their data.
    const player = await login(app, email)
    const exported = DataExport.parse(
      (
        await app.server.inject({
          method: 'GET',
          url: '/api/v1/users/me/export',
          headers: bearer(player.json<TokenPair>().access_token),
        })
      ).json(),
    )
    expect(exported.emails).toHaveLength(2)
    expect(JSON.stringify(exported)).not.toMatch(USABLE)

    // The links the player received work.
    expect((await resetWith(reset)).statusCode).toBe(200)
    const confirmed = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/email/confirm',
      payload: { token: confirm },
    })
    expect(confirmed.statusCode).toBe(200)
    expect((await login(app, email, 'nova-senha-forte')).statusCode).toBe(200)
  })

  it('an e-mail whose delivery failed is retried later with a working link, and kept without one meanwhile', async () => {
    const email = 'caixa-cheia-depois@exemplo.com'
    const before = await resetRefusedOnce(email, '10.31.0.2')
    const waiting = (await outboxRows(email)).find((r) => r.subject === RESET)!
    expect(waiting.status).toBe('QUEUED')
    expect(waiting.lastError).toMatch(/451/)
    expect(`${waiting.body}${waiting.html}`).not.toMatch(USABLE)
    refusing.delete(email)
    const token = await deliveredToken(smtp.received, email, RESET, '/redefinir-senha', before)
    expect((await resetWith(token)).statusCode).toBe(200)
  }, 60_000)

  it('an e-mail still waiting when a newer link is asked for is not sent: its link no longer stands', async () => {
    const email = 'pediu-de-novo@exemplo.com'
    const before = await resetRefusedOnce(email, '10.31.0.3')
    expect((await requestReset(email, '10.31.0.4')).statusCode).toBe(202)
    await waitUntil(
      async () => (await outboxRows(email)).filter((r) => r.subject === RESET).length === 2,
    )
    refusing.delete(email)
    const token = await deliveredToken(smtp.received, email, RESET, '/redefinir-senha', before)
    await waitUntil(async () =>
      (await outboxRows(email)).every((r) => r.subject !== RESET || r.status !== 'QUEUED'),
    )
    const [older, newer] = (await outboxRows(email))
      .filter((r) => r.subject === RESET)
      .sort((a, b) => a.id - b.id)
    expect(older).toMatchObject({ status: 'FAILED' })
    expect(older!.lastError).toMatch(/expirou ou foi substituído/)
    expect(newer).toMatchObject({ status: 'SENT' })
    const arrived = smtp.received.slice(before).filter((r) => r.to.includes(email))
    expect(arrived.filter((r) => r.parsed.subject === RESET)).toHaveLength(1)
    expect((await resetWith(token)).statusCode).toBe(200)
  }, 60_000)
})
