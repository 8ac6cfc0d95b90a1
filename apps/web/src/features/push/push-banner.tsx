import { useState } from 'react'
import { useLocation } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { useBannerTurn } from '../../ui/banner-queue'
import { isIos, isStandalone, pushSupported } from './platform'
import { PUSH_MESSAGES, usePush, type PushOutcome, type PushState } from './push-context'
import { unblockSteps } from './unblock-help'

/** When "Agora não" was tapped on this device (ms since epoch). */
export const DISMISS_KEY = 'areia.push-offer-dismissed-at'
export const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000

export const BLOCKED_TITLE = 'As notificações estão bloqueadas neste navegador.'

/** "Agora não" holds for a month on this device; storage that cannot be read forgets it. */
export function offerDismissed(now: number = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISS_KEY))
    return Number.isFinite(at) && at > 0 && now - at < DISMISS_FOR_MS
  } catch {
    return false
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(DISMISS_KEY, String(Date.now()))
  } catch {
    // Private mode without storage: the offer comes back next visit, which is acceptable.
  }
}

/**
 * On iOS, push exists only in the app opened from the home screen, so the banner waits
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

/**
 * The offer waits until the player has a team that talks back: onboarding done (the coaches have
 * introduced themselves by then) and away from `/`, so it never covers the onboarding questions.
 */
export function pushOfferTime(pathname: string, onboardingStatus: string | undefined): boolean {
  return pathname !== '/' && onboardingStatus === 'COMPLETED'
}

export function PushBanner() {
  const push = usePush()
  const { pathname } = useLocation()
  const { user } = useAuth()
  const [dismissed, setDismissed] = useState(() => offerDismissed())
  const [expected] = useState(() => pushBannerExpected(isIos(), isStandalone()))
  // What the player's tap on "Ativar" here came to: the banner stays to say it.
  const [outcome, setOutcome] = useState<PushOutcome | null>(null)
  const dismiss = () => {
    rememberDismissal()
    setDismissed(true)
  }
  // Until the check has run, the banner it is about to offer holds its place unseen, so the page
  // does not jump down half a second after it opened (under the player's finger).
  const waiting = !push.checked && expected
  const offered = waiting || pushBannerOffered(push, isIos(), isStandalone())
  const wants =
    !dismissed && pushOfferTime(pathname, user?.onboarding_status) && (outcome !== null || offered)
  const shown = useBannerTurn('push', wants)
  if (!shown) return null

  if (outcome === 'denied') {
    return (
      <Banner
        compact
        tone="error"
        action={
          <Button variant="ghost" onClick={dismiss}>
            Entendi
          </Button>
        }
      >
        <strong>{BLOCKED_TITLE}</strong>
        <p className="banner__keep">{unblockSteps(navigator.userAgent, isStandalone(), isIos())}</p>
      </Banner>
    )
  }
  if (outcome !== null) {
    const ok = outcome === 'enabled'
    return (
      <Banner
        compact
        tone={ok ? 'success' : 'error'}
        action={
          <>
            {ok || outcome === 'unsupported' ? null : (
              <Button variant="primary" busy={push.busy} onClick={() => void tryAgain()}>
                Tentar de novo
              </Button>
            )}
            <Button variant="ghost" onClick={ok ? () => setDismissed(true) : dismiss}>
              {ok ? 'Fechar' : 'Agora não'}
            </Button>
          </>
        }
      >
        <strong className="banner__keep">{PUSH_MESSAGES[outcome]}</strong>
      </Banner>
    )
  }

  return (
    <Banner
      compact
      reserved={waiting}
      action={
        <>
          <Button variant="primary" busy={push.busy} onClick={() => void tryAgain()}>
            Ativar Notificações
          </Button>
          <Button variant="ghost" onClick={dismiss}>
            Agora não
          </Button>
        </>
      }
    >
      <strong>Saiba na hora quando o seu time responder.</strong>
      <p>Avisamos quando um coach responder e quando a análise do seu vídeo ficar pronta.</p>
    </Banner>
  )

  async function tryAgain() {
    setOutcome(await push.enable())
  }
}
