import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SEEDED_ACCOUNTS, SEEDED_PASSWORD } from '../harness/accounts'
import { launchBrowser } from '../harness/browser'
import { ChatScreen } from '../harness/chat'
import { UserSession, type ViewportName } from '../harness/user-session'
import { makeTestVideo, throttleUploads, UPLOAD_PATH } from '../harness/videos'

const baseURL = inject('baseURL')
const WAIT = { timeout: 30_000 }
let browser: Browser
let session: UserSession
let video: Awaited<ReturnType<typeof makeTestVideo>>
/** Another video file (another name): not the one an interrupted upload was sending. */
let otherFile: string

beforeAll(async () => {
  ;[browser, video] = await Promise.all([launchBrowser(), makeTestVideo()])
  otherFile = path.join(path.dirname(video.file), 'outro-jogo.mp4')
  fs.copyFileSync(video.file, otherFile)
})
afterAll(async () => {
  await browser.close()
  video.cleanup()
})
afterEach(async () => {
  await session.close()
})

const RECEIPT = /^Recebemos o seu vídeo!/
const PLAYERS = ['1º jogador', '2º jogador', '3º jogador', '4º jogador']

async function openChat(email: string, viewport: ViewportName = 'mobile') {
  session = await UserSession.open(browser, baseURL, viewport)
  await session.logIn(email, SEEDED_PASSWORD)
  await session.expectPath('/chat')
  const chat = new ChatScreen(session.page)
  await chat.waitUntilReady()
  return chat
}

function uploadDialog() {
  return session.page.getByRole('dialog', { name: 'Enviar vídeo do jogo' })
}

async function pickFile() {
  await session.page.getByLabel('Arquivo de vídeo', { exact: true }).setInputFiles(video.file)
}

/** The chips of the last message holding actions. */
async function actionChips(): Promise<string[]> {
  return session.page.locator('.message__actions .chip').allTextContents()
}

/** A message whose text (markdown rendered, so trimmed here) matches. */
async function expectMessage(chat: ChatScreen, text: string | RegExp) {
  const matches = (line: string) =>
    typeof text === 'string' ? line.trim() === text : text.test(line.trim())
  await expect.poll(async () => (await chat.lines()).some((l) => matches(l.text)), WAIT).toBe(true)
}

async function waitForReceipt(chat: ChatScreen) {
  await expectMessage(chat, RECEIPT)
  // Every byte has arrived: the receipt has no send left to cancel.
  await expect.poll(actionChips, WAIT).toEqual(PLAYERS)
}

describe('match videos', () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`a paying player uploads, identifies, tells the result and manages it in Meus Vídeos (${viewport})`, async () => {
      const account =
        viewport === 'mobile' ? SEEDED_ACCOUNTS.videosMobile : SEEDED_ACCOUNTS.videosDesktop
      const chat = await openChat(account, viewport)
      const page = session.page

      // Empty "Meus Vídeos" first.
      await session.goto('/videos')
      await session.expectHeading('Meus Vídeos')
      await session.expectText('Você ainda não enviou nenhum vídeo.')
      await session.capture('videos-empty')
      // Its link lands in the chat with the upload modal already open.
      await page.getByRole('link', { name: 'Enviar um vídeo pelo chat' }).click()
      await session.expectPath('/chat')

      // The modal: source step with the filming guide, then a link step and back.
      await uploadDialog().waitFor(WAIT)
      await session.expectText(/atrás da linha de fundo/)
      await session.capture('upload-modal-source')
      await uploadDialog().getByRole('button', { name: 'Google Drive' }).click()
      const linkDialog = page.getByRole('dialog', { name: 'Enviar link do Google Drive' })
      await linkDialog.waitFor(WAIT)
      await linkDialog.getByRole('button', { name: 'Enviar link' }).click()
      await session.expectText('Por favor, insira uma URL válida.')
      await session.capture('upload-modal-link')
      await linkDialog.getByRole('button', { name: 'Voltar' }).click()

      // The device upload, slowed so its real progress shows, in the modal and in the chat.
      await throttleUploads(page, 40 * 1024)
      await pickFile()
      await session.expectText(/^Enviando \d+% · [\d,]+ [KM]B de [\d,]+ [KM]B$/)
      await expect
        .poll(() => page.getByRole('progressbar').first().getAttribute('aria-valuenow'), WAIT)
        .not.toBe('0')
      await session.capture('upload-modal-progress')
      await session.button('Continuar no chat').click()
      await uploadDialog().waitFor({ state: 'detached', ...WAIT })
      const card = page.locator('.chat-upload')
      await card.waitFor(WAIT)
      await session.capture('chat-upload-progress')
      await throttleUploads(page, null)

      // The receipt, then the request to say which player: input waits.
      await waitForReceipt(chat)
      await card.waitFor({ state: 'detached', ...WAIT })
      expect(await chat.input().isDisabled()).toBe(true)
      await session.capture('chat-video-chips')

      await page.getByRole('button', { name: '2º jogador', exact: true }).click()
      await expectMessage(chat, 'Obrigado! Registramos que você é o 2º jogador.')
      await expect.poll(actionChips, WAIT).toEqual([])
      await expectMessage(chat, /data e o resultado/)
      // Read back in one line, with chips to correct it; only what is confirmed is kept.
      await chat.send('perdemos 6/4 no super tie-break depois de 4/6 6/3, dia 12/10/2025')
      await expectMessage(
        chat,
        'Entendi: derrota por 4/6 6/3 e 4/6 no super tie-break, no domingo 12/10/2025 — confere?',
      )
      expect(await chat.chips()).toEqual([
        'Confere',
        'Corrigir o placar',
        'Corrigir a data',
        'Foi vitória',
      ])
      await session.capture('chat-game-readback')
      await chat.input().blur()
      await chat.tapChip('Corrigir o placar')
      await expectMessage(chat, /^Qual foi o placar\?/)
      await chat.send('4/6 6/3 4/10')
      await expectMessage(
        chat,
        'Entendi: derrota por 4/6 6/3 e 4/10 no super tie-break, no domingo 12/10/2025 — confere?',
      )
      await chat.input().blur()
      await chat.tapChip('Confere')
      await expectMessage(
        chat,
        'Anotado: derrota por 4/6 6/3 e 4/10 no super tie-break, no domingo 12/10/2025. Vou levar isso em conta na análise do vídeo. 📊',
      )

      // "Meus Vídeos" lists it with its status; deleting asks first.
      await session.navigate('Meus Vídeos')
      await session.expectHeading('Meus Vídeos')
      await session.expectText('Na fila de análise')
      await session.capture('videos-list')
      await page.getByRole('button', { name: /^Excluir vídeo enviado em/ }).click()
      const confirm = page.getByRole('alertdialog')
      await confirm.waitFor(WAIT)
      expect(await confirm.locator('.alert-dialog__message').innerText()).toBe(
        'Tem certeza que deseja excluir este vídeo? Esta ação não pode ser desfeita.',
      )
      await session.capture('videos-delete-confirm')
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await session.expectText('Você ainda não enviou nenhum vídeo.')
      await page.reload()
      await session.expectText('Você ainda não enviou nenhum vídeo.')
    })
  }

  it('Cancelar Envio stops a send still on its way, deletes the video and says so', async () => {
    const chat = await openChat(SEEDED_ACCOUNTS.videosCancel)
    const page = session.page
    // Slowed, so the bytes are still going when the player cancels from the chat.
    await throttleUploads(page, 40 * 1024)
    await session.button('Enviar Vídeo').click()
    await uploadDialog().waitFor(WAIT)
    await pickFile()
    await session.button('Continuar no chat').click()
    const card = page.locator('.chat-upload')
    await card.waitFor(WAIT)
    await card.getByRole('button', { name: 'Cancelar Envio' }).click()
    await throttleUploads(page, null)
    await expectMessage(chat, 'O envio do vídeo foi cancelado.')
    await card.waitFor({ state: 'detached', ...WAIT })
    await expect.poll(actionChips, WAIT).toEqual([])
    await expect.poll(() => chat.input().isEnabled(), WAIT).toBe(true)
    // A reload brings no stale chips and no identification prompt back.
    await session.page.reload()
    await chat.waitUntilReady()
    expect(await actionChips()).toEqual([])
    await session.goto('/videos')
    await session.expectText('Você ainda não enviou nenhum vídeo.')
  })

  it("a non-paying player's Enviar Vídeo opens the plans", async () => {
    await openChat(SEEDED_ACCOUNTS.shell)
    await session.button('Enviar Vídeo').click()
    await session.page.getByRole('dialog', { name: 'Escolha um plano' }).waitFor(WAIT)
    expect(await uploadDialog().count()).toBe(0)
  })

  it('an upload whose connection drops resumes and completes', async () => {
    const chat = await openChat(SEEDED_ACCOUNTS.videosResume)
    const puts: string[] = []
    let cut = false
    await session.page.route(UPLOAD_PATH, async (route) => {
      const request: Request = route.request()
      const range = (await request.headerValue('content-range')) ?? ''
      puts.push(range)
      // The first chunk dies on the way, as on a mobile network.
      if (!cut && /^bytes 0-/.test(range)) {
        cut = true
        return route.abort('connectionreset')
      }
      return route.continue()
    })
    await session.button('Enviar Vídeo').click()
    await uploadDialog().waitFor(WAIT)
    await pickFile()
    await session.expectText('Vídeo enviado!')
    // Chromium logs the cut request itself; that cut is the test, not a fault of the app.
    const kept = session.problems.filter((p) => !/ERR_CONNECTION_RESET/.test(p))
    session.problems.splice(0, session.problems.length, ...kept)
    // After the cut the client asked where to resume, then sent the rest.
    expect(puts[0]).toBe(`bytes 0-${video.size - 1}/${video.size}`)
    expect(puts[1]).toBe(`bytes */${video.size}`)
    expect(puts.at(-1)).toMatch(new RegExp(`/${video.size}$`))
    await session.button('Ir para o chat').click()
    // The whole file passed the quality gate: the receipt and the identification request.
    await waitForReceipt(chat)
  })

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`an upload cut by a page reload resumes with the same file (${viewport})`, async () => {
      const account =
        viewport === 'mobile'
          ? SEEDED_ACCOUNTS.videosReloadMobile
          : SEEDED_ACCOUNTS.videosReloadDesktop
      const chat = await openChat(account, viewport)
      const page = session.page
      const puts: string[] = []
      await page.route(UPLOAD_PATH, async (route) => {
        puts.push((await route.request().headerValue('content-range')) ?? '')
        return route.continue()
      })

      // Slowed so the reload lands in the middle of the file, part of it already stored.
      await throttleUploads(page, 40 * 1024)
      await session.button('Enviar Vídeo').click()
      await uploadDialog().waitFor(WAIT)
      await pickFile()
      const percent = async () =>
        Number(await page.getByRole('progressbar').first().getAttribute('aria-valuenow'))
      await expect.poll(percent, WAIT).toBeGreaterThanOrEqual(20)
      // The app asks before leaving with bytes in flight; the player leaves anyway.
      page.once('dialog', (dialog) => void dialog.accept())
      await page.reload()
      await throttleUploads(page, null)
      await chat.waitUntilReady()

      // The chat and "Meus Vídeos" both show the interrupted upload with its two actions.
      const card = page.locator('.chat-upload')
      await card.getByText('Envio interrompido').waitFor(WAIT)
      await card.getByText(video.file.split('/').at(-1) ?? '', { exact: false }).waitFor(WAIT)
      expect(await card.getByRole('button').allTextContents()).toEqual([
        'Retomar envio',
        'Cancelar Envio',
      ])
      await session.capture('chat-upload-interrupted')
      await session.navigate('Meus Vídeos')
      await session.expectHeading('Meus Vídeos')
      await session.expectText('Enviando')
      await session.button('Retomar envio').waitFor(WAIT)
      await session.capture('videos-upload-interrupted')

      // Another file is refused before a byte is sent; the same one resumes from the server's
      // offset, not from zero.
      const sentBefore = puts.length
      const resumeWith = async (file: string) => {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          session.button('Retomar envio').click(),
        ])
        await chooser.setFiles(file)
      }
      await resumeWith(otherFile)
      await session.expectText(/^Este não é o mesmo arquivo do envio interrompido/)
      expect(puts.length).toBe(sentBefore)
      await resumeWith(video.file)
      // Meus Vídeos refreshes by itself once this tab's upload is done.
      await session.expectText('Aguardando identificação')
      expect(await page.getByText('Enviando', { exact: true }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Retomar envio' }).count()).toBe(0)
      const resumed = puts.slice(sentBefore)
      expect(resumed[0]).toBe(`bytes */${video.size}`)
      const from = Number(/^bytes (\d+)-/.exec(resumed[1] ?? '')?.[1])
      expect(from).toBeGreaterThan(0)
      expect(resumed.at(-1)).toMatch(new RegExp(`-${video.size - 1}/${video.size}$`))
      // The whole file passed the quality gate: the chat asks which player the user is.
      await session.navigate('Chat')
      await waitForReceipt(chat)
      // Nothing is left to resume after a reload (the input waits for the identification).
      await page.reload()
      await page.getByText('Conectado', { exact: true }).waitFor(WAIT)
      expect(await page.locator('.chat-upload').count()).toBe(0)
    })
  }
})
