import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { Banner } from '../../ui/banner'
import { useBannerTurn } from '../../ui/banner-queue'
import { Button } from '../../ui/button'
import { resendConfirmation } from './account-api'

/** When "Depois" was tapped on this device, for which address: `{email, at}`. */
export const EMAIL_DISMISS_KEY = 'areia.email-banner-dismissed'
export const EMAIL_DISMISS_FOR_MS = 7 * 24 * 60 * 60 * 1000

/** "Depois" holds for a week on this device, for the address it was tapped for. */
export function emailReminderPutOff(email: string, now: number = Date.now()): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem(EMAIL_DISMISS_KEY) ?? 'null') as unknown
    if (typeof saved !== 'object' || saved === null) return false
    const { email: for_, at } = saved as { email?: unknown; at?: unknown }
    return for_ === email && typeof at === 'number' && now - at < EMAIL_DISMISS_FOR_MS
  } catch {
    return false
  }
}

function putOff(email: string): void {
  try {
    localStorage.setItem(EMAIL_DISMISS_KEY, JSON.stringify({ email, at: Date.now() }))
  } catch {
    // Without storage the reminder comes back next visit, which is acceptable.
  }
}

/**
 * A gentle reminder for an unconfirmed address: the account works meanwhile. It can be sent
 * again, or put away for a week (per address). One banner shows at a time (BannerQueue).
 */
export function EmailBanner() {
  const { user } = useAuth()
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const wants =
    !!user && !user.email_verified && dismissed !== user.email && !emailReminderPutOff(user.email)
  const shown = useBannerTurn('email', wants)
  if (!user || !shown) return null

  const resend = async () => {
    setSending(true)
    try {
      setNote((await resendConfirmation()).message)
    } catch (err) {
      setNote(errorMessage(err, 'Não foi possível reenviar agora. Tente mais tarde.'))
    } finally {
      setSending(false)
    }
  }
  const dismiss = () => {
    putOff(user.email)
    setDismissed(user.email)
  }

  return (
    <Banner
      compact
      action={
        <>
          <Button busy={sending} onClick={() => void resend()}>
            Reenviar link
          </Button>
          <Button variant="ghost" onClick={dismiss}>
            Depois
          </Button>
        </>
      }
    >
      {note ? (
        <strong className="banner__keep">{note}</strong>
      ) : (
        // On a phone the address is left out (banner__detail): one short line.
        <strong className="banner__keep">
          Confirme o seu e-mail
          <span className="banner__detail">: enviamos um link para {user.email}</span>.
        </strong>
      )}
    </Banner>
  )
}
