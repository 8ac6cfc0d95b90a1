import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { E2E_SERVER_ENV } from '../harness/server'
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

const ACCESS_TTL_MS = Number(E2E_SERVER_ENV.ACCESS_TOKEN_TTL_SECONDS) * 1000
const storedToken = (kind: 'access' | 'refresh') =>
  session.page.evaluate((k) => localStorage.getItem(`areia.${k}_token`), kind)

/** A JWT that looks valid for an hour to the client but that the server will refuse. */
const forgedAccessToken = () => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', exp })}.${'A'.repeat(43)}`
}

/** Submits the change-password form with a wrong current password: an authorized call that
 * answers 400 with the server's message, so it proves the request went out authenticated. */
async function authorizedCall() {
  await session.field('Senha atual').fill('nao-e-a-senha')
  await session.field('Nova senha').fill('qualquer-1')
  await session.field('Confirmar nova senha').fill('qualquer-1')
  session.apiRequests.length = 0
  await session.button('Alterar Senha').click()
  await session.page
    .getByRole('alert')
    .filter({ hasText: /senha atual/i })
    .waitFor()
}

describe('an expiring session', () => {
  it('is refreshed silently before a call, on reload, and after a 401', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.refresh, SEEDED_PASSWORD)
    await session.navigate('Alterar Senha')
    const firstRefresh = await storedToken('refresh')

    // Past the server's own expiry: the next call refreshes first, then goes through.
    await session.page.waitForTimeout(ACCESS_TTL_MS + 1000)
    await authorizedCall()
    expect(session.apiRequests).toEqual([
      'POST /api/v1/auth/refresh/',
      'PATCH /api/v1/users/me/password',
    ])
    expect(await storedToken('refresh')).not.toBe(firstRefresh)
    await session.expectPath('/password')

    // Reload with an expired token: start-up refreshes and the player stays where they were.
    await session.page.waitForTimeout(ACCESS_TTL_MS + 1000)
    session.apiRequests.length = 0
    await session.page.reload()
    await session.expectHeading('Alterar Senha')
    expect(session.apiRequests.slice(0, 2)).toEqual([
      'POST /api/v1/auth/refresh/',
      'GET /api/v1/auth/me/status',
    ])

    // A token the server refuses although it looks fresh: one refresh, one retry.
    await session.page.evaluate(
      (t) => localStorage.setItem('areia.access_token', t),
      forgedAccessToken(),
    )
    await authorizedCall()
    expect(session.apiRequests).toEqual([
      'PATCH /api/v1/users/me/password',
      'POST /api/v1/auth/refresh/',
      'PATCH /api/v1/users/me/password',
    ])
  })

  it('logs the player out when the refresh token is refused', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.refresh, SEEDED_PASSWORD)
    await session.navigate('Alterar Senha')
    await session.page.evaluate((t) => {
      localStorage.setItem('areia.access_token', t)
      localStorage.setItem('areia.refresh_token', 'revogado')
    }, forgedAccessToken())
    await session.field('Senha atual').fill('x')
    await session.field('Nova senha').fill('qualquer-1')
    await session.field('Confirmar nova senha').fill('qualquer-1')
    await session.button('Alterar Senha').click()
    await session.expectPath('/login')
    expect(await storedToken('refresh')).toBeNull()
  })
})
