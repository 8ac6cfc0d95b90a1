import type { AdminMailbox, AdminOutboxMail, TokenPair } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Mail } from '../src/adapters/mail'
import { users } from '../src/db/schema'
import { bearer, createTestApp, signUpAndLogIn, type TestApp } from './helpers/app'
import { testDatabase } from './helpers/database'
import { startSmtpReceiver } from './helpers/smtp'
import { waitUntil } from './helpers/wait'

const ORIGIN = 'https://areia.exemplo.com.br'
const FAILING = 'caixa-cheia@exemplo.com'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let admin: TokenPair

beforeAll(async () => {
  smtp = await startSmtpReceiver((rcpt) => rcpt === FAILING)
  app = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: ORIGIN,
    MAIL_FROM: 'Areia <contato@areia.exemplo.com.br>',
    MAIL_RETRY_LIMIT: '2',
    MAIL_RETRY_DELAY_SECONDS: '1',
  })
  admin = await signUpAndLogIn(app, 'chefe-mail@areia.test')
  const { db } = await testDatabase({ reset: false })
  await db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'chefe-mail@areia.test'))
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const links = (text: string) => [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0])

describe('e-mail over SMTP', () => {
  it('delivers every template without a link token with its subject, both parts, and links on PUBLIC_ORIGIN', async () => {
    const t = app.services.mail.templates
    const joana = { email: 'joana@exemplo.com', name: 'Joana' }
    // The reset and confirmation e-mails carry a link minted at delivery: mail-links.test.ts.
    const cases: Array<[Mail, string, string | null]> = [
      [t.waitlistSpot(joana, 'Ultra', 'Mensal'), 'Abriu uma vaga no plano Ultra!', '/chat'],
      [
        t.paymentReceipt(joana, {
          plan: 'Pro',
          amount: 'R$ 29,90',
          paidAt: '26/11/2026',
          method: 'PIX',
        }),
        'Pagamento confirmado: plano Pro',
        '/meu-plano',
      ],
      [
        t.renewalReminder(joana, {
          plan: 'Pro',
          amount: 'R$ 29,90',
          dueDate: '29/11/2026',
          pixCode: '00020126580014br.gov.bcb.pix',
        }),
        'Renove o seu plano Pro com PIX',
        '/meu-plano',
      ],
      [
        t.refund(joana, { plan: 'Pro', amount: 'R$ 29,90' }),
        'Reembolso do plano Pro',
        '/meu-plano',
      ],
      [t.reportReady(joana), 'A análise do seu jogo está pronta', '/videos'],
      [t.accountDeleted(joana), 'Sua conta no Areia foi excluída', '/privacy'],
      [
        t.weeklySummary(joana, {
          title: 'Resumo da semana (04/01 a 10/01)',
          paragraphs: ['Treinos: 3 planejados; você não me contou como foram.'],
        }),
        'Resumo da semana (04/01 a 10/01)',
        '/conta',
      ],
    ]
    const before = smtp.received.length
    for (const [mail] of cases) await app.services.mail.outbox.send(mail)
    const toJoana = () => smtp.received.slice(before).filter((r) => r.to[0] === 'joana@exemplo.com')
    await waitUntil(() => toJoana().length >= cases.length)
    const got = toJoana()
    for (const [mail, subject, path] of cases) {
      const message = got.find((r) => r.parsed.subject === subject)
      expect(message, subject).toBeDefined()
      const parsed = message!.parsed
      expect(message!.to).toEqual(['joana@exemplo.com'])
      expect(parsed.from?.value[0]).toMatchObject({
        name: 'Areia',
        address: 'contato@areia.exemplo.com.br',
      })
      expect(parsed.text).toContain('Olá, Joana!')
      expect(typeof parsed.html).toBe('string')
      const all = [...links(parsed.text ?? ''), ...links(parsed.html as string)]
      expect(all.length, subject).toBeGreaterThan(0)
      for (const link of all)
        expect(link.startsWith(`${ORIGIN}/`), `${subject}: ${link}`).toBe(true)
      if (path) expect(parsed.text).toContain(`${ORIGIN}${path}`)
      expect(parsed.html).toContain(`href="${ORIGIN}${path!.replaceAll('&', '&amp;')}"`)
      expect(mail.subject).toBe(subject)
    }
    expect(
      got.find((r) => r.parsed.subject === 'Renove o seu plano Pro com PIX')!.parsed.text,
    ).toContain('00020126580014br.gov.bcb.pix')
    const outbox = (
      await app.server.inject({
        method: 'GET',
        url: '/api/v1/admin/outbox',
        headers: bearer(admin.access_token),
      })
    ).json<AdminOutboxMail[]>()
    const sent = outbox.filter((m) => m.to === 'joana@exemplo.com')
    expect(sent).toHaveLength(cases.length)
    for (const m of sent) expect(m).toMatchObject({ status: 'SENT', attempts: 1, last_error: null })
  })

  it('a plain e-mail from another module is sent in the same look', async () => {
    const before = smtp.received.length
    await app.services.mail.outbox.send({
      to: 'bia@exemplo.com',
      subject: 'Aviso',
      text: 'Olá, Bia!\n\nSeu plano foi renovado.\n\nAcesse: https://areia.exemplo.com.br/meu-plano\n\nEquipe Areia',
    })
    const toBia = () => smtp.received.slice(before).find((r) => r.to[0] === 'bia@exemplo.com')
    await waitUntil(() => toBia() !== undefined)
    const parsed = toBia()!.parsed
    expect(parsed.text).toContain('Seu plano foi renovado.')
    expect(parsed.html).toContain('href="https://areia.exemplo.com.br/meu-plano"')
  }, 60_000)

  it('retries a refusing SMTP server, then dead-letters the e-mail, shown FAILED in the console', async () => {
    const refusedBefore = smtp.refusals()
    await app.services.mail.outbox.send({
      to: FAILING,
      subject: 'Não vai chegar',
      text: 'Olá!\n\nTeste.',
    })
    const outbox = async () =>
      (
        await app.server.inject({
          method: 'GET',
          url: '/api/v1/admin/outbox',
          headers: bearer(admin.access_token),
        })
      ).json<AdminOutboxMail[]>()
    await waitUntil(
      async () => (await outbox()).some((m) => m.to === FAILING && m.status === 'FAILED'),
      40_000,
    )
    const failed = (await outbox()).find((m) => m.to === FAILING)!
    // The first attempt and MAIL_RETRY_LIMIT retries, each refused by the server.
    expect(failed.attempts).toBe(3)
    expect(smtp.refusals() - refusedBefore).toBe(3)
    expect(failed.last_error).toMatch(/451/)
    expect(failed.sent_at).toBeNull()
  }, 60_000)
})

describe('the console without a local mailbox', () => {
  it('with SMTP_URL it says there is none', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: '/api/v1/admin/mailbox',
      headers: bearer(admin.access_token),
    })
    expect(res.json<AdminMailbox>()).toEqual({ local: false, messages: [] })
  })
})
