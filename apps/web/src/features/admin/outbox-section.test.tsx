import type { AdminMailbox, AdminOutboxMail } from '@areia/contracts/admin'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, makeUser, mockServer } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { OUTBOX_POLL_MS } from './admin-api'
import { AdminPage } from './admin-page'

const routes = [{ path: '/admin/*', element: <AdminPage /> }]

const mail = (status: AdminOutboxMail['status']): AdminOutboxMail => ({
  id: 1,
  to: 'ana@areia.test',
  subject: 'Redefina a sua senha do Areia',
  body: 'Abra o link para criar uma nova senha.',
  status,
  attempts: status === 'SENT' ? 1 : 0,
  last_error: null,
  created_at: '2026-11-26T10:00:00.000Z',
  sent_at: status === 'SENT' ? '2026-11-26T10:00:02.000Z' : null,
})

describe('the console’s e-mails', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' })
  })
  afterEach(() => vi.useRealTimers())

  it('shows a queued mail arriving in the local mailbox without a reload, then stops looking', async () => {
    let sent = false
    const delivered: AdminMailbox['messages'] = [
      {
        id: 7,
        to: 'ana@areia.test',
        from: 'Areia <nao-responda@areia.app>',
        subject: 'Redefina a sua senha do Areia',
        text: 'Abra o link para criar uma nova senha.',
        received_at: '2026-11-26T10:00:02.000Z',
      },
    ]
    const server = mockServer({
      'GET /api/v1/admin/outbox': () => jsonResponse([mail(sent ? 'SENT' : 'QUEUED')]),
      'GET /api/v1/admin/mailbox': () =>
        jsonResponse({ local: true, messages: sent ? delivered : [] }),
    })
    renderRoutes(routes, '/admin/emails', fakeAuth({ user: makeUser({ role: 'ADMIN' }) }))
    expect(await screen.findByText('Na fila')).toBeInTheDocument()
    expect(screen.getByText('Nenhum e-mail recebido.')).toBeInTheDocument()

    sent = true
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_POLL_MS))
    const mailbox = await screen.findByRole('list', { name: 'Caixa postal local' })
    expect(within(mailbox).getByText('Redefina a sua senha do Areia')).toBeInTheDocument()
    expect(await screen.findByText('Enviado')).toBeInTheDocument()

    // Nothing waits any more: no more requests.
    const calls = server.calls.length
    await act(() => vi.advanceTimersByTimeAsync(5 * OUTBOX_POLL_MS))
    expect(server.calls).toHaveLength(calls)
  })
})
