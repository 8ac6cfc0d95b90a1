import { useEffect, useState } from 'react'
import { Banner } from '../../ui/banner'
import { useBannerTurn } from '../../ui/banner-queue'
import { Button } from '../../ui/button'
import { isIosSafari, isStandalone } from '../../features/push/platform'

const IOS_HINT =
  'Para instalar, toque no ícone de Compartilhar e depois em Adicionar à Tela de Início.'
const DISMISS_KEY = 'areia.install-banner-dismissed'

type InstallPromptEvent = Event & { prompt: () => Promise<unknown> }

/** Install prompt. iOS has no install API, so the player is told where to tap. */
export function InstallBanner() {
  const [deferred, setDeferred] = useState<InstallPromptEvent | null>(null)
  const [showHint, setShowHint] = useState(false)
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISS_KEY) === '1')
  // Safari on iOS, not yet installed (other iOS browsers cannot add to the home screen).
  const ios = isIosSafari() && !isStandalone()

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault()
      setDeferred(event as InstallPromptEvent)
    }
    window.addEventListener('beforeinstallprompt', onPrompt)
    return () => window.removeEventListener('beforeinstallprompt', onPrompt)
  }, [])

  const shown = useBannerTurn('install', !dismissed && (ios || !!deferred))
  if (!shown) return null
  const dismiss = () => {
    localStorage.setItem(DISMISS_KEY, '1')
    setDismissed(true)
  }
  return (
    <Banner
      compact
      action={
        <>
          <Button
            variant="primary"
            onClick={() => {
              if (deferred) void deferred.prompt().finally(() => setDeferred(null))
              else setShowHint(true)
            }}
          >
            Instalar
          </Button>
          <Button variant="ghost" onClick={dismiss}>
            Agora não
          </Button>
        </>
      }
    >
      <strong>Instale o Areia na sua tela de início.</strong>
      {showHint ? (
        <p className="banner__keep">{IOS_HINT}</p>
      ) : (
        <p>Abra o app com um toque, como qualquer outro.</p>
      )}
    </Banner>
  )
}
