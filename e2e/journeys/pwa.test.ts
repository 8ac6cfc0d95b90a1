import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { BROWSER_FLAGS, launchBrowser } from '../harness/browser'
import { CHROMIUM_PATH, WEB_DIST } from '../harness/paths'
import { waitForServiceWorker } from '../harness/push'
import { startServer } from '../harness/server'
import { UserSession, VIEWPORTS } from '../harness/user-session'

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

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

async function iPhoneSession(url: string, installed: boolean) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: VIEWPORTS.mobile,
    userAgent: IPHONE_SAFARI,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
  })
  // Safari tells an app opened from the home screen by navigator.standalone.
  if (installed) {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }),
    )
  }
  return new UserSession(context, await context.newPage(), 'mobile', new URL(url).origin)
}

/** Chromium logs the requests that fail while the network is off; that is the test, not a bug. */
function forgiveOffline() {
  const kept = session.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p))
  session.problems.splice(0, session.problems.length, ...kept)
}

describe('the installable app', () => {
  it('has a manifest and service worker Chromium accepts for installing', async () => {
    // Chromium never offers installing from an incognito profile, which a fresh browser
    // context is: this check runs in a profile on disk.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: BROWSER_FLAGS,
      baseURL,
      viewport: VIEWPORTS.mobile,
      locale: 'pt-BR',
    })
    try {
      session = new UserSession(
        context,
        context.pages()[0] ?? (await context.newPage()),
        'mobile',
        new URL(baseURL).origin,
      )
      await session.goto('/login')
      await waitForServiceWorker(session.page)
      const cdp = await context.newCDPSession(session.page)
      const manifest = await cdp.send('Page.getAppManifest')
      expect(manifest.errors).toEqual([])
      const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>
      expect(data).toMatchObject({
        short_name: 'Areia',
        lang: 'pt-BR',
        display: 'standalone',
        start_url: '/',
        scope: '/',
      })
      const icons = data.icons as Array<{ sizes: string; purpose: string }>
      expect(icons.some((i) => i.sizes === '192x192')).toBe(true)
      expect(icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true)
      // The checks behind Lighthouse's "installable" audit, answered by Chromium itself.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
      await cdp.detach()
    } finally {
      await session.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })

  it('shows the offline page when a page is opened without network', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.pwa, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await waitForServiceWorker(session.page)

    // The chat opens offline from the device (chat-outbox.test.ts); a page that needs the server
    // does not.
    await session.goto('/password')
    await session.expectHeading('Alterar Senha')
    await session.context.setOffline(true)
    await session.page.reload()
    await session.expectHeading('Você está sem conexão')
    await session.capture('pwa-offline')
    forgiveOffline()

    await session.context.setOffline(false)
    await session.page.getByRole('link', { name: 'Tentar novamente' }).click()
    await session.expectPath('/chat')
    await session.page.getByPlaceholder(/Sua resposta|Aguardando resposta/).waitFor()
  })
})

describe('banners on an iPhone', () => {
  it('offers installing in Safari, and push only once installed', async () => {
    session = await iPhoneSession(baseURL, false)
    await session.logIn(SEEDED_ACCOUNTS.pwa, SEEDED_PASSWORD)
    await session.expectText('Instale o Areia na sua tela de início.')
    await session.button('Instalar').click()
    await session.expectText(
      'Para instalar, toque no ícone de Compartilhar e depois em Adicionar à Tela de Início.',
    )
    await session.capture('ios-install-banner')
    // In a Safari tab there is no push: the permission banner stays away after its check.
    await session.page.waitForTimeout(1000)
    expect(await session.button('Ativar Notificações').count()).toBe(0)
    await session.close()

    session = await iPhoneSession(baseURL, true)
    await session.logIn(SEEDED_ACCOUNTS.pwa, SEEDED_PASSWORD)
    await session.button('Ativar Notificações').waitFor()
    expect(await session.button('Instalar').count()).toBe(0)
    await session.capture('ios-push-banner-installed')
  })
})

describe('a new version', () => {
  it('waits for the player, then takes over and reloads', async () => {
    // Its own server and copy of the build, so changing the worker disturbs no other journey.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-pwa-'))
    const dist = path.join(dataDir, 'dist')
    fs.cpSync(WEB_DIST, dist, { recursive: true })
    const server = await startServer(path.join(dataDir, 'data'), {
      env: { WEB_DIST_DIR: dist },
    })
    try {
      const email = uniqueEmail('versao')
      session = await UserSession.open(browser, server.url)
      await session.signUp(email, SEEDED_PASSWORD)
      await session.logIn(email, SEEDED_PASSWORD)
      await waitForServiceWorker(session.page)
      expect(await session.button('Atualizar').count()).toBe(0)

      // A deploy: the worker script changes; the browser finds it on its next update check.
      fs.appendFileSync(path.join(dist, 'sw.js'), `\n// nova versão ${Date.now()}\n`)
      await session.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
      await session.expectText('Nova versão disponível')
      await session.capture('pwa-update-banner')

      const reloaded = session.page.waitForEvent('load')
      await session.button('Atualizar').click()
      await reloaded
      await waitForServiceWorker(session.page)
      expect(
        await session.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return registration?.waiting ?? null
        }),
      ).toBeNull()
      await session.page.waitForTimeout(1000)
      expect(await session.text('Nova versão disponível').count()).toBe(0)
      await session.close()
    } finally {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
