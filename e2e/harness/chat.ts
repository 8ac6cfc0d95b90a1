import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

const WAIT = { timeout: 20_000 }

export type ChatLine = { name: string; role: string; text: string }
/** What a line must show: each field exactly, or matching a pattern. */
export type LineMatch = Partial<Record<keyof ChatLine, string | RegExp>>

/** A coach's role as shown, which agrees with the coach ("Coach Técnico", "Coach Técnica"). */
export const ROLE = {
  TECNICO: /^Coach Técnic[oa]$/,
  MENTAL: /^Coach Mental$/,
  ESTATISTICO: /^Coach Estatístic[oa]$/,
} as const

function matches(value: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? value === expected : expected.test(value)
}

/** Records every typing line the page ever shows, however briefly (before the app loads). */
export const RECORD_TYPING_SCRIPT = `
  window.__typingSeen = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.chat__typing')) {
      const text = el.textContent || '';
      if (!window.__typingSeen.includes(text)) window.__typingSeen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`

/** How much of the screen's height the conversation itself has (at least 60 % on a phone). */
export async function conversationShare(page: Page): Promise<number> {
  const box = await page.getByRole('region', { name: 'Conversa' }).boundingBox()
  const height = page.viewportSize()?.height ?? 1
  return (box?.height ?? 0) / height
}

/** The chat screen as a player uses it: read the conversation, type, tap chips. */
export class ChatScreen {
  constructor(readonly page: Page) {}

  messages(): Locator {
    return this.page.locator('.chat__messages > li')
  }

  input(): Locator {
    return this.page.getByLabel('Mensagem', { exact: true })
  }

  async lines(): Promise<ChatLine[]> {
    return this.messages().evaluateAll((items) =>
      items.map((li) => ({
        name: li.querySelector('.message__name')?.textContent ?? '',
        role: li.querySelector('.message__role')?.textContent ?? '',
        text: li.querySelector('.message__text')?.textContent ?? '',
      })),
    )
  }

  /** Stored ids on screen; an optimistic copy not yet stored has none and counts as 0. */
  async ids(): Promise<number[]> {
    return this.messages().evaluateAll((items) =>
      items.map((li) => Number(li.getAttribute('data-message-id') ?? 0)),
    )
  }

  async lastLine(): Promise<ChatLine | undefined> {
    return (await this.lines()).at(-1)
  }

  /** Connected, nobody typing: the box takes an answer. */
  async waitUntilReady() {
    await this.page.getByText('Conectado', { exact: true }).waitFor(WAIT)
    await expect.poll(() => this.input().isEnabled(), WAIT).toBe(true)
  }

  async send(text: string) {
    await this.waitUntilReady()
    await this.input().fill(text)
    await this.input().press('Enter')
    await this.expectLine({ name: 'Você', text })
  }

  async tapChip(text: string) {
    await this.waitUntilReady()
    await this.page
      .getByRole('group', { name: 'Sugestões de resposta' })
      .getByRole('button', { name: text, exact: true })
      .click()
    await this.expectLine({ name: 'Você', text })
  }

  async chips(): Promise<string[]> {
    return this.page.locator('.chat__chips .chip').allTextContents()
  }

  async expectLine(match: LineMatch, from = 0) {
    await expect
      .poll(
        async () =>
          (await this.lines())
            .slice(from)
            .some((line) =>
              Object.entries(match).every(([key, value]) =>
                matches(line[key as keyof ChatLine], value),
              ),
            ),
        WAIT,
      )
      .toBe(true)
  }

  /** Sends a question and waits for the coach with `role` to answer it; returns that answer. */
  async ask(question: string, role: string | RegExp): Promise<ChatLine> {
    await this.waitUntilReady()
    const before = await this.messages().count()
    await this.send(question)
    await this.expectLine({ role }, before)
    const answer = (await this.lines()).slice(before).find((line) => matches(line.role, role))
    if (!answer) throw new Error(`no answer from ${role}`)
    return answer
  }

  /**
   * Waits for the three coaches' introductions and returns their names by role. They come
   * from a job after onboarding: a question typed before them would be answered after them.
   */
  async expectIntroductions(): Promise<string[]> {
    const team = [ROLE.TECNICO, ROLE.MENTAL, ROLE.ESTATISTICO]
    for (const role of team) await this.expectLine({ role })
    const lines = await this.lines()
    const names = team.map((role) => lines.find((line) => role.test(line.role))?.name ?? '')
    expect(new Set(names).size).toBe(3)
    for (const name of names) expect(name).not.toBe('')
    return names
  }

  async typingSeen(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __typingSeen: string[] }).__typingSeen)
  }
}

/**
 * Answers the host's onboarding questions the way a player would: mostly typing, one chip.
 * Returns once the app has moved to /chat.
 */
export async function finishOnboarding(chat: ChatScreen, name: string) {
  const answered: string[] = []
  // Lines on screen once the last answer is among them: the next question comes after these.
  let answeredUpTo = 0
  for (let turn = 0; turn < 20; turn++) {
    await chat.page.waitForFunction(
      (after) => {
        if (location.pathname === '/chat') return true
        const items = document.querySelectorAll('.chat__messages > li')
        return (
          items.length > after &&
          items[items.length - 1]?.querySelector('.message__name')?.textContent === 'Areia' &&
          !document.querySelector('#chat-input')?.hasAttribute('disabled')
        )
      },
      answeredUpTo,
      WAIT,
    )
    if (new URL(chat.page.url()).pathname === '/chat') return answered
    const text = (await chat.lastLine())?.text ?? ''
    // An answer's acknowledgement comes first ("Mão direita, anotado. Como você se
    // identifica?"): what to answer is in the question itself.
    const question =
      text
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => sentence.endsWith('?'))
        .at(-1) ?? text
    answeredUpTo = (await chat.messages().count()) + 1
    if (/chamad|chame|nome/i.test(question)) await chat.send(`Pode me chamar de ${name}`)
    else if (/categoria por idade/i.test(question)) await chat.tapChip('Não jogo por idade')
    else if (/categoria/i.test(question)) await chat.send('Jogo na categoria C')
    else if (/altura/i.test(question)) await chat.send('1,72')
    else if (/mão/i.test(question)) await chat.send('Mão direita')
    else if (/identifica/i.test(question)) await chat.send('Feminino')
    else if (/objetivo/i.test(question)) await chat.send('Quero subir de categoria e competir')
    else if (/vezes por semana/i.test(question)) await chat.send('3 vezes por semana')
    else {
      const [chip] = await chat.chips()
      if (chip) await chat.tapChip(chip)
      else {
        // The closing message asks nothing: the client is on its way to /chat.
        await chat.page.waitForURL('**/chat', WAIT)
        return answered
      }
    }
    answered.push(question)
  }
  throw new Error(`onboarding did not finish; asked: ${answered.join(' | ')}`)
}
