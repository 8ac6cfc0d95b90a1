import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, jwtExpiringIn, mockServer } from '../test/helpers'
import { renderRoutes } from '../test/render-with-providers'
import { MarkdownView } from './markdown-view'
import { saveTokens } from './session-storage'

const REPORT_MESSAGE = [
  'Sua análise está pronta! Você percorreu **1.234 m**.',
  '',
  '![Mapa de calor](/api/v1/videos/7/report/heatmap.png)',
  '',
  '[Ver relatório completo e lances](/videos/7)',
].join('\n')

function show(text: string) {
  return renderRoutes(
    [
      { path: '/chat', element: <MarkdownView className="message__text" text={text} /> },
      { path: '/videos/:id', element: <p>página do relatório</p> },
    ],
    '/chat',
  )
}

beforeEach(() => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  URL.createObjectURL = vi.fn(() => 'blob:mapa')
  URL.revokeObjectURL = vi.fn()
})

describe('MarkdownView (the report in the chat)', () => {
  it('fetches the heatmap with the token into a blob URL and follows the report link in the app', async () => {
    const server = mockServer({
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    })
    const router = show(REPORT_MESSAGE)
    const image = screen.getByRole('img', { name: 'Mapa de calor' })
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:mapa'))
    expect(image).not.toHaveClass('md-image--loading')
    const [request] = server.calls
    expect(request?.headers.get('Authorization')).toMatch(/^Bearer ey/)

    const reload = vi.fn()
    window.addEventListener('beforeunload', reload)
    await userEvent.click(screen.getByRole('link', { name: 'Ver relatório completo e lances' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos/7'))
    expect(screen.getByText('página do relatório')).toBeVisible()
    expect(reload).not.toHaveBeenCalled()
    window.removeEventListener('beforeunload', reload)
  })

  it('shows the heatmap as a thumbnail that opens full size, by tap or keyboard', async () => {
    mockServer({
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        new Response(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } }),
    })
    const opened: Array<{ src: string; alt: string }> = []
    renderRoutes(
      [
        {
          path: '/chat',
          element: <MarkdownView text={REPORT_MESSAGE} onOpenImage={(i) => opened.push(i)} />,
        },
      ],
      '/chat',
    )
    const thumb = screen.getByRole('button', { name: 'Ampliar: Mapa de calor' })
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Mapa de calor' })).toHaveAttribute(
        'src',
        'blob:mapa',
      ),
    )
    thumb.focus()
    await userEvent.keyboard('{Enter}')
    expect(opened).toEqual([{ src: 'blob:mapa', alt: 'Mapa de calor' }])
  })

  it('keeps the alt text in a plain box when the image cannot be loaded', async () => {
    mockServer({
      'GET /api/v1/videos/7/report/heatmap.png': () =>
        jsonResponse({ detail: 'Relatório não encontrado.' }, 404),
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    show(REPORT_MESSAGE)
    const image = screen.getByRole('img', { name: 'Mapa de calor' })
    await waitFor(() => expect(image).toHaveClass('md-image--failed'))
    expect(image).not.toHaveAttribute('src')
    warn.mockRestore()
  })

  it('leaves links to other sites alone and fetches nothing for text without API images', async () => {
    const server = mockServer({})
    const router = show('Veja [o site](https://areia.app/ajuda) e ![foto](https://evil.test/x.png)')
    expect(screen.queryByRole('img')).toBeNull()
    const link = screen.getByRole('link', { name: 'o site' })
    // After React's handler (on the root): jsdom would only log its missing navigation.
    const stop = (e: Event) => e.preventDefault()
    document.addEventListener('click', stop)
    await userEvent.click(link)
    document.removeEventListener('click', stop)
    expect(router.state.location.pathname).toBe('/chat')
    expect(server.calls).toHaveLength(0)
  })
})
