import fs from 'node:fs'
import path from 'node:path'
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Locator,
  Page,
} from 'playwright-core'
import { expect } from 'vitest'
import { axeViolations } from './a11y'
import { englishOnPage } from './english'
import { SCREENSHOT_DIR } from './paths'

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

const WAIT = { timeout: 15_000 }

/**
 * A failed /api call is an answer the app handles (a wrong password is a 401); Chromium still
 * logs it as a console error. Anything else on the console, and any 5xx, fails the journey.
 */
function isHandledApiError(message: ConsoleMessage): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
    new URL(message.location().url, 'http://x').pathname.startsWith('/api/')
  )
}

export class UserSession {
  readonly problems: string[] = []
  readonly apiRequests: string[] = []

  constructor(
    readonly context: BrowserContext,
    public page: Page,
    readonly viewport: ViewportName,
    private readonly origin: string,
  ) {
    context.on('page', (p) => this.watch(p))
    this.watch(page)
  }

  static async open(
    browser: Browser,
    baseURL: string,
    viewport: ViewportName = 'mobile',
    /** More of the context's options (blocking the service worker, to route its requests). */
    options: Omit<BrowserContextOptions, 'baseURL' | 'viewport'> = {},
  ) {
    const context = await browser.newContext({
      ...options,
      baseURL,
      viewport: VIEWPORTS[viewport],
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
    })
    // A CSP violation (a script, style or eval the policy refused) fails the journey like an error.
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    )
    return new UserSession(context, await context.newPage(), viewport, new URL(baseURL).origin)
  }

  /** Pages of other origins (the OpenID provider standing in for Google) are not ours to police. */
  private ours(url: string): boolean {
    return new URL(url, 'http://x').origin === this.origin
  }

  private watch(page: Page) {
    page.on('console', (message) => {
      if (!this.ours(page.url())) return
      if (message.type() === 'error' && !isHandledApiError(message)) {
        this.problems.push(`console.error on ${page.url()}: ${message.text()}`)
      }
    })
    page.on('pageerror', (error) =>
      this.problems.push(`uncaught on ${page.url()}: ${error.message}`),
    )
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/'))
        this.apiRequests.push(`${request.method()} ${url.pathname}`)
    })
    page.on('response', (response) => {
      if (!this.ours(response.url())) return
      const { pathname } = new URL(response.url())
      if (response.status() >= 500 || (!pathname.startsWith('/api/') && response.status() >= 400)) {
        this.problems.push(`${response.status()} for ${response.url()}`)
      }
    })
  }

  /**
   * While the server is down (or the network cut) on purpose, Chromium itself logs the refused
   * connections (socket and fetch); those are the outage, not a fault of the app, and are
   * dropped from the problems.
   */
  forgiveServerOutage() {
    const outage =
      /WebSocket connection to .* failed|net::ERR_CONNECTION_REFUSED|net::ERR_INTERNET_DISCONNECTED/
    const kept = this.problems.filter((problem) => !outage.test(problem))
    this.problems.splice(0, this.problems.length, ...kept)
  }

  /**
   * Closes the browser context, then checks nothing went wrong. `forgive` drops lines a journey
   * causes on purpose, including those logged while the context closes (requests cut short).
   */
  async close(forgive?: RegExp) {
    await this.context.close()
    const problems = forgive ? this.problems.filter((p) => !forgive.test(p)) : this.problems
    expect(problems, 'console errors, page errors or failed requests').toEqual([])
  }

  // Navigation --------------------------------------------------------------------------------

  async goto(pathname: string) {
    await this.page.goto(pathname)
  }

  async expectPath(pathname: string) {
    await this.page.waitForURL((url) => url.pathname === pathname, WAIT)
  }

  path() {
    return new URL(this.page.url()).pathname
  }

  // Reading the screen ------------------------------------------------------------------------

  text(text: string | RegExp): Locator {
    return this.page.getByText(text, typeof text === 'string' ? { exact: true } : undefined)
  }

  async expectText(text: string | RegExp) {
    await this.text(text)
      .first()
      .waitFor({ state: 'visible', ...WAIT })
  }

  async expectHeading(name: string) {
    await this.page.getByRole('heading', { name, exact: true, level: 1 }).waitFor(WAIT)
  }

  async expectToast(message: string) {
    await this.page.getByTestId('toast').filter({ hasText: message }).waitFor(WAIT)
    expect(await this.page.getByTestId('toast').innerText()).toContain(message)
  }

  /** Waits for the in-app alert, checks its exact message, and dismisses it with OK. */
  async acceptAlert(message: string) {
    const dialog = this.page.getByRole('alertdialog')
    await dialog.waitFor(WAIT)
    expect(await dialog.locator('.alert-dialog__message').innerText()).toBe(message)
    await dialog.getByRole('button', { name: 'OK' }).click()
    await dialog.waitFor({ state: 'detached', ...WAIT })
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true })
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true })
  }

  // What a player does -------------------------------------------------------------------------

  async fillRegister(email: string, password: string, confirmation = password) {
    await this.goto('/register')
    await this.field('E-mail').fill(email)
    await this.field('Senha').fill(password)
    await this.field('Confirmar senha').fill(confirmation)
    await this.page.getByRole('checkbox').check()
  }

  async signUp(email: string, password: string) {
    await this.fillRegister(email, password)
    await this.button('Registrar').click()
    await this.acceptAlert('Cadastro realizado com sucesso! Por favor, faça o login.')
    await this.expectPath('/login')
    await this.button('Entrar').waitFor(WAIT)
  }

  async fillLogin(email: string, password: string, { acceptTerms = true } = {}) {
    if (this.path() !== '/login') await this.goto('/login')
    // The address bar says /login as soon as a page navigates there, but the page before it (the
    // sign-up form has fields of the same names) stays on screen until the login page has rendered.
    await this.button('Entrar').waitFor(WAIT)
    await this.field('E-mail').fill(email)
    await this.field('Senha').fill(password)
    if (acceptTerms) await this.page.getByRole('checkbox').check()
  }

  /** Logs in through the form and waits until the app has left /login. */
  async logIn(email: string, password: string) {
    await this.fillLogin(email, password)
    await this.button('Entrar').click()
    try {
      await this.page.waitForURL((url) => url.pathname !== '/login', WAIT)
    } catch (err) {
      // Say what the page showed instead (an error, a challenge, nothing) and what went wrong.
      const shown = await this.page
        .locator('[role="alert"], [role="alertdialog"], [role="status"]')
        .allInnerTexts()
        .catch(() => [])
      throw new Error(
        `still on /login after "Entrar"; on screen: ${JSON.stringify(shown)}; problems: ${JSON.stringify(this.problems)}`,
        { cause: err },
      )
    }
  }

  async openSidebar() {
    await this.button('Abrir menu').click()
    await this.sidebar().waitFor({ state: 'visible', ...WAIT })
  }

  sidebar(): Locator {
    return this.page.getByRole('complementary', { name: 'Menu' })
  }

  async expectSidebarClosed() {
    await this.sidebar().waitFor({ state: 'hidden', ...WAIT })
  }

  async navigate(label: string) {
    await this.openSidebar()
    await this.sidebar().getByRole('link', { name: label }).click()
    await this.expectSidebarClosed()
  }

  async logOut() {
    await this.openSidebar()
    await this.sidebar().getByRole('button', { name: 'Sair' }).click()
    await this.expectPath('/login')
  }

  // Evidence ----------------------------------------------------------------------------------

  async screenshot(name: string) {
    const dir = path.join(SCREENSHOT_DIR, this.viewport)
    fs.mkdirSync(dir, { recursive: true })
    // Let web fonts and lazy chunks settle so the picture shows the finished screen.
    await this.page.evaluate(() => document.fonts.ready.then(() => undefined))
    // A banner still holding its place unseen (the push offer's first 500 ms) is not the screen.
    await this.page.locator('.banner--reserved').waitFor({ state: 'detached' })
    await this.page.screenshot({ path: path.join(dir, `${name}.png`) })
  }

  /**
   * The screen check: no axe violation of any impact, and no English word a player would meet
   * (see harness/english.ts), both reported at once so one run shows everything to fix.
   */
  async checkScreen(screen: string) {
    const problems = {
      axe: await axeViolations(this.page),
      english: await englishOnPage(this.page),
    }
    expect(problems, `axe violations or English on ${screen} (${this.viewport})`).toEqual({
      axe: [],
      english: [],
    })
  }

  /** Screenshot plus the screen check: every screen of the app goes through this at both sizes. */
  async capture(name: string) {
    await this.screenshot(name)
    await this.checkScreen(name)
  }
}
