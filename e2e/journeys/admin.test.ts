import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { BillingScreens } from '../harness/billing'
import { launchBrowser } from '../harness/browser'
import { startOwnServer } from '../harness/own-server'
import { UserSession, type ViewportName } from '../harness/user-session'

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
  // Each session checks on close that no console error, page error or failed request happened.
  for (const s of sessions.splice(0)) await s.close()
})

async function open(url: string, viewport: ViewportName) {
  const session = await UserSession.open(browser, url, viewport)
  sessions.push(session)
  return session
}

/** The console as an operator uses it. */
class Console {
  constructor(readonly session: UserSession) {}

  get page() {
    return this.session.page
  }

  async openFromSidebar() {
    // Staff land on the console, which then opens its first section, and any navigation closes
    // the menu: opened before that redirect, the menu closed under the click.
    if (this.session.path().startsWith('/admin'))
      await this.session.expectPath('/admin/visao-geral')
    await this.session.navigate('Console')
    await this.session.expectPath('/admin/visao-geral')
    await this.session.expectHeading('Visão geral')
  }

  async section(label: string, slug: string) {
    await this.page
      .getByRole('navigation', { name: 'Seções do console' })
      .getByRole('link', { name: label, exact: true })
      .click()
    await this.session.expectPath(`/admin/${slug}`)
    await this.session.expectHeading(label)
  }

  /** The table row (a card on a phone) holding `text`. */
  row(text: string) {
    return this.page.getByRole('row').filter({ hasText: text })
  }
}

const SECTIONS = [
  ['Jogadores', 'jogadores'],
  ['Planos', 'planos'],
  ['Cupons', 'cupons'],
  ['Lista de espera', 'lista-de-espera'],
  ['E-mails', 'emails'],
  ['Agentes parceiros', 'agentes'],
  ['Auditoria', 'auditoria'],
] as const

describe('Console de operações', () => {
  it('an admin creates a coupon that a player then redeems at checkout', async () => {
    const admin = await open(baseURL, 'desktop')
    const ops = new Console(admin)
    await admin.logIn(SEEDED_ACCOUNTS.admin, SEEDED_PASSWORD)
    // An administrator lands on the console.
    await admin.expectPath('/admin/visao-geral')
    await ops.openFromSidebar()
    await admin.page.getByRole('list', { name: 'Números do Areia' }).waitFor()
    await admin.capture('60-admin-visao-geral')

    await ops.section('Jogadores', 'jogadores')
    await admin.field('Buscar jogador por e-mail ou nome').fill('cupom@')
    await admin.button('Buscar').click()
    await ops.row(SEEDED_ACCOUNTS.couponPlayer).waitFor()
    await admin.text('1 conta para “cupom@”').waitFor()
    await admin.capture('61-admin-jogadores')

    await ops.section('Planos', 'planos')
    await admin.page.getByRole('form', { name: 'Pro' }).waitFor()
    await admin.capture('62-admin-planos')

    await ops.section('Cupons', 'cupons')
    const code = `JOGO${Date.now().toString(36).slice(-4).toUpperCase()}`
    await admin.field('Código').fill(code.toLowerCase())
    await admin.field('Desconto (%)').fill('15')
    await admin.field('Limite de usos').fill('100')
    await admin.button('Criar cupom').click()
    await admin.expectToast(`Cupom ${code} criado com 15% de desconto.`)
    await ops.row(code).getByText('ativo').waitFor()
    await admin.capture('63-admin-cupons')

    // The player, on a phone, applies it in the plans modal.
    const player = await open(baseURL, 'mobile')
    const billing = new BillingScreens(player)
    await player.logIn(SEEDED_ACCOUNTS.couponPlayer, SEEDED_PASSWORD)
    await billing.openPlansFromSidebar()
    await billing.applyCoupon(code.toLowerCase(), 'Cupom de 15% aplicado!')
    // 59,90 × 0,85 = 50,915 → "R$ 51" (the final price has no decimals).
    expect(await billing.planPrice('Pro')).toBe('De R$ 59,90 por R$ 51/mês')
    await billing.planCard('Pro').getByText('Valor exato da cobrança: R$ 50,92').waitFor()
    await player.capture('64-cupom-no-plano')
    // …and pays the discounted first charge with PIX: the coupon is redeemed.
    await billing.choosePlan('Pro', 'Assinar Pro')
    await billing.expectCheckout('Plano: Pro (Mensal)')
    await player.button('Simular pagamento').click()
    await player.acceptAlert('Pagamento confirmado! ✅ Sua assinatura foi ativada.')
    await billing.expectMyPlanRow('Status', 'Ativa')

    // The console counts the use and names who used it.
    await admin.page.reload()
    await ops.row(code).getByRole('button', { name: 'Ver usos' }).click()
    await admin.page
      .getByRole('list', { name: `Usos do cupom ${code}` })
      .getByText(SEEDED_ACCOUNTS.couponPlayer)
      .waitFor()

    await ops.section('Auditoria', 'auditoria')
    const audit = ops.row(code)
    await audit.getByText('Cupom criado').waitFor()
    expect(await audit.innerText()).toContain(SEEDED_ACCOUNTS.admin)
    await admin.capture('64-admin-auditoria')

    // The player has no push subscription, so the payment confirmation went by e-mail.
    await ops.section('E-mails', 'emails')
    await admin.page
      .getByRole('list', { name: 'Caixa de saída' })
      .getByRole('listitem')
      .filter({ hasText: `para ${SEEDED_ACCOUNTS.couponPlayer}` })
      .filter({ hasText: 'Pagamento confirmado' })
      .waitFor()
    await admin.capture('65-admin-emails')

    // Partner agents: create one with the knowledge template, then hide it from the store.
    await ops.section('Agentes parceiros', 'agentes')
    await admin.button('Novo agente').click()
    const form = admin.page.getByRole('form', { name: 'Novo agente parceiro' })
    const slug = `e2e-${code.toLowerCase()}`
    await form.getByLabel('Identificador').fill(slug)
    await form.getByLabel('Nome', { exact: true }).fill('Rita Regras')
    await form.getByLabel('Avatar (emoji)').fill('📏')
    await form.getByLabel('Categoria').selectOption({ label: 'Regras e arbitragem' })
    await form
      .getByLabel('Descrição')
      .fill('Tira dúvidas sobre as regras oficiais do beach tennis.')
    await form.getByLabel('Pergunta de exemplo').fill('O saque pode quicar antes?')
    await form
      .getByLabel('Resposta de exemplo')
      .fill('Não: no beach tennis a bola não pode quicar.')
    await admin.capture('69-admin-agente-novo')
    await form.getByRole('button', { name: 'Criar agente' }).click()
    await admin.expectToast('Rita Regras criado na Agent Store.')
    const card = admin.page.getByRole('listitem').filter({ hasText: 'Rita Regras' })
    await card.getByText('Na loja').waitFor()
    await card.getByRole('button', { name: 'Ocultar' }).click()
    await card.getByText('Oculto').waitFor()
    await admin.capture('70-admin-agentes')
  })

  it('every section fits a phone, and a player is kept out', async () => {
    const admin = await open(baseURL, 'mobile')
    const ops = new Console(admin)
    await admin.logIn(SEEDED_ACCOUNTS.admin, SEEDED_PASSWORD)
    await ops.openFromSidebar()
    await admin.page.getByRole('list', { name: 'Números do Areia' }).waitFor()
    await admin.capture('60-admin-visao-geral')
    for (const [label, slug] of SECTIONS) {
      await ops.section(label, slug)
      await admin.page.locator('.spinner').waitFor({ state: 'detached' })
      await admin.capture(`admin-${slug}`)
      // Nothing wider than the screen: tables fold into cards.
      const overflow = await admin.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `horizontal overflow on ${slug}`).toBeLessThanOrEqual(0)
    }

    const player = await open(baseURL, 'mobile')
    await player.logIn(SEEDED_ACCOUNTS.shell, SEEDED_PASSWORD)
    await player.openSidebar()
    expect(await player.sidebar().getByRole('link', { name: 'Console' }).count()).toBe(0)
    await player.page.keyboard.press('Escape')
    await player.goto('/admin/cupons')
    await player.expectHeading('Acesso restrito')
    // The server is the authority: the player's own token is refused there too.
    const status = await player.page.evaluate(async () => {
      const token = localStorage.getItem('areia.access_token') ?? ''
      const res = await fetch('/api/v1/admin/coupons', {
        headers: { Authorization: `Bearer ${token}` },
      })
      return { status: res.status, body: (await res.json()) as { detail: string; code: string } }
    })
    expect(status).toEqual({
      status: 403,
      body: { detail: 'Você não tem permissão para acessar esta área.', code: 'forbidden' },
    })
  })

  it('staff land where they work, also when they open the player onboarding', async () => {
    const analyst = await open(baseURL, 'mobile')
    await analyst.logIn(SEEDED_ACCOUNTS.analyst, SEEDED_PASSWORD)
    await analyst.expectPath('/analista')
    await analyst.expectHeading('Fila de análises')
    await analyst.capture('66-analista-fila')
    await analyst.goto('/')
    await analyst.expectPath('/analista')
    // The menu leads back to the queue from the player pages.
    await analyst.goto('/chat')
    await analyst.navigate('Análises')
    await analyst.expectPath('/analista')

    const admin = await open(baseURL, 'desktop')
    await admin.logIn(SEEDED_ACCOUNTS.admin, SEEDED_PASSWORD)
    await admin.expectPath('/admin/visao-geral')
    await admin.goto('/')
    await admin.expectPath('/admin/visao-geral')
  })
})

/** Its own server in SALES_MODE=waitlist, with a player (onboarded) and an admin. */
const startWaitlistConsole = () =>
  startOwnServer({ SALES_MODE: 'waitlist' }, { player: 'espera', admin: 'operacao' })

describe('Lista de espera no console', () => {
  it('an admin opens spots and the waiting player’s e-mail appears in the outbox', async () => {
    const env = await startWaitlistConsole()
    try {
      const player = await open(env.server.url, 'mobile')
      const billing = new BillingScreens(player)
      await player.logIn(env.player, SEEDED_PASSWORD)
      await billing.openPlansFromSidebar()
      await billing.choosePlan('Ultra', 'Entrar na lista de espera')
      await billing
        .plans()
        .getByText(/^Obrigado pelo interesse no plano Ultra Mensal!/)
        .waitFor()

      const admin = await open(env.server.url, 'desktop')
      const ops = new Console(admin)
      await admin.logIn(env.admin, SEEDED_PASSWORD)
      await ops.openFromSidebar()
      await ops.section('Lista de espera', 'lista-de-espera')
      const entry = ops.row(env.player)
      await entry.getByText('Aguardando').waitFor()
      expect(await entry.innerText()).toContain('Ultra Mensal')
      await admin.capture('66-admin-lista-de-espera')
      await admin.field('Quantas vagas').fill('1')
      await admin.button('Abrir vagas').click()
      await admin.page
        .getByRole('status')
        .filter({ hasText: `1 jogador foi convidado por e-mail. ${env.player}.` })
        .waitFor()
      await entry.getByText(/^Convidado em/).waitFor()
      await admin.capture('67-admin-vagas-abertas')

      await ops.section('E-mails', 'emails')
      // The outbox; the local mailbox above it holds the same e-mail as the player received it.
      const mail = admin.page
        .getByRole('list', { name: 'Caixa de saída' })
        .getByRole('listitem')
        .filter({ hasText: 'Abriu uma vaga no plano Ultra!' })
        .filter({ hasText: env.player })
      await mail.getByText('Abriu uma vaga no plano Ultra!').click()
      await mail.getByText(/e ela é sua\./).waitFor()
      expect(await mail.innerText()).toContain('Abriu uma vaga no plano Ultra Mensal, e ela é sua.')
      await admin.capture('68-admin-email-convite')

      // The invited player, back in the app, can now buy the plan they waited for; the others
      // stay closed while sales are on the waiting list.
      await player.page.reload()
      await billing.openPlansFromSidebar()
      await billing.choosePlan('Ultra', 'Assinar Ultra')
      await billing.expectCheckout('Plano: Ultra (Mensal)')
      await player.button('Simular pagamento').click()
      await player.acceptAlert('Pagamento confirmado! ✅ Sua assinatura foi ativada.')
      await billing.expectMyPlanRow('Plano', 'Ultra (Mensal)')
      await ops.section('Lista de espera', 'lista-de-espera')
      await admin.page.reload()
      await admin.text('Ninguém na lista de espera.').waitFor()
    } finally {
      for (const s of sessions.splice(0)) await s.close()
      await env.stop()
    }
  })
})
