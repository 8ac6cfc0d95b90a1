import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { SHARE_TEXT, SHARE_TITLE, SharePanel } from './share-panel'

const TOKEN = 'b'.repeat(43)
const png = () =>
  new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
    headers: { 'Content-Type': 'image/png' },
  })

function server() {
  return mockServer({
    'GET /api/v1/videos/7/report/share': () =>
      jsonResponse({ created_at: null, include_partner: false }),
    'POST /api/v1/videos/7/report/share': () =>
      jsonResponse(
        { url: `/r/${TOKEN}`, created_at: '2026-12-07T12:00:00.000Z', include_partner: false },
        201,
      ),
    'GET /api/v1/videos/7/report/card.png': png,
  })
}

async function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SharePanel videoId={7} hasPartner={false} />
    </QueryClientProvider>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Compartilhar' }))
  return screen.getByRole('dialog', { name: 'Compartilhar a análise' })
}

beforeEach(() => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  URL.createObjectURL = vi.fn(() => 'blob:card')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'share')
  Reflect.deleteProperty(navigator, 'canShare')
})

describe('sharing a report', () => {
  it("opens the phone's share sheet with the link, and with the image as a file", async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true })
    const calls = server().calls
    const dialog = await openDialog()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Compartilhar link' }))
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: SHARE_TITLE,
        text: SHARE_TEXT,
        url: `http://localhost:3000/r/${TOKEN}`,
      }),
    )
    expect(within(dialog).getByLabelText('Endereço do link')).toHaveValue(
      `http://localhost:3000/r/${TOKEN}`,
    )

    // A story by default; the square asks for its own image.
    expect(await within(dialog).findByRole('img', { name: /formato story/ })).toBeVisible()
    await userEvent.click(within(dialog).getByRole('radio', { name: /Quadrado/ }))
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/report/card.png?format=square'))).toBe(true),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Compartilhar imagem' }))
    const sent = share.mock.calls.at(-1)![0] as { files: File[] }
    expect(sent.files[0]!.name).toBe('areia-jogo-7-square.png')
    expect(sent.files[0]!.type).toBe('image/png')
  })

  it('without a share sheet copies the link and downloads the image', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    server()
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Compartilhar link' }))
    expect(await within(dialog).findByText('Link copiado: cole onde quiser.')).toBeVisible()
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/r/${TOKEN}`)
    expect(await within(dialog).findByRole('button', { name: 'Baixar imagem' })).toBeEnabled()
  })
})
