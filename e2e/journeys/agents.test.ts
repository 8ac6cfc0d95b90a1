import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_PASSWORD } from '../harness/accounts'
import { AGENT_ACCOUNTS } from '../harness/agents-seed'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, ROLE } from '../harness/chat'
import { UserSession, type ViewportName } from '../harness/user-session'

const baseURL = inject('baseURL')
const WAIT = { timeout: 20_000 }
let browser: Browser
let sessions: UserSession[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  for (const session of sessions) await session.close()
  sessions = []
})

async function player(email: string, viewport: ViewportName) {
  const session = await UserSession.open(browser, baseURL, viewport)
  sessions.push(session)
  await session.logIn(email, SEEDED_PASSWORD)
  await session.expectPath('/chat')
  return { session, chat: new ChatScreen(session.page) }
}

/** No push banner over the screen and no toast in front of it: the picture shows the screen. */
async function capture(session: UserSession, name: string) {
  const later = session.page.getByRole('button', { name: 'Agora não', exact: true })
  // Under an open dialog the banner is behind its backdrop, which takes the click.
  const dialogOpen = await session.page.getByRole('dialog').first().isVisible()
  if (!dialogOpen && (await later.isVisible())) await later.click()
  await expect.poll(() => session.page.getByTestId('toast').isVisible(), WAIT).toBe(false)
  await session.capture(name)
}

const card = (session: UserSession, name: string) =>
  session.page.getByRole('article', { name, exact: true })

describe('Agent Store, group chat and coach memory', () => {
  it('a Pro player adds a partner, mentions it and gets its reply; a second is refused; a memory edit shows up', async () => {
    const { session, chat } = await player(AGENT_ACCOUNTS.pro, 'mobile')
    await chat.waitUntilReady()

    // The store, from the chat header.
    await session.page.getByRole('link', { name: 'Agentes parceiros' }).click()
    await session.expectPath('/agentes')
    await session.expectHeading('Agentes parceiros')
    await session.expectText('Plano Pro: 0 de 1 agente parceiro na conversa.')
    expect(await session.page.getByRole('article').count()).toBeGreaterThanOrEqual(6)
    await capture(session, 'agentes-loja')

    // Filter by area, then search.
    await session.page.getByRole('button', { name: 'Equipamentos', exact: true }).click()
    await expect.poll(() => session.page.getByRole('article').count(), WAIT).toBe(1)
    await card(session, 'Zeca').waitFor()
    await session.page.getByRole('button', { name: 'Todas', exact: true }).click()
    await session.field('Buscar agentes').fill('hidratação')
    await expect.poll(() => session.page.getByRole('article').count(), WAIT).toBe(1)
    await card(session, 'Cora').waitFor()
    await session.field('Buscar agentes').fill('')

    // Try before adding: the answer stays in the dialog.
    await card(session, 'Cora').getByRole('button', { name: 'Experimentar Cora' }).click()
    const dialog = session.page.getByRole('dialog', { name: 'Experimentar Cora' })
    await dialog.getByRole('button', { name: 'Perguntar' }).click()
    await dialog
      .getByText(/horas antes/)
      .first()
      .waitFor(WAIT)
    await capture(session, 'agentes-experimentar')
    await dialog.getByRole('button', { name: 'Adicionar à conversa' }).click()
    await session.expectToast('Cora entrou na sua conversa. Chame com @Cora no chat.')
    await session.expectText('Plano Pro: 1 de 1 agente parceiro na conversa.')
    await card(session, 'Cora').getByText('Na conversa').waitFor()

    // A second partner is beyond the Pro plan's limit.
    await card(session, 'Tito').getByRole('button', { name: 'Adicionar Tito' }).click()
    // The allowance line turns into the refusal (a toast says it too, wherever the card was).
    const refusal = session.page
      .getByRole('region', { name: 'Agentes parceiros' })
      .getByRole('alert')
      .filter({ hasText: 'O plano Pro permite' })
    await refusal.waitFor(WAIT)
    expect(await refusal.textContent()).toContain(
      'O plano Pro permite 1 agente parceiro na conversa. Remova um para adicionar outro ou mude de plano.',
    )
    await refusal.getByRole('button', { name: 'Ver planos' }).waitFor()
    await session.expectToast('O plano Pro permite 1 agente parceiro na conversa.')
    await session.page.evaluate(() => window.scrollTo(0, 0))
    await capture(session, 'agentes-limite')

    // In the chat: @ offers the partner, keyboard picks it, Cora answers in the group.
    await session.navigate('Chat')
    await session.expectPath('/chat')
    await chat.waitUntilReady()
    await chat.input().fill('@Co')
    await session.page.getByRole('listbox', { name: 'Mencionar' }).waitFor()
    await expect
      .poll(() => session.page.getByRole('option').allTextContents())
      .toEqual([expect.stringContaining('@Cora')])
    await capture(session, 'agentes-mencao')
    await chat.input().press('Enter')
    expect(await chat.input().inputValue()).toBe('@Cora ')
    await chat.input().pressSequentially('o que comer antes do jogo?')
    const before = await chat.messages().count()
    await chat.input().press('Enter')
    await chat.expectLine({ name: 'Cora', role: 'Parceiro · Nutrição' }, before)
    const reply = (await chat.lines()).slice(before).find((l) => l.name === 'Cora')
    expect(reply?.text).toMatch(/horas antes/)
    await chat.waitUntilReady()
    await chat
      .messages()
      .filter({ hasText: 'Parceiro · Nutrição' })
      .last()
      .locator('.message__meta')
      .scrollIntoViewIfNeeded()
    await capture(session, 'agentes-chat-parceiro')

    // Memory: the team's notes, edited; the next coach reply uses them.
    await session.navigate('Memória da Equipe')
    await session.expectPath('/memoria')
    await session.expectHeading('O que a equipe sabe de você')
    await session.field('Nova lembrança').fill('Tenho dor no ombro direito')
    await session.button('Adicionar').click()
    await session.page
      .getByRole('list', { name: 'Lembranças' })
      .getByText('Tenho dor no ombro direito')
      .waitFor(WAIT)
    await session.page.getByLabel('Categoria').selectOption('A')
    await session.button('Salvar perfil').click()
    await session.expectToast('Perfil atualizado. A equipe já usa a versão nova.')
    await session.page.evaluate(() => window.scrollTo(0, 0))
    await capture(session, 'agentes-memoria')

    await session.navigate('Chat')
    await chat.waitUntilReady()
    const answer = await chat.ask('como melhorar meu smash?', ROLE.TECNICO)
    expect(answer.text).toContain('categoria A')
    expect(answer.text).toContain('ombro')
  })

  it('a Free player sees the limit and reaches the plans; desktop screens', async () => {
    const free = await player(AGENT_ACCOUNTS.free, 'desktop')
    await free.session.navigate('Agentes Parceiros')
    await free.session.expectPath('/agentes')
    await free.session.expectText('O plano Free Trial não inclui agentes parceiros na conversa.')
    await free.session.button('Adicionar Nina').click()
    const refusal = free.session.page
      .getByRole('region', { name: 'Agentes parceiros' })
      .getByRole('alert')
      .filter({ hasText: 'Free Trial' })
    await refusal.waitFor(WAIT)
    await refusal.getByRole('button', { name: 'Ver planos' }).click()
    await free.session.page.getByRole('dialog', { name: 'Escolha um plano' }).waitFor(WAIT)

    // The Pro player's screens on a computer, after the phone journey above.
    const { session, chat } = await player(AGENT_ACCOUNTS.pro, 'desktop')
    await chat.waitUntilReady()
    await chat.expectLine({ name: 'Cora', role: 'Parceiro · Nutrição' })
    await chat.input().fill('@')
    await session.page.getByRole('listbox', { name: 'Mencionar' }).waitFor()
    await capture(session, 'agentes-mencao')
    await chat.input().fill('')
    await capture(session, 'agentes-chat-parceiro')
    await session.page.getByRole('link', { name: 'Agentes parceiros' }).click()
    await session.expectText('Plano Pro: 1 de 1 agente parceiro na conversa.')
    await capture(session, 'agentes-loja')
    await card(session, 'Tito').getByRole('button', { name: 'Experimentar Tito' }).click()
    const dialog = session.page.getByRole('dialog', { name: 'Experimentar Tito' })
    await dialog.getByRole('button', { name: 'Perguntar' }).click()
    await dialog.getByText(/let/).first().waitFor(WAIT)
    await capture(session, 'agentes-experimentar')
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await session.navigate('Memória da Equipe')
    await session.page.getByText('Tenho dor no ombro direito').waitFor(WAIT)
    await capture(session, 'agentes-memoria')
  })
})
