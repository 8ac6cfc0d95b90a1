import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, finishOnboarding } from '../harness/chat'
import { startServer, type RunningServer } from '../harness/server'
import { UserSession } from '../harness/user-session'

let browser: Browser
let server: RunningServer | undefined
let dataDir: string

beforeAll(async () => {
  browser = await launchBrowser()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-conversation-'))
  server = await startServer(dataDir)
})
afterAll(async () => {
  await browser.close()
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The team's answer to a message: every coach line after it, joined. */
async function teamAnswer(chat: ChatScreen, message: string): Promise<string> {
  await chat.waitUntilReady()
  const before = await chat.messages().count()
  await chat.send(message)
  await chat.expectLine({ role: /^Coach / }, before)
  await chat.waitUntilReady()
  return (await chat.lines())
    .slice(before)
    .filter((l) => l.name !== 'Você')
    .map((l) => l.text)
    .join('\n')
}

describe('a conversation with the coaches on a phone', () => {
  it('follows twelve turns: a partner named once, follow-ups, an injury, a session, a price, a recall', async () => {
    if (!server) throw new Error('no server')
    const session = await UserSession.open(browser, server.url, 'mobile')
    const chat = new ChatScreen(session.page)
    const email = uniqueEmail('conversa')
    await session.signUp(email, SEEDED_PASSWORD)
    await session.logIn(email, SEEDED_PASSWORD)
    // The player answers "Feminino" in onboarding.
    await finishOnboarding(chat, 'Lu')
    await chat.expectIntroductions()
    await chat.waitUntilReady()

    const said: string[] = []
    const ask = async (message: string) => {
      const answer = await teamAnswer(chat, message)
      said.push(answer)
      return answer
    }

    // 1–3: the partner, her hand and the tournament, then questions that lean on them.
    const told = await ask(
      'vou jogar um torneio com a Carol dia 20, ela é canhota e joga muito no fundo',
    )
    expect(told).toMatch(/Carol/)
    const sides = await ask('qual lado ela deveria ficar?')
    expect(sides).toMatch(/Carol/)
    expect(sides).toMatch(/direit|esquerd/)
    const serve = await ask('e quando ela saca, eu fico onde?')
    expect(serve).toMatch(/rede/)
    await session.capture('conversation-01-partner')

    // 4–6: a stroke's fault, the same question in the wind, another explanation.
    const smash = await ask('meu smash vai muito na rede, o que eu corrijo?')
    expect(smash).toMatch(/smash/i)
    const wind = await ask('e no vento?')
    expect(wind).toMatch(/vento/i)
    const again = await ask('não entendi')
    expect(again.length).toBeGreaterThan(40)
    await session.capture('conversation-02-followups')

    // 7–9: an injury of weeks ago, leave to jump, and why.
    const ankle = await ask('torci o tornozelo semana passada, já to voltando a jogar')
    expect(ankle).toMatch(/tornozelo/)
    expect(ankle).not.toMatch(/Se torceu agora/)
    const jump = await ask('posso fazer treino de salto?')
    expect(jump).toMatch(/tornozelo/)
    const why = await ask('por quê? já quase não dói')
    expect(why).toMatch(/tornozelo/)
    await session.capture('conversation-03-injury')

    // 10–12: a session of her own, a price from the plans on sale, and what the team remembers.
    const wall = await ask('me passa um treino de 40 min pra fazer sozinha no paredão')
    expect(wall).toMatch(/\*?\*?40 min/)
    expect(wall).toMatch(/paredão/)
    const price = await ask('quanto custa o Pro?')
    expect(price).toMatch(/R\$ ?\d/)
    const recall = await ask(
      'me lembra: como chama minha parceira, qual a mão dela e quando é o torneio?',
    )
    expect(recall).toMatch(/Carol/)
    expect(recall).toMatch(/canhota/)
    expect(recall).toMatch(/\b20\/\d{2}\b/)
    await session.capture('conversation-04-recall')

    // Carol is spoken of as a woman throughout.
    for (const answer of said) expect(answer).not.toMatch(/\b(seu parceiro|o Carol|canhoto)\b/)

    // The whole conversation, read from the top on the phone: each of the player's messages at
    // the top of the screen with what the team answered under it.
    await session.page.getByRole('button', { name: 'Agora não' }).click()
    const mine = session.page.locator('.chat__messages > li').filter({ hasText: /^Você/ })
    const count = await mine.count()
    for (let i = count - 12; i < count; i++) {
      await mine.nth(i).evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await session.screenshot(`conversation-turn-${String(i - (count - 12) + 1).padStart(2, '0')}`)
    }
    await session.close()
  })
})
