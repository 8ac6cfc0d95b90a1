import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../test/helpers'
import { fakeAuth, renderRoutes } from '../../test/render-with-providers'
import { EMAIL_DISMISS_FOR_MS, EmailBanner, emailReminderPutOff } from './email-banner'

const unconfirmed = () =>
  fakeAuth({ user: makeUser({ email: 'nova@areia.test', email_verified: false }) })

describe('the e-mail confirmation reminder', () => {
  it('"Depois" puts it away for a week on this device, for that address, reloads included', async () => {
    renderRoutes([{ path: '/chat', element: <EmailBanner /> }], '/chat', unconfirmed())
    expect(await screen.findByText(/Confirme o seu e-mail/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Depois' }))
    expect(screen.queryByText(/Confirme o seu e-mail/)).toBeNull()
    const now = Date.now()
    expect(emailReminderPutOff('nova@areia.test', now)).toBe(true)
    expect(emailReminderPutOff('nova@areia.test', now + EMAIL_DISMISS_FOR_MS + 1000)).toBe(false)
    expect(emailReminderPutOff('outra@areia.test', now)).toBe(false)
  })

  it('is not shown again on the next page load after "Depois"', async () => {
    localStorage.setItem(
      'areia.email-banner-dismissed',
      JSON.stringify({ email: 'nova@areia.test', at: Date.now() }),
    )
    renderRoutes(
      [
        { path: '/chat', element: <EmailBanner /> },
        { path: '/x', element: <p>x</p> },
      ],
      '/chat',
      unconfirmed(),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText(/Confirme o seu e-mail/)).toBeNull()
  })
})
