import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { resendConfirmation } from './account-api'

const DISMISS_KEY = 'areia.email-banner-dismissed'

/**
 * A gentle reminder for an unconfirmed address: the account works meanwhile. It can be sent
 * again, or put away until the next visit (per address).
 */
export function EmailBanner() {
  const { user } = useAuth()
  const [dismissed, setDismissed] = useState(() =>
    typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(DISMISS_KEY),
  )
  const [note, setNote] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  if (!user || user.email_verified || dismissed === user.email) return null

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
    sessionStorage.setItem(DISMISS_KEY, user.email)
    setDismissed(user.email)
  }

  return (
    <Banner
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
      {note ?? `Confirme o seu e-mail: enviamos um link para ${user.email}.`}
    </Banner>
  )
}
