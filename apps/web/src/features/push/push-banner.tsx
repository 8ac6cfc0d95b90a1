import { useState } from 'react'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { isIos, isStandalone, pushSupported } from './platform'
import { usePush, type PushState } from './push-context'

const DISMISS_KEY = 'areia.push-banner-dismissed'

/**
 * SPEC §4: on iOS, push exists only in the app opened from the home screen, so the banner waits
 * for that; elsewhere it is offered while the player has not decided (permission `default`).
 */
export function pushBannerOffered(push: PushState, ios: boolean, standalone: boolean): boolean {
  if (!push.checked || !push.supported || push.subscribed) return false
  return ios ? standalone && push.permission !== 'denied' : push.permission === 'default'
}

/**
 * What is known before the 500 ms check: whether the banner is about to be offered. Undecided
 * (`default`) is the only permission that offers it, and then there is no subscription to look up.
 */
export function pushBannerExpected(ios: boolean, standalone: boolean): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false
  return !ios || standalone
}

export function PushBanner() {
  const push = usePush()
  // "Agora não" holds for this visit only: the offer comes back on the next one.
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISS_KEY) === '1')
  const [expected] = useState(() => pushBannerExpected(isIos(), isStandalone()))
  // Until the check has run, the banner it is about to offer holds its place unseen, so the page
  // does not jump down half a second after it opened (under the player's finger).
  const waiting = !push.checked && expected
  if (dismissed || !(waiting || pushBannerOffered(push, isIos(), isStandalone()))) return null
  return (
    <Banner
      reserved={waiting}
      action={
        <>
          <Button variant="primary" busy={push.busy} onClick={() => void push.enable()}>
            Ativar Notificações
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              sessionStorage.setItem(DISMISS_KEY, '1')
              setDismissed(true)
            }}
          >
            Agora não
          </Button>
        </>
      }
    >
      <strong>Saiba na hora quando o seu time responder.</strong>
      <p>Avisamos quando um coach responder e quando a análise do seu vídeo ficar pronta.</p>
    </Banner>
  )
}
