import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { CoachMessagesCard, PREFERENCE_SAVE_FAILED } from './coach-messages-card'

const GET = 'GET /api/v1/progress/preferences'
const PATCH = 'PATCH /api/v1/progress/preferences'
const DEFAULTS = { follow_ups: true, weekly_chat: true, weekly_push: true, weekly_email: false }

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const render = () => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  renderRoutes([{ path: '/conta', element: <CoachMessagesCard /> }], '/conta')
}

describe('Mensagens dos treinadores (Conta)', () => {
  it('shows each switch as the server has it and turns one off with one tap, sending only that one', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    const server = mockServer({
      [GET]: () => jsonResponse(DEFAULTS),
      [PATCH]: async (request) => {
        const body = (await request.json()) as Record<string, boolean>
        sent.push(body)
        return jsonResponse({ ...DEFAULTS, ...body })
      },
    })
    render()
    const followUps = await screen.findByRole('switch', { name: /Perguntar como foi o treino/ })
    expect(followUps).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: /Resumo da semana por e-mail/ })).toHaveAttribute(
      'aria-checked',
      'false',
    )

    await user.click(screen.getByRole('switch', { name: /Resumo da semana no chat/ }))
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /Resumo da semana no chat/ })).toHaveAttribute(
        'aria-checked',
        'false',
      ),
    )
    expect(sent).toEqual([{ weekly_chat: false }])
    expect(followUps).toHaveAttribute('aria-checked', 'true')
    expect(server.count(GET)).toBe(1)
  })

  it('keeps the switch as it was and says so when the server refuses', async () => {
    const user = userEvent.setup()
    mockServer({
      [GET]: () => jsonResponse(DEFAULTS),
      [PATCH]: () => jsonResponse({ detail: 'Serviço indisponível.' }, 503),
    })
    render()
    const email = await screen.findByRole('switch', { name: /Resumo da semana por e-mail/ })
    await user.click(email)
    expect(await screen.findByText(/Serviço indisponível|Não foi possível salvar/)).toBeVisible()
    expect(email).toHaveAttribute('aria-checked', 'false')
    expect(PREFERENCE_SAVE_FAILED).toMatch(/Tente novamente/)
  })
})
