import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { BillingScreens, plainText, TEST_CARDS } from '../harness/billing'
import { launchBrowser } from '../harness/browser'
import { UserSession } from '../harness/user-session'

const baseURL = inject('baseURL')
let browser: Browser
const sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close()
})

const REAIS = /R\$\s?[\d.]+,\d{2}/

/** Pays the checkout on screen with the sandbox's approved card and lands on "Meu Plano". */
async function payByCard(session: UserSession, billing: BillingScreens, screens?: string) {
  await session.button('Cartão de Crédito').click()
  const pay = session.button('Pagar com Cartão')
  await pay.waitFor()
  await billing.fillCardForm(TEST_CARDS.approved)
  await session.page.locator('.card-brand__mark', { hasText: 'Visa' }).waitFor()
  if (screens) await session.capture(`${screens}-cartao`)
  await pay.click()
  await session.page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor()
  if (screens) await session.capture(`${screens}-aprovado`)
  await session.page.getByRole('link', { name: 'Ver Meu Plano' }).click()
  await session.expectPath('/meu-plano')
}

describe('Meu Plano', () => {
  it('Pro by card, found from the menu, Ultra for the shown prorated amount, two receipts, cancel and reactivate', async () => {
    const session = await UserSession.open(browser, baseURL, 'mobile')
    sessions.push(session)
    const billing = new BillingScreens(session)
    await session.logIn(SEEDED_ACCOUNTS.billingManage, SEEDED_PASSWORD)
    await session.expectPath('/chat')

    await billing.openPlansFromSidebar()
    await billing.choosePlan('Pro', 'Assinar Pro')
    await billing.expectCheckout('Plano: Pro (Mensal)')
    await payByCard(session, billing, '40-pagamento')
    await billing.expectMyPlanRow('Plano', 'Pro (Mensal)')

    // From the chat, "Meu Plano" is in the header and in the menu.
    await session.navigate('Chat')
    await session.expectPath('/chat')
    await session.page.locator('.header').getByRole('link', { name: 'Meu Plano' }).waitFor()
    await session.openSidebar()
    await session.sidebar().getByRole('link', { name: 'Meu Plano' }).click()
    await session.expectPath('/meu-plano')
    await billing.expectMyPlanRow('Status', 'Ativa')
    await billing.expectMyPlanRow('Pagamento', 'Cartão Visa final 2097')
    await billing.expectMyPlanRow('Próxima cobrança', /^R\$\s59,90 em \d{2}\/\d{2}\/\d{4}$/)
    await session.capture('40-meu-plano-pro')

    // Up to Ultra: the credit for the unused part and the amount are shown before paying.
    await session.button('Mudar para Ultra').click()
    const quote = session.page.locator('.plan-changes__quote')
    await quote.getByText('Você paga agora').waitFor()
    const shown = plainText(await quote.locator('.upgrade-quote__total dd').innerText())
    expect(shown).toMatch(REAIS)
    expect(plainText(await quote.innerText())).toContain('Crédito do período não usado')
    await session.capture('41-meu-plano-mudar-para-ultra')
    await quote.getByRole('button', { name: /^Pagar R\$/ }).click()
    await billing.expectCheckout('Plano: Ultra (Mensal)')
    const total = session.page.locator('.checkout .upgrade-quote__total dd')
    await total.waitFor()
    expect(plainText(await total.innerText())).toBe(shown)
    await session.capture('42-pagamento-mudanca-de-plano')
    await payByCard(session, billing)
    await billing.expectMyPlanRow('Plano', 'Ultra (Mensal)')
    await billing.expectMyPlanRow('Status', 'Ativa')
    // The menu names the plan paid for.
    await session.openSidebar()
    const planButton = session.sidebar().getByRole('button', { name: 'Plano Ultra' })
    expect(await planButton.isDisabled()).toBe(true)
    await session.page.keyboard.press('Escape')
    await session.expectSidebarClosed()

    // Two receipts, the newest for what was shown; each downloads.
    const receipts = session.page.getByRole('list', { name: 'Recibos' })
    await receipts.locator('li').nth(1).waitFor()
    expect(await receipts.locator('li').count()).toBe(2)
    const items = (await receipts.locator('.receipts__what').allInnerTexts()).map(plainText)
    expect(items).toEqual([`Ultra (Mensal) · ${shown}`, 'Pro (Mensal) · R$ 59,90'])
    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      receipts
        .getByRole('button', { name: /^Baixar recibo/ })
        .first()
        .click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^recibo-areia-\d{4}-\d{2}-\d{2}\.html$/)
    const document = fs.readFileSync(await download.path(), 'utf8')
    expect(document).toContain('Areia Ultra Mensal')
    expect(document).toContain('Crédito do plano anterior')
    await session.capture('43-meu-plano-ultra-recibos')

    // Cancel, then take it back before the period ends.
    await session.button('Cancelar Assinatura').click()
    const confirm = session.page.getByRole('alertdialog', { name: 'Cancelar assinatura' })
    await confirm.getByRole('button', { name: 'Cancelar Assinatura' }).click()
    await confirm.waitFor({ state: 'detached' })
    await session.acceptAlert('Assinatura cancelada com sucesso.')
    await billing.expectMyPlanRow('Status', 'Cancelada')
    await session.capture('44-meu-plano-cancelada')
    await session.button('Reativar Assinatura').click()
    await session.acceptAlert(
      'Assinatura reativada: a renovação automática voltou a valer e nada muda no seu acesso.',
    )
    await billing.expectMyPlanRow('Status', 'Ativa')
    await session.button('Cancelar Assinatura').waitFor()

    // "Alterar Pagamento": the renewals move to another card, checked and not charged.
    await session.button('Alterar Pagamento').click()
    const dialog = session.page.getByRole('dialog', { name: 'Alterar Pagamento' })
    await dialog.getByRole('button', { name: 'Salvar cartão' }).waitFor()
    await dialog.getByLabel('Número do cartão', { exact: true }).fill('5240 0829 7562 2454')
    await dialog.getByLabel('Nome impresso no cartão', { exact: true }).fill('ANA SOUZA')
    await dialog.getByLabel('Mês', { exact: true }).fill('12')
    await dialog.getByLabel('Ano', { exact: true }).fill('2030')
    await dialog.getByLabel('CVV', { exact: true }).fill('123')
    await session.capture('46-alterar-pagamento')
    await dialog.getByRole('button', { name: 'Salvar cartão' }).click()
    await session.acceptAlert('Cartão alterado. As próximas renovações serão cobradas nele.')
    await billing.expectMyPlanRow('Pagamento', 'Cartão Mastercard final 2454')
    expect(await receipts.locator('li').count()).toBe(2)

    // The same page on a desktop screen.
    const desktop = await UserSession.open(browser, baseURL, 'desktop')
    sessions.push(desktop)
    await desktop.logIn(SEEDED_ACCOUNTS.billingManage, SEEDED_PASSWORD)
    await desktop.page.locator('.header').getByRole('link', { name: 'Meu Plano' }).click()
    await desktop.expectPath('/meu-plano')
    await new BillingScreens(desktop).expectMyPlanRow('Plano', 'Ultra (Mensal)')
    await desktop.page.getByRole('list', { name: 'Recibos' }).locator('li').nth(1).waitFor()
    await desktop.capture('45-meu-plano-desktop')
  })
})
