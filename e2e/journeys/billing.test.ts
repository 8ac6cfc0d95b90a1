import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { BillingScreens, plainText, startWaitlistServer, TEST_CARDS } from '../harness/billing'
import { launchBrowser } from '../harness/browser'
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

const CANCEL_CONFIRM =
  'Tem certeza que deseja cancelar sua assinatura? A renovação automática será interrompida, mas você manterá o acesso até o fim do período pago.'
const DATE = /^\d{2}\/\d{2}\/\d{4}$/

describe('Assinatura com PIX', () => {
  it('coupon in the modal, PIX checkout, simulated payment, Meu Plano, then cancel', async () => {
    session = await UserSession.open(browser, baseURL, 'mobile')
    const billing = new BillingScreens(session)
    await session.logIn(SEEDED_ACCOUNTS.billingPix, SEEDED_PASSWORD)
    await session.expectPath('/chat')

    // A player who has not paid is shown the plans when trying to send a video.
    await session.button('Enviar Vídeo').click()
    await billing.plans().waitFor()
    await session.page.keyboard.press('Escape')
    await billing.plans().waitFor({ state: 'detached' })

    await billing.openPlansFromSidebar()
    expect(await billing.planPrice('Pro')).toBe('R$ 59,90/mês')
    expect(await billing.planPrice('Ultra')).toBe('R$ 119,90/mês')
    expect(await billing.planCard('Pro').getAttribute('class')).toContain('plan--standard')
    await billing.chooseCycle('Anual')
    expect(await billing.planPrice('Pro')).toBe('R$ 599,00/ano')
    expect(await billing.planPrice('Ultra')).toBe('R$ 1.199,00/ano')
    await billing.chooseCycle('Mensal')
    await session.expectText('*O desconto é válido para a primeira cobrança')

    await billing.applyCoupon('', 'Por favor, insira um código.')
    await billing.applyCoupon('naoexiste', 'Este cupom é inválido ou não existe.')
    expect(await billing.plans().getByLabel('Cupom de desconto').inputValue()).toBe('NAOEXISTE')
    await billing.applyCoupon('areia10', 'Cupom de 10% aplicado!')
    // Original with 2 decimals, final with none; the exact charge is said beneath it.
    expect(await billing.planPrice('Pro')).toBe('De R$ 59,90 por R$ 54/mês')
    expect(await billing.planPrice('Ultra')).toBe('De R$ 119,90 por R$ 108/mês')
    await billing.planCard('Pro').getByText('Valor exato da cobrança: R$ 53,91').waitFor()
    await session.capture('20-planos-cupom')

    await billing.choosePlan('Pro', 'Assinar Pro')
    await billing.expectCheckout('Plano: Pro (Mensal)')
    await session.expectText('Pague com PIX')
    await session.expectText('Escaneie o QR Code abaixo com o app do seu banco.')
    await session.page.getByAltText('QR Code PIX para pagamento').waitFor()
    expect(await session.field('PIX copia e cola').inputValue()).toMatch(
      /^000201.*6304[0-9A-F]{4}$/,
    )
    expect(await session.field('PIX copia e cola').getAttribute('readonly')).not.toBeNull()
    expect(plainText(await session.page.locator('.pix__amount').innerText())).toBe(
      'Valor: R$ 53,91',
    )
    await session.expectText('Aguardando confirmação do pagamento...')
    // On the phone the player pays in the bank app: the copia-e-cola is on screen at once.
    await session.page.evaluate(() => window.scrollTo(0, 0))
    const code = await session.field('PIX copia e cola').boundingBox()
    expect(code!.y + code!.height).toBeLessThanOrEqual(VIEWPORTS[session.viewport].height)
    await session.capture('21-pagamento-pix')

    await session.button('Simular pagamento').click()
    await session.acceptAlert('Pagamento confirmado! ✅ Sua assinatura foi ativada.')
    await session.expectPath('/meu-plano')
    await session.expectHeading('Meu Plano')
    await billing.expectMyPlanRow('Plano', 'Pro (Mensal)')
    await billing.expectMyPlanRow('Status', 'Ativa')
    await billing.expectMyPlanRow('Acesso até', DATE)
    expect(await session.button('Alterar Pagamento').isEnabled()).toBe(true)
    await billing.expectMyPlanRow('Pagamento', /^PIX/)
    await session.capture('23-meu-plano-ativa')

    // The user was refreshed: the sidebar now shows the plan instead of "Seja Pro".
    await session.openSidebar()
    expect(await session.sidebar().getByRole('button', { name: 'Plano Pro' }).isDisabled()).toBe(
      true,
    )
    await session.page.keyboard.press('Escape')
    await session.expectSidebarClosed()

    await session.button('Cancelar Assinatura').click()
    const confirm = session.page.getByRole('alertdialog', { name: 'Cancelar assinatura' })
    expect(await confirm.locator('.alert-dialog__message').innerText()).toBe(CANCEL_CONFIRM)
    await session.capture('24-meu-plano-confirmar-cancelamento')
    await confirm.getByRole('button', { name: 'Cancelar Assinatura' }).click()
    await confirm.waitFor({ state: 'detached' })
    await session.acceptAlert('Assinatura cancelada com sucesso.')
    await billing.expectMyPlanRow('Status', 'Cancelada')
    await billing.expectMyPlanRow('Acesso até', DATE)
    // Cancelled before its end: the way back replaces the cancel button.
    await session.button('Reativar Assinatura').waitFor()
    expect(await session.page.getByRole('button', { name: 'Cancelar Assinatura' }).count()).toBe(0)
    await session.capture('25-meu-plano-cancelada')
  })
})

describe('Assinatura com cartão', () => {
  it('a declined card shows why, an approved one subscribes, and the withdrawal refunds', async () => {
    session = await UserSession.open(browser, baseURL, 'desktop')
    const billing = new BillingScreens(session)
    await session.logIn(SEEDED_ACCOUNTS.billingCard, SEEDED_PASSWORD)
    await billing.openPlansFromSidebar()
    await billing.chooseCycle('Anual')
    await billing.choosePlan('Pro', 'Assinar Pro')
    await billing.expectCheckout('Plano: Pro (Anual)')
    await session.expectText('Pague com PIX')

    await session.button('Cartão de Crédito').click()
    for (const legend of ['Dados do titular', 'Endereço de cobrança', 'Cartão de crédito']) {
      await session.expectText(legend)
    }
    const pay = session.button('Pagar com Cartão')
    await pay.waitFor()
    expect(await pay.isEnabled()).toBe(true)

    // Required fields are checked before anything is sent.
    await pay.click()
    await session.expectText('Preencha os campos obrigatórios destacados.')
    expect(await session.field('CVV').getAttribute('aria-invalid')).toBe('true')
    await session.capture('26-pagamento-cartao-obrigatorios')

    // A mistyped number gets a polite line once the field is left, and is not marked invalid:
    // only empty fields hold the payment back.
    const number = session.field('Número do cartão')
    await number.fill('4539 6206 5992 2098')
    await session.field('Nome impresso no cartão').focus()
    await session.expectText('Confira o número: ele não parece um cartão válido.')
    expect(await number.getAttribute('aria-invalid')).toBeNull()
    await session.capture('26-pagamento-cartao-conselho')

    await billing.fillCardForm(TEST_CARDS.declined)
    // The brand is read from the number, and the amount is the one the PIX tab showed.
    await session.page.locator('.card-brand__mark', { hasText: 'Visa' }).waitFor()
    await session.expectText(/^Valor a cobrar no cartão: R\$/)
    await session.capture('22-pagamento-cartao')
    await pay.click()
    await session.expectText(
      'Pagamento recusado pelo emissor do cartão. Confira os dados ou use outro cartão.',
    )
    await session.capture('27-pagamento-cartao-recusado')
    expect(session.path()).toBe('/pagamento')

    // The billing data were saved and stay; only the card changes.
    await session.field('Número do cartão').fill(TEST_CARDS.approved)
    await pay.click()
    await session.page.getByRole('heading', { name: 'Pagamento aprovado' }).waitFor()
    await session.expectText('Sua assinatura do plano Pro (Anual) está ativa.')
    await session.capture('29-pagamento-aprovado')
    await session.page.getByRole('link', { name: 'Ver Meu Plano' }).click()
    await session.expectPath('/meu-plano')
    await billing.expectMyPlanRow('Plano', 'Pro (Anual)')
    await billing.expectMyPlanRow('Status', 'Ativa')
    await billing.expectMyPlanRow('Acesso até', DATE)

    // CDC art. 49: within 7 days the player may give up and get everything back.
    await session.expectText('Direito de arrependimento')
    await session.capture('28-meu-plano-cartao')
    await session.button('Desistir e receber reembolso').click()
    const confirm = session.page.getByRole('alertdialog', { name: 'Desistir da assinatura' })
    expect(await confirm.innerText()).toContain('reembolsado integralmente')
    await confirm.getByRole('button', { name: 'Desistir e receber reembolso' }).click()
    await confirm.waitFor({ state: 'detached' })
    const done = session.page.getByRole('alertdialog', { name: 'Reembolso solicitado' })
    await done.getByText(/reembolso integral foi solicitado/).waitFor()
    await done.getByRole('button', { name: 'OK' }).click()
    await session.text('Desistir e receber reembolso').waitFor({ state: 'detached' })
    await session.openSidebar()
    await session.sidebar().getByRole('button', { name: 'Seja Pro' }).waitFor()
  })
})

describe('Lista de espera', () => {
  it('a plan without spots turns the choice into joining the list, with the thanks', async () => {
    const waitlist = await startWaitlistServer()
    try {
      session = await UserSession.open(browser, waitlist.url, 'mobile')
      const billing = new BillingScreens(session)
      await session.logIn(waitlist.email, SEEDED_PASSWORD)
      await billing.openPlansFromSidebar()
      await billing.applyCoupon('areia10', 'Cupom de 10% aplicado!')
      await billing.chooseCycle('Anual')
      await billing.choosePlan('Ultra', 'Entrar na lista de espera')
      await billing
        .plans()
        .getByText(/^Obrigado pelo interesse no plano Ultra Anual!/)
        .waitFor()
      expect(plainText(await billing.plans().locator('.plans__thanks').innerText())).toBe(
        'Obrigado pelo interesse no plano Ultra Anual! Assim que abrirem vagas, você receberá um e-mail da nossa equipe com o link para concluir a sua assinatura.',
      )
      await session.capture('29-lista-de-espera')
      await billing.plans().getByRole('button', { name: 'Fechar' }).click()

      // The plans are not fetched again for a player on the waiting list.
      const before = session.apiRequests.filter((r) => r.endsWith('/subscriptions/plans')).length
      await billing.openPlansFromSidebar()
      await billing
        .plans()
        .getByText(/Você já está na lista de espera/)
        .waitFor()
      const after = session.apiRequests.filter((r) => r.endsWith('/subscriptions/plans')).length
      expect(after).toBe(before)
      await session.close()
    } finally {
      await waitlist.stop()
    }
    // afterEach closes the session again: harmless, a closed context closes once.
  })
})
