import type { UserStatusResponse } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens, mailOutbox } from '../src/db/schema'
import { hashRefreshToken } from '../src/modules/auth/tokens'
import {
  bearer,
  createTestApp,
  login,
  refresh,
  register,
  signUpAndLogIn,
  status,
  type TestApp,
} from './helpers/app'
import { testDatabase } from './helpers/database'
import { startSmtpReceiver } from './helpers/smtp'
import { waitUntil } from './helpers/wait'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
beforeAll(async () => {
  smtp = await startSmtpReceiver()
  app = await createTestApp({ PUBLIC_ORIGIN: 'https://areia.exemplo.com.br', SMTP_URL: smtp.url })
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const db = async () => (await testDatabase({ reset: false })).db

/** The newest e-mail to this address with this subject, as the mail server received it. */
async function mailTo(email: string, subject: string, after = 0) {
  const newest = () =>
    smtp.received
      .slice(after)
      .filter((r) => r.to.includes(email) && r.parsed.subject === subject)
      .at(-1)
  await waitUntil(() => newest() !== undefined)
  return { body: newest()!.parsed.text ?? '' }
}

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`https://areia\\.exemplo\\.com\\.br${path}\\?token=([\\w-]+)`).exec(text)
  if (!match) throw new Error(`no ${path} link in:\n${text}`)
  return match[1]!
}

const requestReset = (email: string, ip = '10.1.1.1') =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/request',
    payload: { email },
    remoteAddress: ip,
  })

const reset = (token: string, new_password: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    payload: { token, new_password },
  })

describe('password reset', () => {
  it('e-mails a single-use link whose new password ends every session', async () => {
    const first = await signUpAndLogIn(app, 'esqueceu@exemplo.com')
    const second = await login(app, 'esqueceu@exemplo.com')
    const res = await requestReset('Esqueceu@Exemplo.com ')
    expect(res.statusCode).toBe(202)
    const mail = await mailTo('esqueceu@exemplo.com', 'Redefina a sua senha do Areia')
    const token = tokenIn(mail.body, '/redefinir-senha')
    // Only the hash is stored.
    const [row] = await (
      await db()
    )
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashRefreshToken(token)))
    expect(row).toMatchObject({ purpose: 'PASSWORD_RESET', email: 'esqueceu@exemplo.com' })
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000)

    const done = await reset(token, 'novasenha789')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({
      message: 'Senha redefinida com sucesso! Entre com a nova senha.',
    })
    expect((await status(app, first.access_token)).statusCode).toBe(401)
    expect(
      (await status(app, second.json<{ access_token: string }>().access_token)).statusCode,
    ).toBe(401)
    expect((await refresh(app, first.refresh_token)).statusCode).toBe(401)
    expect((await login(app, 'esqueceu@exemplo.com')).statusCode).toBe(401)
    expect((await login(app, 'esqueceu@exemplo.com', 'novasenha789')).statusCode).toBe(200)
    // Second use of the link.
    const again = await reset(token, 'outra-senha-000')
    expect(again.statusCode).toBe(400)
    expect(again.json<{ detail: string }>().detail).toBe(
      'Este link é inválido, expirou ou já foi usado. Peça um novo.',
    )
    expect((await login(app, 'esqueceu@exemplo.com', 'novasenha789')).statusCode).toBe(200)
  })

  it('answers the same for an address with no account, and sends nothing', async () => {
    await signUpAndLogIn(app, 'existe@exemplo.com')
    const known = await requestReset('existe@exemplo.com', '10.2.2.2')
    const unknown = await requestReset('ninguem@exemplo.com', '10.2.2.3')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    await mailTo('existe@exemplo.com', 'Redefina a sua senha do Areia')
    expect(
      await (await db()).select().from(mailOutbox).where(eq(mailOutbox.to, 'ninguem@exemplo.com')),
    ).toEqual([])
  })

  it('a link expires after 30 minutes, and a newer link retires the older', async () => {
    await signUpAndLogIn(app, 'expira@exemplo.com')
    await requestReset('expira@exemplo.com', '10.3.3.3')
    const old = tokenIn(
      (await mailTo('expira@exemplo.com', 'Redefina a sua senha do Areia')).body,
      '/redefinir-senha',
    )
    const before = smtp.received.length
    await requestReset('expira@exemplo.com', '10.3.3.4')
    const fresh = tokenIn(
      (await mailTo('expira@exemplo.com', 'Redefina a sua senha do Areia', before)).body,
      '/redefinir-senha',
    )
    expect(fresh).not.toBe(old)
    expect((await reset(old, 'novasenha789')).statusCode).toBe(400)
    app.clock.advance(31 * 60)
    expect((await reset(fresh, 'novasenha789')).statusCode).toBe(400)
    expect((await login(app, 'expira@exemplo.com')).statusCode).toBe(200)
  })

  it('is limited per address and per network', async () => {
    for (let i = 0; i < 3; i++)
      expect((await requestReset('limite@exemplo.com', `10.4.0.${i}`)).statusCode).toBe(202)
    const perAddress = await requestReset('limite@exemplo.com', '10.4.0.9')
    expect(perAddress.statusCode).toBe(429)
    expect(perAddress.json<{ detail: string }>().detail).toMatch(
      /^Muitos pedidos de redefinição de senha/,
    )
    for (let i = 0; i < 10; i++)
      expect((await requestReset(`rede${i}@exemplo.com`, '10.5.5.5')).statusCode).toBe(202)
    expect((await requestReset('rede-extra@exemplo.com', '10.5.5.5')).statusCode).toBe(429)
  })
})

describe('e-mail confirmation', () => {
  it('sends a link at sign-up; the account works meanwhile and the status says unconfirmed', async () => {
    const created = await register(app, 'confirma@exemplo.com')
    expect(created.statusCode).toBe(201)
    const mail = await mailTo('confirma@exemplo.com', 'Confirme o seu e-mail no Areia')
    const tokens = (await login(app, 'confirma@exemplo.com')).json<{ access_token: string }>()
    const me = () => status(app, tokens.access_token).then((r) => r.json<UserStatusResponse>())
    expect((await me()).email_verified).toBe(false)
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/email/confirm',
      payload: { token: tokenIn(mail.body, '/confirmar-email') },
    })
    expect(res.json()).toEqual({
      message: 'E-mail confirmado. Obrigado!',
      email: 'confirma@exemplo.com',
    })
    expect((await me()).email_verified).toBe(true)
  })

  it('a new address applies only once confirmed from it, and needs the password', async () => {
    const tokens = await signUpAndLogIn(app, 'antigo@exemplo.com')
    const change = (body: object) =>
      app.server.inject({
        method: 'PUT',
        url: '/api/v1/users/me/email',
        headers: bearer(tokens.access_token),
        payload: body,
      })
    expect(
      (await change({ email: 'novo@exemplo.com', current_password: 'errada' })).statusCode,
    ).toBe(400)
    await signUpAndLogIn(app, 'ocupado@exemplo.com')
    expect(
      (await change({ email: 'ocupado@exemplo.com', current_password: 'segredo123' })).statusCode,
    ).toBe(409)
    const asked = await change({ email: 'novo@exemplo.com', current_password: 'segredo123' })
    expect(asked.statusCode).toBe(202)
    const me = () => status(app, tokens.access_token).then((r) => r.json<UserStatusResponse>())
    expect((await me()).email).toBe('antigo@exemplo.com')
    const mail = await mailTo('novo@exemplo.com', 'Confirme o seu e-mail no Areia')
    const confirmed = await app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/email/confirm',
      payload: { token: tokenIn(mail.body, '/confirmar-email') },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(await me()).toMatchObject({ email: 'novo@exemplo.com', email_verified: true })
    expect((await login(app, 'novo@exemplo.com')).statusCode).toBe(200)
  })
})
