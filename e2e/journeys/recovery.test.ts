import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { startMailedServer } from '../harness/mail-server'
import { UserSession } from '../harness/user-session'

const baseURL = inject('baseURL')
const WAIT = { timeout: 20_000 }
let browser: Browser
let mailed: Awaited<ReturnType<typeof startMailedServer>>
const sessions: UserSession[] = []
const open = async (viewport: 'mobile' | 'desktop', url = baseURL) => {
  const session = await UserSession.open(browser, url, viewport)
  sessions.push(session)
  return session
}

beforeAll(async () => {
  browser = await launchBrowser()
  mailed = await startMailedServer()
}, 180_000)
afterAll(async () => {
  for (const s of sessions) await s.close()
  await browser?.close()
  await mailed?.stop()
})

describe('Esqueci minha senha', () => {
  it('the e-mail arrives in the inbox, its link sets a new password, every old session ends and the link works once; the console keeps it without the token', async () => {
    const email = mailed.player
    const newPassword = 'nova-areia-2026'
    const url = mailed.server.url

    // Signed in on a phone (chat open) and on a computer, before the password is forgotten.
    const phone = await open('mobile', url)
    await phone.logIn(email, SEEDED_PASSWORD)
    await phone.expectPath('/chat')
    await phone.expectText('Conectado')
    const computer = await open('desktop', url)
    await computer.logIn(email, SEEDED_PASSWORD)
    await computer.expectPath('/chat')
    await computer.expectText('Conectado')
    await computer.navigate('Meus Vídeos')
    await computer.expectPath('/videos')

    // A third browser asks for the link from the login page.
    const lost = await open('mobile', url)
    await lost.goto('/login')
    await lost.field('E-mail').fill(email)
    await lost.page.getByRole('link', { name: 'Esqueci minha senha' }).click()
    await lost.expectPath('/esqueci-senha')
    await lost.expectHeading('Esqueci minha senha')
    expect(await lost.field('E-mail').inputValue()).toBe(email)
    await lost.capture('recuperar-01-esqueci-senha')
    await lost.button('Enviar link').click()
    await lost.expectText(/Se existir uma conta com este e-mail, enviamos um link/)
    await lost.capture('recuperar-02-link-enviado')

    // The player opens it in their inbox: the link carries a token of its own.
    const token = await mailed.linkToken(email, 'Redefina a sua senha do Areia', '/redefinir-senha')
    const resetPath = `/redefinir-senha?token=${token}`

    // The operator sees the e-mail in the console, its link without the token.
    const admin = await open('desktop', url)
    await admin.logIn(mailed.admin, SEEDED_PASSWORD)
    await admin.goto('/admin/emails')
    await admin.expectHeading('E-mails')
    const mail = admin.page
      .getByRole('list', { name: 'Caixa de saída' })
      .getByRole('listitem')
      .filter({ hasText: 'Redefina a sua senha do Areia' })
      .filter({ hasText: email })
    await mail.first().waitFor(WAIT)
    await mail.first().getByText('Redefina a sua senha do Areia').click()
    const kept = await mail.first().locator('.admin-mail__body').innerText()
    expect(kept).toContain('/redefinir-senha?token=…')
    expect(kept).not.toContain(token)
    await admin.capture('recuperar-03-console-caixa-de-saida')

    await lost.goto(resetPath)
    await lost.expectHeading('Criar nova senha')
    await lost.field('Nova senha').fill(newPassword)
    await lost.field('Confirmar nova senha').fill(newPassword)
    await lost.capture('recuperar-04-nova-senha')
    await lost.button('Salvar nova senha').click()
    await lost.acceptAlert('Senha redefinida com sucesso! Entre com a nova senha.')
    await lost.expectPath('/login')

    // The phone's open chat socket is closed by the server and the app signs it out.
    await phone.expectPath('/login')
    await phone.capture('recuperar-05-celular-desconectado')
    // The computer's session is over too: its next request finds no session.
    await computer.page.reload()
    await computer.expectPath('/login')

    // The link works once.
    await lost.goto(resetPath)
    await lost.field('Nova senha').fill('outra-senha-123')
    await lost.field('Confirmar nova senha').fill('outra-senha-123')
    await lost.button('Salvar nova senha').click()
    await lost.expectText('Este link é inválido, expirou ou já foi usado. Peça um novo.')
    await lost.capture('recuperar-06-link-usado')

    // The old password no longer opens the account; the new one does.
    await lost.fillLogin(email, SEEDED_PASSWORD)
    await lost.button('Entrar').click()
    await lost.expectText('Email ou senha inválidos.')
    await lost.logIn(email, newPassword)
    await lost.expectPath('/chat')
  })

  it('after signing up, the login form has the new address filled in (desktop)', async () => {
    const session = await open('desktop')
    const email = uniqueEmail('cadastro')
    await session.signUp(email, 'Areia-2025!')
    expect(await session.field('E-mail').inputValue()).toBe(email)
    await session.capture('recuperar-07-login-preenchido')
    await session.logIn(email, 'Areia-2025!')
    // A new player's address is not confirmed yet: a gentle banner says so.
    await session.expectText(`Confirme o seu e-mail: enviamos um link para ${email}.`)
    await session.capture('recuperar-08-aviso-confirmacao')
  })
})
