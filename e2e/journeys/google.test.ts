import { randomBytes } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
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

/** The provider's own pages (standing in for Google's): type the account, then consent. */
async function signInAtProvider(s: UserSession, login: string) {
  await s.page.waitForURL((url) => url.origin !== new URL(baseURL).origin, { timeout: 15_000 })
  await s.page.locator('input[name="login"]').fill(login)
  await s.page.locator('input[name="password"]').fill('qualquer')
  await s.page.locator('button[type="submit"]').click()
  const consent = s.page.locator('button[type="submit"]')
  if (new URL(s.page.url()).origin !== new URL(baseURL).origin) {
    await consent.waitFor({ timeout: 15_000 })
    await consent.click()
  }
}

describe('Sign in with Google', () => {
  it('a new player signs in from /login and lands on onboarding', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.goto('/login')
    await session.page.getByRole('checkbox').check()
    await session.button('Entrar com Google').click()
    await signInAtProvider(session, `google-${randomBytes(4).toString('hex')}`)
    await session.page.waitForURL((url) => url.origin === new URL(baseURL).origin, {
      timeout: 15_000,
    })
    await session.expectPath('/')
    expect(await session.page.evaluate(() => localStorage.length)).toBeGreaterThan(0)
  })

  it('the register page offers the same sign-in once the terms are accepted', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.goto('/register')
    await session.page.getByRole('checkbox').check()
    await session.button('Cadastrar com Google').click()
    await signInAtProvider(session, `google-${randomBytes(4).toString('hex')}`)
    await session.page.waitForURL((url) => url.origin === new URL(baseURL).origin, {
      timeout: 15_000,
    })
    await session.expectPath('/')
  })

  it('an unverified Google e-mail is refused with its message and the player stays logged out', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.goto('/login')
    await session.page.getByRole('checkbox').check()
    await session.button('Entrar com Google').click()
    await signInAtProvider(session, 'google-nao-verificado')
    await session.acceptAlert('O e-mail da sua conta Google não está verificado.')
    await session.expectPath('/login')
    await session.goto('/password')
    await session.expectPath('/login')
  })
})
