import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { DeleteAccountPage } from './delete-account-page'

const EXPORT = 'GET /api/v1/users/me/export'

/** What the page handed to the browser as a download: the link's name and the blob's text. */
function captureDownloads() {
  const blobs = new Map<string, Blob>()
  let next = 0
  // jsdom has no object URLs; the page's are stood in for and put back after each test.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:teste/${next++}`
    blobs.set(url, blob)
    return url
  })
  URL.revokeObjectURL = vi.fn()
  const saved: Array<{ name: string; blob: Blob | undefined }> = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href) })
  })
  return saved
}

const objectUrls = Object.getOwnPropertyDescriptors(URL)
afterEach(() => {
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    const original = objectUrls[name]
    if (original) Object.defineProperty(URL, name, original)
    else delete (URL as Partial<typeof URL>)[name]
  }
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('Baixar meus dados (account page)', () => {
  it('downloads the export with the token as areia-dados-<day>.json and says so', async () => {
    const user = userEvent.setup()
    const token = jwtExpiringIn(600)
    saveTokens({ access_token: token, refresh_token: 'r1' })
    const document = { format: 'areia-dados/1', account: { email: 'jogadora@areia.test' } }
    const server = mockServer({
      [EXPORT]: (request) => {
        expect(request.headers.get('authorization')).toBe(`Bearer ${token}`)
        return jsonResponse(document)
      },
    })
    const saved = captureDownloads()
    renderRoutes([{ path: '/delete-account', element: <DeleteAccountPage /> }], '/delete-account')

    const button = screen.getByRole('button', { name: 'Baixar meus dados' })
    expect(button).toHaveAccessibleDescription(/Baixe uma cópia de tudo o que o Areia guarda/)
    await user.click(button)

    expect(await screen.findByTestId('toast', {}, { timeout: 2000 })).toHaveTextContent(
      'Pronto! O arquivo com os seus dados foi baixado.',
    )
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    )
    expect(saved.map((s) => s.name)).toEqual([`areia-dados-${day}.json`])
    expect(JSON.parse(await saved[0]!.blob!.text())).toEqual(document)
    expect(server.count(EXPORT)).toBe(1)
    expect(button).toBeEnabled()
  })

  it('shows the server’s reason when the download is refused and lets the player retry', async () => {
    const user = userEvent.setup()
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
    const detail = 'Você já baixou seus dados várias vezes. Tente novamente em 40 minutos.'
    mockServer({ [EXPORT]: () => jsonResponse({ detail }, 429) })
    const saved = captureDownloads()
    renderRoutes([{ path: '/delete-account', element: <DeleteAccountPage /> }], '/delete-account')

    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Baixar meus dados' })).toBeEnabled(),
    )
    expect(saved).toEqual([])
  })
})
