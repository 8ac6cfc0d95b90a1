import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionResponse } from '@areia/contracts/billing'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { PLANS, ULTRA_UPGRADE_QUOTE } from './billing-fixtures'
import { MyPlanPage } from './my-plan-page'

const subscription: NonNullable<SubscriptionResponse> = {
  plan: { id: 2, name: 'Pro' },
  billing_cycle: 'YEARLY',
  status: 'ACTIVE',
  // 02:00 UTC is still the 22nd in São Paulo.
  expires_at: '2027-11-23T02:00:00.000Z',
  withdrawal_until: null,
}

const renderPage = (auth = fakeAuth()) =>
  renderRoutes([{ path: '/meu-plano', element: <MyPlanPage /> }], '/meu-plano', auth)

// Intl puts a no-break space between "R$" and the amount.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ')

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!

describe('MyPlanPage', () => {
  beforeEach(() => {
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })

  it('shows the plan, status and access date, and cancels after the confirmation', async () => {
    const user = userEvent.setup()
    let current = subscription
    const server = mockServer({
      'GET /api/v1/subscriptions/me': () => jsonResponse(current),
      'POST /api/v1/subscriptions/me/cancel': () => {
        current = { ...subscription, status: 'CANCELED' }
        return jsonResponse({ message: 'Assinatura cancelada com sucesso.' })
      },
    })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Meu Plano' })).toBeInTheDocument()
    expect(await screen.findByText('Pro (Anual)')).toBeInTheDocument()
    expect(within(row('Status')).getByText('Ativa')).toBeInTheDocument()
    expect(within(row('Acesso até')).getByText('22/11/2027')).toBeInTheDocument()
    // Enabled: the way to change the card renewals are charged to.
    expect(screen.getByRole('button', { name: 'Alterar Pagamento' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: /Desistir/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancelar Assinatura' }))
    const confirm = screen.getByRole('alertdialog')
    expect(confirm).toHaveTextContent(
      'Tem certeza que deseja cancelar sua assinatura? A renovação automática será interrompida, mas você manterá o acesso até o fim do período pago.',
    )
    await user.click(within(confirm).getByRole('button', { name: 'Voltar' }))
    expect(server.count('POST /api/v1/subscriptions/me/cancel')).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Cancelar Assinatura' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar Assinatura' }),
    )
    const done = await screen.findByText('Assinatura cancelada com sucesso.')
    expect(done.closest('[role="alertdialog"]')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'OK' }))
    expect(within(row('Status')).getByText('Cancelada')).toBeInTheDocument()
    // Cancelled but not ended: the way back instead of a second cancel.
    expect(screen.queryByRole('button', { name: 'Cancelar Assinatura' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reativar Assinatura' })).toBeEnabled()
  })

  it('shows the next charge, the card and the receipts; moves up with the credit shown, down at the renewal, and reactivates', async () => {
    const user = userEvent.setup()
    let current: NonNullable<SubscriptionResponse> = {
      ...subscription,
      billing_cycle: 'MONTHLY',
      payment_method: 'CARD',
      next_charge: { at: '2027-11-23T02:00:00.000Z', amount: 59.9 },
      next_plan: null,
      card: { brand: 'visa', last4: '2097', holder: 'JOGADORA' },
    }
    const server = mockServer({
      'GET /api/v1/subscriptions/me': () => jsonResponse(current),
      'GET /api/v1/subscriptions/plans': () => jsonResponse(PLANS),
      'GET /api/v1/payments/receipts': () =>
        jsonResponse([
          {
            id: 'r1',
            paid_at: '2026-11-23T15:00:00.000Z',
            plan_name: 'Pro',
            billing_cycle: 'MONTHLY',
            payment_method: 'CARD',
            amount: 53.91,
            period_from: null,
            period_until: null,
            refunded_at: null,
            download_url: '/api/v1/payments/receipts/r1',
          },
        ]),
      'GET /api/v1/subscriptions/me/upgrade': () => jsonResponse(ULTRA_UPGRADE_QUOTE),
      'POST /api/v1/subscriptions/me/cancel': () => {
        current = { ...current, status: 'CANCELED', next_charge: null }
        return jsonResponse({ message: 'Assinatura cancelada com sucesso.' })
      },
      'POST /api/v1/subscriptions/me/reactivate': () => {
        current = {
          ...current,
          status: 'ACTIVE',
          next_charge: { at: current.expires_at, amount: 59.9 },
        }
        return jsonResponse(current)
      },
    })
    renderPage()
    expect(await screen.findByText('Cartão Visa final 2097')).toBeInTheDocument()
    expect(plain(row('Próxima cobrança').textContent)).toContain('R$ 59,90 em 22/11/2027')
    expect(plain((await screen.findByRole('list', { name: 'Recibos' })).textContent)).toContain(
      'Pro (Mensal) · R$ 53,91',
    )
    expect(screen.getByRole('button', { name: 'Baixar recibo de 23/11/2026' })).toBeEnabled()

    // Up: the price less the credit, shown before paying.
    await user.click(await screen.findByRole('button', { name: 'Mudar para Ultra' }))
    const quote = await screen.findByRole('status')
    expect(plain(quote.textContent)).toContain('Crédito do período não usado− R$ 40,12')
    expect(plain(quote.textContent)).toContain('Você paga agoraR$ 79,78')
    expect(within(quote).getByRole('button', { name: /^Pagar R\$\s79,78$/ })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Cancelar Assinatura' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar Assinatura' }),
    )
    await user.click(await screen.findByRole('button', { name: 'OK' }))
    await user.click(await screen.findByRole('button', { name: 'Reativar Assinatura' }))
    expect(await screen.findByText(/a renovação automática voltou a valer/)).toBeInTheDocument()
    expect(server.count('POST /api/v1/subscriptions/me/reactivate')).toBe(1)
    await user.click(screen.getByRole('button', { name: 'OK' }))
    expect(within(row('Status')).getByText('Ativa')).toBeInTheDocument()
  }, 20_000)

  it("alerts the server's detail, else its own text, when cancelling fails", async () => {
    const user = userEvent.setup()
    mockServer({
      'GET /api/v1/subscriptions/me': () => jsonResponse(subscription),
      'POST /api/v1/subscriptions/me/cancel': () => jsonResponse({}, 500),
    })
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Cancelar Assinatura' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar Assinatura' }),
    )
    expect(await screen.findByText('Ocorreu um erro ao cancelar a assinatura.')).toBeInTheDocument()
  })

  it('offers the withdrawal while it applies and refunds after the confirmation', async () => {
    const user = userEvent.setup()
    const reloadUser = vi.fn(() => Promise.resolve(makeUser()))
    mockServer({
      'GET /api/v1/subscriptions/me': () =>
        jsonResponse({ ...subscription, withdrawal_until: '2026-11-30T15:00:00.000Z' }),
      'POST /api/v1/subscriptions/me/withdraw': () =>
        jsonResponse({ ...subscription, status: 'EXPIRED', withdrawal_until: null }),
    })
    renderPage(fakeAuth({ reloadUser }))
    expect(await screen.findByText(/Até 30\/11\/2026, 12:00 você pode desistir/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Desistir e receber reembolso' }))
    const confirm = screen.getByRole('alertdialog')
    expect(confirm).toHaveTextContent(/reembolsado integralmente/)
    expect(confirm).toHaveTextContent(/termina agora/)
    await user.click(within(confirm).getByRole('button', { name: 'Desistir e receber reembolso' }))
    expect(await screen.findByText(/o reembolso integral foi solicitado/)).toBeInTheDocument()
    expect(reloadUser).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Desistir/ })).not.toBeInTheDocument(),
    )
    expect(within(row('Status')).getByText('Cancelada')).toBeInTheDocument()
  })

  it('shows the renewal PIX when a period is past due, and drops it once paid', async () => {
    let current: NonNullable<SubscriptionResponse> = {
      ...subscription,
      status: 'PAST_DUE',
      expires_at: '2026-11-20T15:00:00.000Z',
      grace_until: '2026-11-23T15:00:00.000Z',
      payment_method: 'PIX',
      renewal_order_id: 'c0ffee00-0000-4000-8000-000000000001',
    }
    mockServer({
      'GET /api/v1/subscriptions/me': () => jsonResponse(current),
      'GET /api/v1/payments/orders/c0ffee00-0000-4000-8000-000000000001': () =>
        jsonResponse({
          id: 'c0ffee00-0000-4000-8000-000000000001',
          payment_method: 'PIX',
          status: 'PENDING',
          amount: 599,
          pix_qr_code_image: null,
          pix_qr_code_text: '00020126580014br.gov.bcb.pix',
          pix_expires_at: '2026-11-23T15:00:00.000Z',
          simulator_pay_url: null,
        }),
    })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderPage()
      const renewal = await screen.findByRole('region', { name: 'Pagamento pendente' })
      expect(renewal).toHaveTextContent('Seu acesso continua até 23/11/2026.')
      expect(await within(renewal).findByLabelText('PIX copia e cola')).toHaveValue(
        '00020126580014br.gov.bcb.pix',
      )
      expect(within(renewal).getByText('R$ 599,00')).toBeInTheDocument()
      expect(within(row('Status')).getByText('Cancelada')).toBeInTheDocument()

      // Paid: the next poll finds the subscription renewed.
      current = {
        ...current,
        status: 'ACTIVE',
        expires_at: '2027-11-20T15:00:00.000Z',
        grace_until: null,
        renewal_order_id: null,
      }
      await vi.advanceTimersByTimeAsync(8000)
      await waitFor(() => expect(within(row('Status')).getByText('Ativa')).toBeInTheDocument())
      expect(screen.queryByRole('region', { name: 'Pagamento pendente' })).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('says when there is no subscription', async () => {
    const server = mockServer({ 'GET /api/v1/subscriptions/me': () => jsonResponse(null) })
    renderPage()
    expect(await screen.findByText('Você não possui uma assinatura ativa.')).toBeInTheDocument()
    expect(server.count('GET /api/v1/subscriptions/me')).toBe(1)
  })

  it('says when the subscription cannot be loaded', async () => {
    mockServer({ 'GET /api/v1/subscriptions/me': () => jsonResponse({}, 403) })
    renderPage()
    // The test QueryClient keeps TanStack's default of three retries with backoff.
    expect(
      await screen.findByText(
        'Não foi possível carregar os dados da sua assinatura.',
        {},
        { timeout: 9000 },
      ),
    ).toBeInTheDocument()
  }, 12_000)
})
