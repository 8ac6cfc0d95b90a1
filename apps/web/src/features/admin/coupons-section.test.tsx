import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it } from 'vitest'
import type { AdminCoupon } from '@areia/contracts/admin'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { AdminPage } from './admin-page'

beforeEach(() => {
  saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
})

it('creates a coupon, lists it, and expires it after the confirmation', async () => {
  const user = userEvent.setup()
  let coupons: AdminCoupon[] = []
  const server = mockServer({
    'GET /api/v1/admin/coupons': () => jsonResponse(coupons),
    'POST /api/v1/admin/coupons': async (request) => {
      const body = (await request.json()) as Record<string, unknown>
      expect(body).toEqual({
        code: 'VERAO25',
        discount_percentage: 25,
        valid_from: null,
        valid_until: '2026-12-31T23:59:59-03:00',
        max_redemptions: null,
      })
      const created: AdminCoupon = {
        id: 7,
        code: 'VERAO25',
        discount_percentage: 25,
        valid_from: null,
        valid_until: '2027-01-01T02:59:59.000Z',
        max_redemptions: null,
        active: true,
        redemptions: 0,
        created_at: '2026-11-23T12:00:00.000Z',
      }
      coupons = [created]
      return jsonResponse(created, 201)
    },
    'POST /api/v1/admin/coupons/7/expire': () => {
      coupons = coupons.map((c) => ({ ...c, active: false }))
      return jsonResponse(coupons[0])
    },
  })
  renderRoutes(
    [{ path: '/admin/*', element: <AdminPage /> }],
    '/admin/cupons',
    fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
  )
  expect(await screen.findByText('Nenhum cupom criado ainda.')).toBeInTheDocument()

  await user.type(screen.getByLabelText('Código'), 'verao25')
  await user.type(screen.getByLabelText('Desconto (%)'), '250')
  await user.click(screen.getByRole('button', { name: 'Criar cupom' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('O desconto deve ser de 1% a 99%.')
  expect(server.count('POST /api/v1/admin/coupons')).toBe(0)

  await user.clear(screen.getByLabelText('Desconto (%)'))
  await user.type(screen.getByLabelText('Desconto (%)'), '25')
  await user.type(screen.getByLabelText('Válido até'), '2026-12-31')
  await user.click(screen.getByRole('button', { name: 'Criar cupom' }))
  const row = (await screen.findByText('VERAO25')).closest('tr')!
  expect(within(row).getByText('ativo')).toBeInTheDocument()
  expect(within(row).getByText('até 31/12/2026')).toBeInTheDocument()

  await user.click(within(row).getByRole('button', { name: 'Expirar' }))
  const confirm = screen.getByRole('alertdialog')
  await user.click(within(confirm).getByRole('button', { name: 'Expirar cupom' }))
  await waitFor(() => expect(within(row).getByText('expirado')).toBeInTheDocument())
  expect(within(row).queryByRole('button', { name: 'Expirar' })).not.toBeInTheDocument()
})
