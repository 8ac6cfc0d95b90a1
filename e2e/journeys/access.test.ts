import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { uniqueEmail } from '../harness/accounts'
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

describe('a visitor', () => {
  it('is sent to /login from a guarded route, with the guarded entry replaced', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.goto('/login')
    await session.goto('/password')
    await session.expectPath('/login')
    await session.expectHeading('Entrar')
    // Replace navigation: the history is about:blank, /login, /login; /password is not in it
    // (a push would have left four entries and Back would bounce on the guard).
    expect(await session.page.evaluate(() => history.length)).toBe(3)
    await session.page.goBack()
    await session.expectPath('/login')
  })

  it('cannot log in without accepting the terms: error and a shaking checkbox', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.fillLogin('alguem@areia.test', 'qualquer-senha', { acceptTerms: false })
    await session.button('Entrar').click()
    await session.expectText('Você deve aceitar os termos para continuar.')
    await session.page.locator('.terms--shake').waitFor()
    expect(session.apiRequests.filter((r) => r.includes('/auth/login/'))).toEqual([])
    // Google sign-in is held back by the same rule.
    await session.button('Entrar com Google').click()
    await session.page.locator('.terms--shake').waitFor()
  })

  it('sees "Email ou senha inválidos." for a wrong password', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.fillLogin('ninguem@areia.test', 'senha-errada')
    await session.button('Entrar').click()
    await session.expectText('Email ou senha inválidos.')
    await session.expectPath('/login')
  })
})

describe('signing up', () => {
  it('keeps the buttons disabled until the terms are accepted', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.goto('/register')
    expect(await session.button('Registrar').isDisabled()).toBe(true)
    expect(await session.button('Cadastrar com Google').isDisabled()).toBe(true)
    await session.page.getByRole('checkbox').check()
    expect(await session.button('Registrar').isEnabled()).toBe(true)
    expect(await session.button('Cadastrar com Google').isEnabled()).toBe(true)
  })

  it('alerts when the passwords differ and creates nothing', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.fillRegister(uniqueEmail('diferentes'), 'senha-um-1', 'senha-dois-2')
    await session.button('Registrar').click()
    await session.acceptAlert('As senhas não coincidem!')
    await session.expectPath('/register')
    expect(session.apiRequests.filter((r) => r.includes('/auth/register/'))).toEqual([])
  })

  it('registers, alerts, goes to /login; a new player lands on the onboarding screen', async () => {
    session = await UserSession.open(browser, baseURL)
    const email = uniqueEmail('nova')
    await session.signUp(email, 'minha-senha-1')

    // A second sign-up with the same e-mail shows the server's reason.
    await session.fillRegister(email, 'minha-senha-1')
    await session.button('Registrar').click()
    await session.page.getByRole('alert').filter({ hasText: /já/i }).waitFor()

    await session.logIn(email, 'minha-senha-1')
    await session.expectPath('/')
    await session.expectText(/algumas perguntas rápidas/)
    // No hamburger at /.
    expect(await session.button('Abrir menu').count()).toBe(0)

    // Unfinished onboarding: every other route leads back to /.
    for (const route of [
      '/chat',
      '/videos',
      '/password',
      '/delete-account',
      '/pagamento',
      '/meu-plano',
    ]) {
      await session.goto(route)
      await session.expectPath('/')
      await session.expectText(/algumas perguntas rápidas/)
    }

    // A reload keeps the session (tokens in local storage).
    await session.page.reload()
    await session.expectPath('/')
    await session.expectText(/algumas perguntas rápidas/)

    await session.button('Sair').click()
    await session.expectPath('/login')
    await session.goto('/')
    await session.expectPath('/login')
  })
})
