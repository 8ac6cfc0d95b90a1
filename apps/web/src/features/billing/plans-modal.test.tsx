import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'react-router'
import type { Plan } from '@areia/contracts/billing'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { FREE_PLAN, PRO_PLAN, ULTRA_PLAN } from './billing-fixtures'
import { PlansModal } from './plans-modal'

const catalogue = (available = true): Plan[] => [
  { ...FREE_PLAN, features: ['7 dias para conhecer a sua equipe'] },
  { ...PRO_PLAN, features: ['Análise de até 4 vídeos por mês'], available },
  { ...ULTRA_PLAN, features: ['Revisão por um analista humano'], available },
]

const legal = {
  company_name: null,
  forum_city: null,
  forum_state: null,
  contact_email: 'contato@areia.app',
  privacy_email: null,
}

function Where() {
  const location = useLocation()
  return <pre data-testid="state">{JSON.stringify(location.state)}</pre>
}

function renderModal(auth = fakeAuth()) {
  return renderRoutes(
    [
      { path: '/', element: <PlansModal open onClose={() => undefined} /> },
      { path: '/pagamento', element: <Where /> },
    ],
    '/',
    auth,
  )
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ')
const card = (name: string) => screen.getByRole('listitem', { name })

describe('PlansModal', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })

  it('shows prices per cycle, applies a coupon and opens the checkout with it', async () => {
    const user = userEvent.setup()
    const server = mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue()),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
      'POST /api/v1/subscriptions/coupons/validate': async (request) => {
        const { coupon_code } = (await request.json()) as { coupon_code: string }
        return jsonResponse(
          coupon_code === 'AREIA10'
            ? { valid: true, discount_percentage: 10 }
            : { valid: false, discount_percentage: null },
        )
      },
    })
    const router = renderModal()
    expect(screen.getByRole('dialog', { name: 'Escolha um plano' })).toBeInTheDocument()
    await screen.findByRole('listitem', { name: 'Pro' })
    expect(plain(card('Pro').textContent)).toContain('R$ 59,90/mês')
    expect(card('Pro')).toHaveClass('plan--standard')
    expect(card('Ultra')).not.toHaveClass('plan--standard')

    await user.click(screen.getByRole('button', { name: 'Anual' }))
    expect(plain(card('Ultra').textContent)).toContain('R$ 1.199,00/ano')
    expect(plain(card('Ultra').textContent)).toContain(
      'Equivale a R$ 99,92/mês · economize R$ 239,80 (17%) em relação ao mensal',
    )

    const field = screen.getByLabelText('Cupom de desconto')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Por favor, insira um código.')).toBeInTheDocument()

    await user.type(field, 'nada')
    expect(field).toHaveValue('NADA')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Este cupom é inválido ou não existe.')).toBeInTheDocument()

    await user.clear(field)
    await user.type(field, 'areia10')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Cupom de 10% aplicado!')).toBeInTheDocument()
    expect(screen.getByText('*O desconto é válido para a primeira cobrança')).toBeInTheDocument()
    expect(plain(within(card('Pro')).getByRole('deletion').textContent)).toBe('De R$ 599,00')
    expect(plain(card('Pro').textContent)).toContain('por R$ 539/ano')
    expect(plain(card('Pro').textContent)).toContain('Valor exato da cobrança: R$ 539,10')
    expect(server.count('POST /api/v1/subscriptions/coupons/validate')).toBe(2)

    await user.click(within(card('Pro')).getByRole('button', { name: 'Assinar Pro' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pagamento'))
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      plan: { id: 2, name: 'Pro' },
      billingCycle: 'YEARLY',
      couponCode: 'AREIA10',
    })
  }, 15_000) // many typed keystrokes: slow on a loaded machine

  it('links to the example report, closing the plans on the way', async () => {
    mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue()),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
    })
    const closed = vi.fn()
    const router = renderRoutes(
      [
        { path: '/', element: <PlansModal open onClose={closed} /> },
        { path: '/relatorio/exemplo', element: <p>exemplo</p> },
      ],
      '/',
    )
    await userEvent.click(await screen.findByRole('link', { name: 'Veja um relatório de exemplo' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/relatorio/exemplo'))
    expect(closed).toHaveBeenCalled()
  })

  it('says when the coupon check itself failed', async () => {
    const user = userEvent.setup()
    mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue()),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
      'POST /api/v1/subscriptions/coupons/validate': () => jsonResponse({}, 500),
    })
    renderModal()
    await user.type(await screen.findByLabelText('Cupom de desconto'), 'areia10')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Ocorreu um erro ao validar o cupom.')).toBeInTheDocument()
  })

  it("shows the server's words when coupon checks are limited, decided by the code", async () => {
    const user = userEvent.setup()
    mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue()),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
      'POST /api/v1/subscriptions/coupons/validate': () =>
        jsonResponse({ detail: 'Calma: tente de novo daqui a pouco.', code: 'rate_limited' }, 429),
    })
    renderModal()
    await user.type(await screen.findByLabelText('Cupom de desconto'), 'areia10')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(await screen.findByText('Calma: tente de novo daqui a pouco.')).toBeInTheDocument()
  })

  it('joins the waiting list with the discounted price and thanks the player', async () => {
    const user = userEvent.setup()
    const reloadUser = vi.fn(() => Promise.resolve(makeUser({ payment_status: 'WAITING_LIST' })))
    mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue(false)),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
      'POST /api/v1/subscriptions/coupons/validate': () =>
        jsonResponse({ valid: true, discount_percentage: 10 }),
      'POST /api/v1/waitlist/join': async (request) => {
        expect(await request.json()).toEqual({
          plan_name: 'Ultra Mensal',
          final_price: 107.91,
          coupon_code: 'AREIA10',
        })
        return jsonResponse({ message: 'ok' })
      },
    })
    renderModal(fakeAuth({ reloadUser }))
    await user.type(await screen.findByLabelText('Cupom de desconto'), 'areia10')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    await screen.findByText('Cupom de 10% aplicado!')
    await user.click(
      within(card('Ultra')).getByRole('button', { name: 'Entrar na lista de espera' }),
    )
    expect(
      await screen.findByText(
        'Obrigado pelo interesse no plano Ultra Mensal! Assim que abrirem vagas, você receberá um e-mail de contato@areia.app com o link para concluir a sua assinatura.',
      ),
    ).toBeInTheDocument()
    expect(reloadUser).toHaveBeenCalledTimes(1)
  })

  it("shows the server's detail, else its own text, when joining fails", async () => {
    const user = userEvent.setup()
    let detail: string | null = 'Você já possui uma assinatura ativa.'
    mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue(false)),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
      'POST /api/v1/waitlist/join': () => jsonResponse(detail ? { detail } : {}, 409),
    })
    renderModal()
    await screen.findByRole('listitem', { name: 'Pro' })
    const join = within(card('Pro')).getByRole('button', { name: 'Entrar na lista de espera' })
    await user.click(join)
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    detail = null
    await user.click(join)
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Não foi possível registrar seu interesse.',
      ),
    )
  })

  it('does not fetch the plans for a player already on the waiting list', async () => {
    const server = mockServer({
      'GET /api/v1/subscriptions/plans': () => jsonResponse(catalogue()),
      'GET /api/v1/public/legal': () => jsonResponse(legal),
    })
    renderModal(fakeAuth({ user: makeUser({ payment_status: 'WAITING_LIST' }) }))
    expect(await screen.findByText(/Você já está na lista de espera/)).toBeInTheDocument()
    await waitFor(() => expect(server.count('GET /api/v1/public/legal')).toBe(1))
    expect(server.count('GET /api/v1/subscriptions/plans')).toBe(0)
  })
})
