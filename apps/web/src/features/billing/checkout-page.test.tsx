import { useEffect } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavigate } from 'react-router'
import type { OrderResponse } from '@areia/contracts/billing'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { ULTRA_UPGRADE_QUOTE } from './billing-fixtures'
import { CheckoutPage } from './checkout-page'
import type { EncryptCardInput } from './pagbank-sdk'

function Go({ state }: { state: unknown }) {
  const navigate = useNavigate()
  useEffect(() => {
    void navigate('/pagamento', { state, replace: true })
  }, [navigate, state])
  return null
}

const choice = { plan: { id: 2, name: 'Pro' }, billingCycle: 'MONTHLY', couponCode: 'AREIA10' }

function renderCheckout(state: unknown = choice, auth = fakeAuth()) {
  return renderRoutes(
    [
      { path: '/start', element: <Go state={state} /> },
      { path: '/pagamento', element: <CheckoutPage /> },
      { path: '/meu-plano', element: <p>rota: meu plano</p> },
      { path: '/', element: <p>rota: início</p> },
    ],
    '/start',
    auth,
  )
}

const pixOrder: OrderResponse = {
  id: 'o1',
  payment_method: 'PIX',
  status: 'PENDING',
  amount: 53.91,
  pix_qr_code_image: 'data:image/png;base64,iVBORw0KGgo=',
  pix_qr_code_text: '00020126580014br.gov.bcb.pix',
  pix_expires_at: null,
  simulator_pay_url: '/sandbox/pagbank/pix/pay/ORDE_1',
}

const active = {
  plan: { id: 2, name: 'Pro' },
  billing_cycle: 'MONTHLY',
  status: 'ACTIVE',
  expires_at: '2026-12-23T12:00:00.000Z',
  withdrawal_until: null,
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })
  afterEach(() => {
    delete window.PagSeguro
  })

  it('a subscriber moving up sees the credit and is not told "paid" until the new plan is', async () => {
    const user = userEvent.setup()
    let paid = false
    const ultra = { plan: { id: 3, name: 'Ultra' }, billingCycle: 'MONTHLY', couponCode: null }
    const server = mockServer({
      'POST /api/v1/payments/orders': () => jsonResponse({ ...pixOrder, amount: 79.78 }),
      'GET /api/v1/subscriptions/me/upgrade': () => jsonResponse(ULTRA_UPGRADE_QUOTE),
      // Already ACTIVE on Pro while the upgrade is unpaid.
      'GET /api/v1/subscriptions/me': () =>
        jsonResponse(paid ? { ...active, plan: { id: 3, name: 'Ultra' } } : active),
      'POST /sandbox/pagbank/pix/pay/ORDE_1': () => {
        paid = true
        return jsonResponse({ id: 'ORDE_1', status: 'PAID' })
      },
    })
    renderCheckout(ultra, fakeAuth({ user: makeUser({ payment_status: 'PAYMENT_OK' }) }))
    expect(await screen.findByText('Pague com PIX')).toBeInTheDocument()
    expect((await screen.findByText('Total a pagar agora')).nextSibling?.textContent).toMatch(
      /79,78/,
    )
    await waitFor(() => expect(server.count('GET /api/v1/subscriptions/me')).toBe(1))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Simular pagamento' }))
    // A new attempt polls at once (instead of in 8 s): now the plan is Ultra.
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Pagamento confirmado!')
  }, 20_000)

  it('sends a player without a plan back to / saying so', async () => {
    mockServer({})
    const router = renderCheckout(null)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('creates one PIX order per attempt, shows it and confirms the payment', async () => {
    const user = userEvent.setup()
    const keys = new Set<string | null>()
    let paid = false
    const server = mockServer({
      'POST /api/v1/payments/orders': async (request) => {
        keys.add(request.headers.get('X-Idempotency-Key'))
        expect(await request.json()).toEqual({
          plan_id: 2,
          billing_cycle: 'MONTHLY',
          coupon_code: 'AREIA10',
          payment_method: 'PIX',
        })
        return jsonResponse(pixOrder)
      },
      'GET /api/v1/subscriptions/me': () => jsonResponse(paid ? active : null),
      'POST /sandbox/pagbank/pix/pay/ORDE_1': () => {
        paid = true
        return jsonResponse({ id: 'ORDE_1', status: 'PAID' })
      },
    })
    const reloadUser = vi.fn(() => Promise.resolve(makeUser({ payment_status: 'PAYMENT_OK' })))
    const router = renderCheckout(choice, fakeAuth({ reloadUser }))
    expect(
      await screen.findByRole('heading', { name: 'Finalize sua Assinatura' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Plano: Pro (Mensal)')).toBeInTheDocument()
    expect(await screen.findByText('Pague com PIX')).toBeInTheDocument()
    expect(
      screen.getByText('Escaneie o QR Code abaixo com o app do seu banco.'),
    ).toBeInTheDocument()
    expect(screen.getByAltText('QR Code PIX para pagamento')).toHaveAttribute(
      'src',
      pixOrder.pix_qr_code_image,
    )
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(pixOrder.pix_qr_code_text)
    expect(screen.getByLabelText('PIX copia e cola')).toHaveAttribute('readonly')
    expect(screen.getByText('Aguardando confirmação do pagamento...')).toBeInTheDocument()
    // One attempt, one key, whatever StrictMode or retries repeat.
    expect(keys.size).toBe(1)
    await waitFor(() => expect(server.count('GET /api/v1/subscriptions/me')).toBe(1))

    await user.click(screen.getByRole('button', { name: 'Simular pagamento' }))
    expect(server.count('POST /sandbox/pagbank/pix/pay/ORDE_1')).toBe(1)
    expect(
      server.calls.find((r) => r.url.endsWith('/pix/pay/ORDE_1'))?.headers.get('Authorization'),
    ).toBeNull()

    // Choosing PIX again is a new attempt with a new key.
    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }))
    await screen.findByText('Pague com PIX')
    expect(keys.size).toBe(2)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Pagamento confirmado! ✅ Sua assinatura foi ativada.')
    expect(reloadUser).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/meu-plano'))
  })

  it("shows the server's detail, else its own text, when the PIX order fails", async () => {
    const user = userEvent.setup()
    let detail: string | null =
      'O provedor de pagamento não respondeu. Tente novamente em instantes.'
    mockServer({
      'POST /api/v1/payments/orders': () => jsonResponse(detail ? { detail } : {}, 502),
    })
    renderCheckout()
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    detail = null
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível gerar o QR Code PIX.'),
    )
  })
})

describe('CheckoutPage with a card', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })
  afterEach(() => {
    delete window.PagSeguro
  })

  const profileUser = makeUser({
    name: 'Ana Souza',
    profile: {
      ...makeUser().profile,
      tax_id: '52998224725',
      address_street: 'Av. Atlântica',
      address_number: '100',
      address_city: 'Rio de Janeiro',
      address_region_code: 'RJ',
      address_postal_code: '22010000',
    },
  })

  async function fillCard(user: ReturnType<typeof userEvent.setup>) {
    // Prefilled from the user when known; typed otherwise.
    const name = screen.getByLabelText<HTMLInputElement>('Nome completo')
    if (!name.value) await user.type(name, 'Ana Souza')
    await user.type(screen.getByLabelText('Número do cartão'), '4111111111111111')
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA')
    await user.type(screen.getByLabelText('Mês'), '12')
    await user.type(screen.getByLabelText('Ano'), '2030')
    await user.type(screen.getByLabelText('CVV'), '123')
  }

  it('saves the billing data, encrypts, tokenises and pays, then confirms and offers Meu Plano', async () => {
    const user = userEvent.setup()
    const encryptCard = vi.fn((input: EncryptCardInput) => {
      expect(input).toEqual({
        publicKey: 'PUBKEY',
        holder: 'ANA SOUZA',
        number: '4111111111111111',
        expMonth: '12',
        expYear: '2030',
        securityCode: '123',
      })
      return { encryptedCard: 'ENCRYPTED-CARD-0123456789', hasErrors: false }
    })
    window.PagSeguro = { encryptCard }
    const order: string[] = []
    const server = mockServer({
      'POST /api/v1/payments/orders': async (request) => {
        const body = (await request.json()) as Record<string, unknown>
        order.push(body.payment_method === 'PIX' ? 'pix' : 'card-order')
        if (body.payment_method === 'PIX') return jsonResponse(pixOrder)
        expect(body).toMatchObject({ card_token: 'CARD_1', card_cvv: '123', plan_id: 2 })
        return jsonResponse({ ...pixOrder, payment_method: 'CARD', status: 'PAID' })
      },
      'GET /api/v1/subscriptions/me': () => jsonResponse(null),
      'GET /api/v1/payments/public-key': () =>
        jsonResponse({ public_key: 'PUBKEY', sdk_url: '/sandbox/pagbank/sdk.js' }),
      'PUT /api/v1/profile/me': async (request) => {
        order.push('profile')
        expect(await request.json()).toMatchObject({ name: 'Ana Souza', tax_id: '52998224725' })
        return jsonResponse(profileUser)
      },
      'POST /api/v1/payments/tokenize-card': async (request) => {
        order.push('tokenize')
        expect(await request.json()).toEqual({
          encrypted: 'ENCRYPTED-CARD-0123456789',
          holder: 'ANA SOUZA',
          brand: '',
          exp_month: 12,
          exp_year: 2030,
        })
        return jsonResponse({ id: 'CARD_1' })
      },
    })
    const reloadUser = vi.fn(() => Promise.resolve(profileUser))
    const router = renderCheckout(choice, fakeAuth({ user: profileUser, reloadUser }))
    await screen.findByText('Pague com PIX')
    await user.click(screen.getByRole('button', { name: 'Cartão de Crédito' }))
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana Souza')
    expect(screen.getByLabelText('Nome completo')).toHaveAttribute('autocomplete', 'name')
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25')
    expect(screen.getByLabelText('UF')).toHaveValue('RJ')
    const cep = screen.getByLabelText('CEP')
    expect(cep).toHaveValue('22010000')
    expect(cep).toHaveAccessibleDescription('somente números')
    expect(cep).toHaveAttribute('maxlength', '8')
    // Digits only, typed or pasted with a dash.
    await user.clear(cep)
    await user.type(cep, '22021-001')
    expect(cep).toHaveValue('22021001')
    await user.clear(cep)
    await user.paste('22010-000')
    expect(cep).toHaveValue('22010000')
    // The expiry is a month MM and a year AAAA, as the gateway takes them.
    const month = screen.getByLabelText('Mês')
    expect(month).toHaveAttribute('placeholder', 'MM')
    expect(month).toHaveAttribute('maxlength', '2')
    expect(month).toHaveAttribute('autocomplete', 'cc-exp-month')
    const year = screen.getByLabelText('Ano')
    expect(year).toHaveAttribute('placeholder', 'AAAA')
    expect(year).toHaveAttribute('maxlength', '4')
    expect(year).toHaveAttribute('autocomplete', 'cc-exp-year')
    expect(year).toHaveAttribute('inputmode', 'numeric')
    // The amount the PIX tab showed, with its centavos.
    expect(screen.getByText('R$ 53,91')).toBeInTheDocument()
    // CEP comes first among the address fields.
    const address = screen.getByRole('group', { name: 'Endereço de cobrança' })
    expect(within(address).getAllByRole('textbox')[0]).toBe(screen.getByLabelText('CEP'))
    const submit = await screen.findByRole('button', { name: 'Pagar com Cartão' })

    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Preencha os campos obrigatórios destacados.',
    )
    const number = screen.getByLabelText('Número do cartão')
    expect(number).toHaveAttribute('aria-invalid', 'true')
    expect(number).toHaveAccessibleDescription('Campo obrigatório')
    expect(number).toHaveAttribute('inputmode', 'numeric')
    expect(number).toHaveFocus()
    expect(screen.getByLabelText('Complemento (opcional)')).not.toHaveAttribute('aria-invalid')
    expect(server.count('PUT /api/v1/profile/me')).toBe(0)
    expect(server.count('POST /api/v1/payments/tokenize-card')).toBe(0)

    await fillCard(user)
    await user.dblClick(submit)
    expect(await screen.findByRole('heading', { name: 'Pagamento aprovado' })).toHaveFocus()
    expect(screen.getByText(/Sua assinatura do plano/)).toHaveTextContent(
      'Sua assinatura do plano Pro (Mensal) está ativa.',
    )
    expect(router.state.location.pathname).toBe('/pagamento')
    expect(screen.queryByRole('button', { name: 'Pagar com PIX' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Ver Meu Plano' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/meu-plano'))
    expect(order.filter((step) => step !== 'pix')).toEqual(['profile', 'tokenize', 'card-order'])
    expect(encryptCard).toHaveBeenCalledTimes(1)
    expect(reloadUser).toHaveBeenCalled()
  }, 20_000)

  it('lets a number that fails the check digit through with advice: the provider judges it', async () => {
    const user = userEvent.setup()
    const encryptCard = vi.fn((input: EncryptCardInput) => {
      expect(input.number).toBe('4111111111111112')
      return { encryptedCard: 'X'.repeat(32), hasErrors: false }
    })
    window.PagSeguro = { encryptCard }
    const server = mockServer({
      'POST /api/v1/payments/orders': async (request) => {
        const body = (await request.json()) as { payment_method: string }
        return body.payment_method === 'PIX'
          ? jsonResponse(pixOrder)
          : jsonResponse({ detail: 'Cartão inválido.' }, 422)
      },
      'GET /api/v1/subscriptions/me': () => jsonResponse(null),
      'GET /api/v1/payments/public-key': () => jsonResponse({ public_key: 'K', sdk_url: '/s.js' }),
      'PUT /api/v1/profile/me': () => jsonResponse(profileUser),
      'POST /api/v1/payments/tokenize-card': () => jsonResponse({ id: 'CARD_1' }),
    })
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await user.click(await screen.findByRole('button', { name: 'Cartão de Crédito' }))
    const submit = await screen.findByRole('button', { name: 'Pagar com Cartão' })
    await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza')
    const number = screen.getByLabelText('Número do cartão')
    await user.type(number, '4111111111111112')
    expect(number).toHaveValue('4111 1111 1111 1112')
    expect(screen.getByText('Visa')).toBeInTheDocument()
    // No advice while typing; once the field is left, a polite line that blocks nothing.
    expect(number).not.toHaveAccessibleDescription(/Confira/)
    await user.type(screen.getByLabelText('Nome impresso no cartão'), 'ANA SOUZA')
    expect(number).toHaveAccessibleDescription('Confira o número: ele não parece um cartão válido.')
    expect(number).not.toHaveAttribute('aria-invalid')
    const month = screen.getByLabelText('Mês')
    await user.type(month, '13')
    await user.type(screen.getByLabelText('Ano'), '2030')
    expect(month).toHaveAccessibleDescription('Confira o mês: use dois dígitos, de 01 a 12.')
    await user.type(screen.getByLabelText('CVV'), '12')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('Cartão inválido.')
    expect(encryptCard).toHaveBeenCalledTimes(1)
    expect(server.count('POST /api/v1/payments/tokenize-card')).toBe(1)
  }, 20_000)

  it.each([
    [
      'a declined charge with the detail',
      { detail: 'Recusado, em palavras que não são as do servidor.', code: 'card_declined' },
    ],
    ['a failure without a detail', {}],
  ])('shows %s', async (_name, answer) => {
    const user = userEvent.setup()
    window.PagSeguro = { encryptCard: () => ({ encryptedCard: 'X'.repeat(32), hasErrors: false }) }
    mockServer({
      'POST /api/v1/payments/orders': async (request) => {
        const body = (await request.json()) as { payment_method: string }
        if (body.payment_method === 'PIX') return jsonResponse(pixOrder)
        return jsonResponse(answer, 'code' in answer ? 402 : 422)
      },
      'GET /api/v1/subscriptions/me': () => jsonResponse(null),
      'GET /api/v1/payments/public-key': () => jsonResponse({ public_key: 'K', sdk_url: '/s.js' }),
      'PUT /api/v1/profile/me': () => jsonResponse(profileUser),
      'POST /api/v1/payments/tokenize-card': () => jsonResponse({ id: 'CARD_1' }),
    })
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await user.click(await screen.findByRole('button', { name: 'Cartão de Crédito' }))
    await fillCard(user)
    await user.click(await screen.findByRole('button', { name: 'Pagar com Cartão' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'detail' in answer ? answer.detail : 'Falha ao processar pagamento.',
    )
    // The form stays, filled, so another card can be tried.
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana Souza')
  })

  /** The card path up to the order, whose answer is `cardAnswer`. */
  function cardServer(cardAnswer: () => Response, subscription: () => unknown = () => null) {
    window.PagSeguro = { encryptCard: () => ({ encryptedCard: 'X'.repeat(32), hasErrors: false }) }
    return mockServer({
      'POST /api/v1/payments/orders': async (request) => {
        const body = (await request.json()) as { payment_method: string }
        return body.payment_method === 'PIX' ? jsonResponse(pixOrder) : cardAnswer()
      },
      'GET /api/v1/subscriptions/me': () => jsonResponse(subscription()),
      'GET /api/v1/payments/public-key': () => jsonResponse({ public_key: 'K', sdk_url: '/s.js' }),
      'PUT /api/v1/profile/me': () => jsonResponse(profileUser),
      'POST /api/v1/payments/tokenize-card': () => jsonResponse({ id: 'CARD_1' }),
    })
  }

  async function payByCard(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Cartão de Crédito' }))
    await fillCard(user)
    await user.click(await screen.findByRole('button', { name: 'Pagar com Cartão' }))
  }

  it('waits for a charge already in flight (by its code) and confirms once the plan is active', async () => {
    const user = userEvent.setup()
    let settled = false
    const server = cardServer(
      () => {
        settled = true
        return jsonResponse({ detail: 'Outra frase qualquer.', code: 'charge_in_progress' }, 409)
      },
      () => (settled ? active : null),
    )
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await payByCard(user)
    expect(await screen.findByRole('heading', { name: 'Pagamento aprovado' })).toBeInTheDocument()
    expect(server.count('POST /api/v1/payments/tokenize-card')).toBe(1)
  }, 20_000)

  it('a card declined for a reason the code names keeps the form, filled, for another card', async () => {
    const user = userEvent.setup()
    cardServer(() => jsonResponse({ detail: 'Não deu.', code: 'card_declined' }, 402))
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await payByCard(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Não deu.')
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4111 1111 1111 1111')
    expect(screen.getByRole('button', { name: 'Pagar com Cartão' })).toBeEnabled()
  }, 20_000)

  it('a lapsed sealed card (card_token_expired) empties the card to be typed again', async () => {
    const user = userEvent.setup()
    cardServer(() => jsonResponse({ detail: 'Digite de novo.', code: 'card_token_expired' }, 422))
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await payByCard(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Digite de novo.')
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('')
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana Souza')
  }, 20_000)

  it("a plan already the player's (duplicate charge given back) says so and goes to Meu Plano", async () => {
    const user = userEvent.setup()
    cardServer(() =>
      jsonResponse({ detail: 'Já é seu, devolvemos.', code: 'duplicate_charge' }, 409),
    )
    const router = renderCheckout(choice, fakeAuth({ user: profileUser }))
    await payByCard(user)
    expect(await screen.findByText('Já é seu, devolvemos.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/meu-plano'))
  }, 20_000)

  it('says when the card cannot be encrypted or the key cannot be loaded', async () => {
    const user = userEvent.setup()
    window.PagSeguro = {
      encryptCard: () => ({ hasErrors: true, errors: [{ code: 'INVALID_NUMBER' }] }),
    }
    let keyFails = true
    mockServer({
      'POST /api/v1/payments/orders': () => jsonResponse(pixOrder),
      'GET /api/v1/subscriptions/me': () => jsonResponse(null),
      'GET /api/v1/payments/public-key': () =>
        keyFails ? jsonResponse({}, 500) : jsonResponse({ public_key: 'K', sdk_url: '/s.js' }),
      'PUT /api/v1/profile/me': () => jsonResponse(profileUser),
    })
    renderCheckout(choice, fakeAuth({ user: profileUser }))
    await user.click(await screen.findByRole('button', { name: 'Cartão de Crédito' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível obter a chave pública do PagBank.',
    )
    expect(screen.getByRole('button', { name: 'Carregando chave...' })).toBeDisabled()

    keyFails = false
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await fillCard(user)
    await user.click(await screen.findByRole('button', { name: 'Pagar com Cartão' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao criptografar cartão.')
  })
})
