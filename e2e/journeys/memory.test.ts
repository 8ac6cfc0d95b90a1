import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_PASSWORD, uniqueEmail } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen, finishOnboarding } from '../harness/chat'
import { freePort, startServer, type RunningServer } from '../harness/server'
import { UserSession, type ViewportName } from '../harness/user-session'

// The server comes back "the next day": its clock, and the browser's, a day ahead.
const DAY = 86_400
const WAIT = { timeout: 30_000 }
const MONTHS =
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(
    ' ',
  )

/** How the memory screen writes a tournament 3 weeks from today. */
function inThreeWeeks(): string {
  // The player's calendar is Brazil's (UTC−3).
  const now = new Date(Date.now() - 3 * 3_600_000)
  const d = new Date(now.getTime() + 21 * DAY * 1000)
  const year = d.getUTCFullYear() !== now.getUTCFullYear() ? ` de ${d.getUTCFullYear()}` : ''
  return `Torneio dia ${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]}${year}.`
}

let browser: Browser
let sessions: UserSession[] = []
let server: RunningServer | undefined
let dataDir: string
let port: number

beforeAll(async () => {
  browser = await launchBrowser()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-memory-'))
  port = await freePort()
  server = await startServer(dataDir, { port })
})
afterEach(async () => {
  for (const session of sessions) await session.close()
  sessions = []
})
afterAll(async () => {
  await browser.close()
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function open(viewport: ViewportName, email: string, signUp: boolean, aheadDays = 0) {
  if (!server) throw new Error('no server')
  const session = await UserSession.open(browser, server.url, viewport)
  sessions.push(session)
  // The browser reads token expiry with its own clock: it lives the same day as the server.
  if (aheadDays > 0)
    await session.context.clock.install({ time: Date.now() + aheadDays * DAY * 1000 })
  if (signUp) await session.signUp(email, SEEDED_PASSWORD)
  await session.logIn(email, SEEDED_PASSWORD)
  return { session, chat: new ChatScreen(session.page) }
}

/** The team's answer to a question: every coach line after it, joined. */
async function teamAnswer(chat: ChatScreen, question: string): Promise<string> {
  await chat.waitUntilReady()
  const before = await chat.messages().count()
  await chat.send(question)
  await chat.expectLine({ role: /^Coach / }, before)
  await chat.waitUntilReady()
  return (await chat.lines())
    .slice(before)
    .filter((l) => l.name !== 'Você')
    .map((l) => l.text)
    .join('\n')
}

describe('the team remembers what the player said in passing', () => {
  it('shows it in Memória the next day, uses it where it matters, and stops once forgotten', async () => {
    const email = uniqueEmail('memoria')
    const first = await open('mobile', email, true)
    await first.session.expectPath('/')
    await finishOnboarding(first.chat, 'Lu')
    await first.chat.expectIntroductions()
    await teamAnswer(
      first.chat,
      'oi! jogo com o Beto, ele é canhoto. Uso uma heroes e meu ombro ta doendo depois dos jogos. Tenho um torneio daqui a 3 semanas',
    )
    await first.session.close()
    sessions = []

    // The next day.
    await server?.stop()
    server = await startServer(dataDir, { port, env: { CLOCK_OFFSET_SECONDS: String(DAY) } })
    const tournament = inThreeWeeks()
    const { session, chat } = await open('mobile', email, false, 1)
    await session.goto('/memoria')
    await session.expectHeading('O que a equipe sabe de você')
    for (const [group, text] of [
      ['Dupla', 'Parceiro: Beto, canhoto.'],
      ['Equipamento', 'Raquete Heroes.'],
      ['Dores e lesões', 'Dor no ombro depois dos jogos.'],
      ['Torneios', tournament],
    ] as const) {
      const list = session.page.getByRole('list', { name: group, exact: true })
      await list.getByText(text, { exact: true }).waitFor(WAIT)
    }
    await session.expectText('jogo com o Beto, ele é canhoto')
    await session.capture('memory-01-top')
    await session.page.getByRole('heading', { name: 'Lembranças' }).scrollIntoViewIfNeeded()
    await session.capture('memory-02-facts')

    const desktop = await open('desktop', email, false, 1)
    await desktop.session.goto('/memoria')
    await desktop.session.expectText(tournament)
    await desktop.session.page.getByRole('heading', { name: 'Lembranças' }).scrollIntoViewIfNeeded()
    await desktop.session.capture('memory-02-facts')

    await session.goto('/chat')
    expect(await teamAnswer(chat, 'monta meu plano de treino da semana')).toMatch(
      new RegExp(
        `Com o torneio ${tournament.replace(/^Torneio /, 'do ').replace(/( de \d{4})?\.$/, '')}`,
      ),
    )
    expect(await teamAnswer(chat, 'como melhorar a comunicação com minha dupla?')).toMatch(
      /\bcom o Beto\b/i,
    )
    expect(await teamAnswer(chat, 'como melhorar meu voleio?')).toMatch(
      /dor no ombro que você contou/,
    )

    await session.goto('/memoria')
    await session.page.getByRole('button', { name: `Esquecer: ${tournament}` }).click()
    await session.page.getByRole('list', { name: 'Torneios' }).waitFor({ state: 'detached' })
    await session.goto('/chat')
    const after = await teamAnswer(chat, 'quantas vezes por semana devo treinar?')
    expect(after).not.toMatch(/torneio do dia/i)
  })
})
