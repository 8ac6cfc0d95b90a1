import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { UserSession, type ViewportName } from '../harness/user-session'

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

// Every screen, photographed into e2e/screenshots/<size>/ and checked by axe, at both sizes.
describe.each<ViewportName>(['mobile', 'desktop'])('every screen at %s size', (viewport) => {
  it('public screens', async () => {
    session = await UserSession.open(browser, baseURL, viewport)
    await session.goto('/login')
    await session.expectHeading('Entrar')
    await session.capture('01-login')

    await session.fillLogin('jogador@areia.test', 'senha-qualquer', { acceptTerms: false })
    await session.button('Entrar').click()
    await session.expectText('Você deve aceitar os termos para continuar.')
    await session.capture('02-login-termos')

    await session.goto('/register')
    await session.expectHeading('Criar conta')
    await session.capture('03-register')

    // The app's own checks, in Portuguese beside each field, never the browser's bubbles.
    await session.fillRegister('jogador@', '123', '')
    await session.button('Registrar').click()
    await session.expectText('Digite um e-mail válido, como nome@exemplo.com.')
    await session.expectText('A senha precisa ter pelo menos 6 caracteres.')
    await session.expectText('Repita a senha.')
    expect(await session.field('E-mail').getAttribute('aria-invalid')).toBe('true')
    await session.capture('03-register-erros')
    await session.field('E-mail').fill('jogador@areia.test')
    expect(await session.field('E-mail').getAttribute('aria-invalid')).toBeNull()

    await session.fillRegister('jogador@areia.test', 'senha-um-1', 'senha-dois-2')
    await session.button('Registrar').click()
    await session.page.getByRole('alertdialog').waitFor()
    await session.capture('04-register-senhas-diferentes')
    await session.acceptAlert('As senhas não coincidem!')

    await session.goto('/terms')
    await session.expectHeading('Termos de Uso')
    await session.capture('05-terms')
    await session.goto('/privacy')
    await session.expectHeading('Política de Privacidade')
    await session.capture('06-privacy')

    await session.goto('/nao-existe')
    await session.expectHeading('Página não encontrada')
    await session.capture('07-not-found')
  })

  it('a new player at the onboarding screen', async () => {
    session = await UserSession.open(browser, baseURL, viewport)
    const email = uniqueEmail(`telas-${viewport}`)
    await session.signUp(email, 'senha-nova-1')
    await session.logIn(email, 'senha-nova-1')
    await session.expectHeading('Vamos montar o seu time de treinadores')
    await session.capture('08-onboarding')
  })

  it('the shell and the account screens', async () => {
    session = await UserSession.open(browser, baseURL, viewport)
    await session.logIn(
      viewport === 'mobile' ? SEEDED_ACCOUNTS.screensMobile : SEEDED_ACCOUNTS.screensDesktop,
      SEEDED_PASSWORD,
    )
    await session.expectHeading('Chat com a sua equipe')
    await session.expectText('Conectado')
    // The store and memory links sit above the conversation, never over its top bubble.
    const overlap = await session.page.evaluate(() => {
      const head = document.querySelector('.chat-head')?.getBoundingClientRect()
      const scroll = document.querySelector('.chat__scroll')?.getBoundingClientRect()
      return head && scroll ? head.bottom - scroll.top : null
    })
    expect(overlap).not.toBeNull()
    expect(overlap).toBeLessThanOrEqual(0)
    await session.capture('09-chat')

    // Network gone: the chat says why and offers a way back; it returns with the network.
    await session.context.setOffline(true)
    await session.expectText('Sem internet. Reconectamos quando a rede voltar.')
    await session.button('Reconectar').waitFor()
    await session.capture('09-chat-sem-internet')
    await session.context.setOffline(false)
    await session.page.getByText('Conectado', { exact: true }).waitFor({ timeout: 15_000 })
    session.forgiveServerOutage()

    await session.openSidebar()
    await session.capture('10-sidebar')
    await session.sidebar().getByRole('button', { name: 'Seja Pro' }).click()
    await session.page.getByRole('dialog', { name: 'Escolha um plano' }).waitFor()
    await session.capture('11-plans')
    await session.page.keyboard.press('Escape')

    // Billing: no subscription yet, then the checkout reached through the plans modal.
    await session.goto('/meu-plano')
    await session.expectHeading('Meu Plano')
    await session.expectText('Você não possui uma assinatura ativa.')
    await session.capture('14-meu-plano-sem-assinatura')
    await session.button('Ver planos').click()
    const plans = session.page.getByRole('dialog', { name: 'Escolha um plano' })
    await plans.getByRole('button', { name: 'Assinar Pro', exact: true }).click()
    await session.expectHeading('Finalize sua Assinatura')
    await session.expectText('Aguardando confirmação do pagamento...')
    await session.capture('13-pagamento-pix')
    await session.button('Cartão de Crédito').click()
    await session.button('Pagar com Cartão').waitFor()
    await session.capture('13-pagamento-cartao')

    for (const [path, heading, name] of [
      ['/videos', 'Meus Vídeos', '12-videos-em-breve'],
      ['/password', 'Alterar Senha', '15-password'],
    ] as const) {
      await session.goto(path)
      await session.expectHeading(heading)
      await session.capture(name)
    }

    await session.field('Senha atual').fill('abc')
    await session.field('Nova senha').fill('nova-1')
    await session.field('Confirmar nova senha').fill('nova-2')
    await session.button('Alterar Senha').click()
    await session.expectText('A nova senha e a confirmação não correspondem.')
    await session.capture('16-password-erro')
    await session.field('Senha atual').fill(SEEDED_PASSWORD)
    await session.field('Confirmar nova senha').fill('nova-1')
    await session.button('Alterar Senha').click()
    await session.expectToast('Senha alterada com sucesso!')
    await session.capture('17-password-alterada')

    await session.goto('/delete-account')
    await session.expectHeading('Excluir Conta')
    await session.capture('18-delete-account')
    await session.field('Para confirmar, digite “excluir minha conta”').fill('excluir minha conta')
    await session.field('Sua senha').fill('uma-senha')
    await session.capture('19-delete-account-pronto')
  })
})
