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

const bodyOverflow = () => session.page.evaluate(() => document.body.style.overflow)
const focusedName = () =>
  session.page.evaluate(
    () =>
      document.activeElement?.getAttribute('aria-label') ??
      document.activeElement?.textContent ??
      '',
  )

describe('the shell', () => {
  it('opens the sidebar, closes it on Escape and on the backdrop, locking scroll meanwhile', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.shell, SEEDED_PASSWORD)
    // Onboarding finished: / goes to /chat, which has its own background.
    await session.expectPath('/chat')
    expect(await session.page.locator('.shell').getAttribute('class')).toContain('shell--chat')

    await session.openSidebar()
    const sidebar = session.sidebar()
    for (const entry of ['Chat', 'Meus Vídeos', 'Alterar Senha', 'Conta']) {
      await sidebar.getByRole('link', { name: entry }).waitFor()
    }
    // Deleting the account lives on the account page, not beside Chat.
    expect(await sidebar.getByRole('link', { name: 'Excluir Conta' }).count()).toBe(0)
    await sidebar.getByRole('button', { name: 'Seja Pro' }).waitFor()
    await sidebar.getByRole('switch', { name: /Notificações/ }).waitFor()
    await sidebar.getByRole('button', { name: 'Sair' }).waitFor()
    expect(await bodyOverflow()).toBe('hidden')
    expect(await sidebar.evaluate((el) => el.contains(document.activeElement))).toBe(true)

    // Focus stays inside while tabbing.
    for (let i = 0; i < 12; i++) await session.page.keyboard.press('Tab')
    expect(await sidebar.evaluate((el) => el.contains(document.activeElement))).toBe(true)

    await session.page.keyboard.press('Escape')
    await session.expectSidebarClosed()
    expect(await bodyOverflow()).toBe('')
    expect(await focusedName()).toBe('Abrir menu')

    await session.openSidebar()
    // The backdrop is the part of the screen the panel does not cover.
    const size = session.page.viewportSize()
    await session.page.mouse.click((size?.width ?? 390) - 10, (size?.height ?? 844) / 2)
    await session.expectSidebarClosed()
    expect(await bodyOverflow()).toBe('')

    // Navigating from the sidebar closes it and lands on the default background.
    await session.navigate('Alterar Senha')
    await session.expectPath('/password')
    // The old screen stays up while the page's chunk loads (a router transition): wait for it.
    await expect
      .poll(() => session.page.locator('.shell').getAttribute('class'))
      .toContain('shell--default')

    // "Seja Pro" opens the plans dialog, which closes the menu, traps focus and closes on Escape.
    await session.openSidebar()
    await session.sidebar().getByRole('button', { name: 'Seja Pro' }).click()
    const plans = session.page.getByRole('dialog', { name: 'Escolha um plano' })
    await plans.waitFor()
    await session.expectSidebarClosed()
    // The dialog sits on the screen, not inside the sidebar, and has the keyboard to itself.
    const box = await plans.boundingBox()
    const viewport = session.page.viewportSize()
    expect(box && viewport && box.x + box.width / 2).toBeCloseTo((viewport?.width ?? 0) / 2, -1)
    expect(await plans.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await session.page.keyboard.press('Escape')
    await plans.waitFor({ state: 'detached' })
    await session.expectSidebarClosed()
    expect(await focusedName()).toBe('Abrir menu')
  })

  it('shows a disabled "Plano Pro" to a paying player', async () => {
    session = await UserSession.open(browser, baseURL)
    await session.logIn(SEEDED_ACCOUNTS.pro, SEEDED_PASSWORD)
    await session.openSidebar()
    const plan = session.sidebar().getByRole('button', { name: 'Plano Pro' })
    expect(await plan.isDisabled()).toBe(true)
    expect(await session.sidebar().getByRole('button', { name: 'Seja Pro' }).count()).toBe(0)
  })
})
