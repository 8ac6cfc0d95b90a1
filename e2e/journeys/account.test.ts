import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { UserSession } from '../harness/user-session'

const baseURL = inject('baseURL')
let browser: Browser
let session: UserSession

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await session.close()
})

describe('Alterar Senha', () => {
  it('checks the three rules, changes the password, keeps the player in, and the new one works', async () => {
    session = await UserSession.open(browser, baseURL)
    const email = SEEDED_ACCOUNTS.password
    await session.logIn(email, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await session.navigate('Alterar Senha')
    await session.expectPath('/password')
    await session.expectHeading('Alterar Senha')
    const submit = () => session.button('Alterar Senha').click()

    // 1. All three fields are required.
    await session.field('Senha atual').fill(SEEDED_PASSWORD)
    await submit()
    await session.expectText('Preencha todos os campos.')

    // 2. New password and confirmation must match.
    await session.field('Nova senha').fill('nova-senha-1')
    await session.field('Confirmar nova senha').fill('nova-senha-2')
    await submit()
    await session.expectText('A nova senha e a confirmação não correspondem.')

    // 3. At least 6 characters.
    await session.field('Nova senha').fill('12345')
    await session.field('Confirmar nova senha').fill('12345')
    await submit()
    await session.expectText('A nova senha deve ter pelo menos 6 caracteres.')
    expect(session.apiRequests.filter((r) => r.endsWith('/users/me/password'))).toEqual([])

    // A wrong current password: the server's message.
    await session.field('Senha atual').fill('nao-e-esta')
    await session.field('Nova senha').fill('nova-senha-1')
    await session.field('Confirmar nova senha').fill('nova-senha-1')
    await submit()
    await session.page
      .getByRole('alert')
      .filter({ hasText: /senha atual/i })
      .waitFor()

    // The right one: success toast, and the player is still signed in on this device.
    await session.field('Senha atual').fill(SEEDED_PASSWORD)
    await submit()
    await session.expectToast('Senha alterada com sucesso!')
    await session.capture('password-changed')
    expect(await session.field('Senha atual').inputValue()).toBe('')
    await session.navigate('Meus Vídeos')
    await session.expectPath('/videos')
    await session.page.reload()
    await session.expectPath('/videos')

    // Logged out, the old password no longer works and the new one does.
    await session.logOut()
    await session.fillLogin(email, SEEDED_PASSWORD)
    await session.button('Entrar').click()
    await session.expectText('Email ou senha inválidos.')
    await session.logIn(email, 'nova-senha-1')
    await session.expectPath('/chat')
  })
})

describe('Excluir Conta', () => {
  it('needs the phrase, deletes, alerts, logs out, and the account cannot log in again', async () => {
    session = await UserSession.open(browser, baseURL)
    const email = SEEDED_ACCOUNTS.deletion
    await session.logIn(email, SEEDED_PASSWORD)
    await session.navigate('Conta')
    await session.expectPath('/conta')
    await session.expectHeading('Conta')

    // LGPD: first a copy of everything kept about the player, as a real download.
    await session.button('Baixar meus dados').scrollIntoViewIfNeeded()
    await session.capture('dados-pessoais')
    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      session.button('Baixar meus dados').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^areia-dados-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      account: { email: string }
    }
    expect(data.account.email).toBe(email)
    await session.expectToast('Pronto! O arquivo com os seus dados foi baixado.')

    await session.page.getByRole('link', { name: 'Excluir Conta', exact: true }).click()
    await session.expectPath('/delete-account')
    await session.expectHeading('Excluir Conta')
    const phrase = session.field('Para confirmar, digite “excluir minha conta”')
    const confirm = session.button('Excluir minha conta')
    expect(await confirm.isDisabled()).toBe(true)
    await phrase.fill('excluir minha')
    expect(await confirm.isDisabled()).toBe(true)
    await phrase.fill('excluir minha conta!')
    expect(await confirm.isDisabled()).toBe(true)
    // Case does not matter.
    await phrase.fill('Excluir Minha CONTA')
    expect(await confirm.isEnabled()).toBe(true)
    // The phrase is not enough: whoever holds the session must also know the password.
    await confirm.click()
    await session.expectText('Digite a sua senha para confirmar a exclusão.')
    await session.field('Sua senha').fill('nao-e-a-senha')
    await confirm.click()
    await session.expectText('A senha atual está incorreta.')
    await session.capture('excluir-conta-senha-errada')
    await session.field('Sua senha').fill(SEEDED_PASSWORD)
    await confirm.click()

    await session.acceptAlert('Sua conta foi excluída com sucesso.')
    await session.expectPath('/login')
    expect(
      await session.page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.includes('token')),
      ),
    ).toEqual([])

    await session.goto('/chat')
    await session.expectPath('/login')
    await session.fillLogin(email, SEEDED_PASSWORD)
    await session.button('Entrar').click()
    await session.expectText('Email ou senha inválidos.')
  })
})
