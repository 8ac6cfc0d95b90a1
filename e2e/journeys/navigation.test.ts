import type { Browser, Locator } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { BillingScreens } from '../harness/billing'
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

const tabBar = () => session.page.getByRole('navigation', { name: 'Atalhos' })
const tab = (name: string) => tabBar().getByRole('link', { name, exact: true })

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('element has no box on screen')
  return found
}

/** The end of the page, scrolled to, sits above the bar rather than behind it. */
async function expectEndAboveTabBar(last: Locator) {
  await session.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const bar = await box(tabBar())
  const end = await box(last)
  expect(end.y + end.height).toBeLessThanOrEqual(bar.y)
}

describe('the phone tab bar', () => {
  it('takes a subscriber to Meu Plano, Conta, Vídeos and Chat in one tap each', async () => {
    session = await UserSession.open(browser, baseURL, 'mobile')
    await session.logIn(SEEDED_ACCOUNTS.navMobile, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await session.expectText('Conectado')
    await tabBar().waitFor()
    expect(await tab('Chat').getAttribute('aria-current')).toBe('page')
    // The hamburger stays for everything the bar does not hold.
    await session.button('Abrir menu').waitFor()

    // Thumb-sized targets, the bar at the foot of the screen.
    const viewport = session.page.viewportSize()
    for (const name of ['Chat', 'Vídeos', 'Plano', 'Conta']) {
      const target = await box(tab(name))
      expect(target.height, name).toBeGreaterThanOrEqual(48)
      expect(target.width, name).toBeGreaterThanOrEqual(48)
    }
    const bar = await box(tabBar())
    expect(bar.y + bar.height).toBeCloseTo(viewport?.height ?? 0, 0)

    // The chat's composer stays whole above the bar.
    const composer = await box(session.page.locator('.composer'))
    expect(composer.y + composer.height).toBeLessThanOrEqual(bar.y)
    await session.page.getByPlaceholder('Sua resposta...').waitFor()
    await session.capture('71-navegacao-chat')

    await tab('Plano').click()
    await session.expectPath('/meu-plano')
    await session.expectHeading('Meu Plano')
    await new BillingScreens(session).expectMyPlanRow('Plano', 'Ultra (Mensal)')
    expect(await tab('Plano').getAttribute('aria-current')).toBe('page')
    expect(await tab('Chat').getAttribute('aria-current')).toBeNull()
    await session.capture('72-navegacao-meu-plano')
    await expectEndAboveTabBar(session.page.locator('.shell__main > *').last())

    await tab('Conta').click()
    await session.expectPath('/conta')
    await session.expectHeading('Conta')
    await session.page
      .getByRole('main')
      .getByText(SEEDED_ACCOUNTS.navMobile, { exact: true })
      .waitFor()
    await session.capture('73-navegacao-conta')
    await expectEndAboveTabBar(session.page.getByRole('link', { name: 'Excluir Conta' }))
    await session.capture('73-navegacao-conta-fim')

    await tab('Vídeos').click()
    await session.expectPath('/videos')
    await session.expectHeading('Meus Vídeos')
    await session.expectText('Você ainda não enviou nenhum vídeo.')
    expect(await tab('Vídeos').getAttribute('aria-current')).toBe('page')
    await session.capture('74-navegacao-videos')

    await tab('Chat').click()
    await session.expectPath('/chat')
    await session.expectText('Conectado')

    // The menu names the plan paid for.
    await session.openSidebar()
    const plan = session.sidebar().getByRole('button', { name: 'Plano Ultra' })
    expect(await plan.isDisabled()).toBe(true)
    await session.page.keyboard.press('Escape')
    await session.expectSidebarClosed()
  })

  it('opens the plans from "Plano" for a player without a paid plan', async () => {
    session = await UserSession.open(browser, baseURL, 'mobile')
    await session.logIn(SEEDED_ACCOUNTS.shell, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await tabBar().getByRole('button', { name: 'Plano' }).click()
    const plans = session.page.getByRole('dialog', { name: 'Escolha um plano' })
    await plans.waitFor()
    await session.page.keyboard.press('Escape')
    await plans.waitFor({ state: 'detached' })
    await session.expectPath('/chat')
  })
})

describe('the same places on a desktop screen', () => {
  it('keeps the menu, without the tab bar', async () => {
    session = await UserSession.open(browser, baseURL, 'desktop')
    await session.logIn(SEEDED_ACCOUNTS.navDesktop, SEEDED_PASSWORD)
    await session.expectPath('/chat')
    await session.expectText('Conectado')
    expect(await tabBar().isVisible()).toBe(false)
    await session.capture('71-navegacao-chat')

    await session.navigate('Meu Plano')
    await session.expectHeading('Meu Plano')
    await new BillingScreens(session).expectMyPlanRow('Plano', 'Ultra (Mensal)')
    await session.capture('72-navegacao-meu-plano')

    await session.navigate('Conta')
    await session.expectPath('/conta')
    await session.expectHeading('Conta')
    await session.capture('73-navegacao-conta')

    await session.navigate('Meus Vídeos')
    await session.expectHeading('Meus Vídeos')
    await session.expectText('Você ainda não enviou nenhum vídeo.')
    await session.capture('74-navegacao-videos')
  })
})
