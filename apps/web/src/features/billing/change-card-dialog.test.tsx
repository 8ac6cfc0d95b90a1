import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { ChangeCardDialog } from './change-card-dialog'
import type { EncryptCardInput } from './pagbank-sdk'

const subscription = {
  plan: { id: 2, name: 'Pro' },
  billing_cycle: 'YEARLY',
  status: 'ACTIVE',
  expires_at: '2027-11-23T02:00:00.000Z',
  withdrawal_until: null,
}

describe('ChangeCardDialog', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })
  afterEach(() => {
    delete window.PagSeguro
  })

  it('asks for every field, then sends month MM and year AAAA, advice never blocking', async () => {
    const user = userEvent.setup()
    // Typed key by key, as a player does: the dialog must keep the focus where it is.
    const encryptCard = vi.fn((input: EncryptCardInput) => {
      expect(input).toMatchObject({
        number: '5240082975622455',
        expMonth: '12',
        expYear: '2030',
        securityCode: '123',
      })
      return { encryptedCard: 'X'.repeat(32), hasErrors: false }
    })
    window.PagSeguro = { encryptCard }
    const server = mockServer({
      'GET /api/v1/payments/public-key': () => jsonResponse({ public_key: 'K', sdk_url: '/s.js' }),
      'POST /api/v1/payments/tokenize-card': async (request) => {
        expect(await request.json()).toMatchObject({ exp_month: 12, exp_year: 2030 })
        return jsonResponse({ id: 'CARD_2' })
      },
      'PUT /api/v1/subscriptions/me/card': () => jsonResponse(subscription),
    })
    const onChanged = vi.fn()
    renderRoutes(
      [
        {
          path: '/meu-plano',
          element: <ChangeCardDialog open onClose={() => undefined} onChanged={onChanged} />,
        },
      ],
      '/meu-plano',
    )
    const save = await screen.findByRole('button', { name: 'Salvar cartão' })
    await user.click(save)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Preencha os campos obrigatórios destacados.',
    )
    expect(screen.getByLabelText('Ano')).toHaveAttribute('aria-invalid', 'true')
    expect(server.count('POST /api/v1/payments/tokenize-card')).toBe(0)

    // The last digit is off: advice under the number, and the card still goes to the provider.
    await user.type(screen.getByLabelText('Número do cartão'), '5240082975622455')
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA')
    expect(screen.getByLabelText('Número do cartão')).toHaveAccessibleDescription(
      'Confira o número: ele não parece um cartão válido.',
    )
    await user.type(screen.getByLabelText('Mês'), '12')
    await user.type(screen.getByLabelText('Ano'), '2030')
    await user.type(screen.getByLabelText('CVV'), '123')
    await user.click(save)
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(encryptCard).toHaveBeenCalledTimes(1)
  }, 20_000)
})
