import { PushSubscriptionInfo } from '@areia/contracts/notifications'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { errorCode } from '../../lib/api-error'
import { SUCCESS_NOTIFICATION_DURATION_MS, useToast } from '../../ui/toast'
import { deleteSubscription, fetchPublicKey, saveSubscription } from './push-api'
import { pushSupported } from './platform'
import { activeRegistration } from './service-worker'

/** What the player is told when the browser cannot notify, or the system blocks it. */
export const PUSH_MESSAGES = {
  unsupported: 'Seu navegador não suporta notificações.',
  denied: 'As notificações estão bloqueadas nas configurações do seu navegador/sistema.',
  enabled: 'Notificações ativadas com sucesso!',
  noSubscription: 'Não foi possível ativar as notificações. (Erro SW-SUB-FINAL)',
  failed: 'Ocorreu um erro ao tentar ativar as notificações.',
  disabled: 'Notificações desativadas.',
  disableFailed: 'Erro ao tentar desativar notificações. Verifique o console.',
} as const

/** The permission is checked 500 ms after load. */
export const PERMISSION_CHECK_DELAY_MS = 500

/** What a try to turn notifications on ended in (each has its line in PUSH_MESSAGES). */
export type PushOutcome = 'enabled' | 'denied' | 'unsupported' | 'noSubscription' | 'failed'
type PushFailure = Extract<PushOutcome, 'noSubscription' | 'failed'>

export type PushState = {
  /** False until the 500 ms check has run: nothing is offered before that. */
  checked: boolean
  supported: boolean
  permission: NotificationPermission
  /** Permission granted and a push subscription exists. */
  subscribed: boolean
  busy: boolean
  /** How the last try on this device failed, while notifications stay off: the switch says why. */
  lastFailure: PushFailure | null
}

type PushContextValue = PushState & {
  /** Null when the player closed the browser's prompt without deciding. */
  enable: () => Promise<PushOutcome | null>
  disable: () => Promise<void>
}

/** The failure is remembered on the device, so the account page still explains it later. */
const FAILURE_KEY = 'areia.push-last-failure'

function savedFailure(): PushFailure | null {
  try {
    const saved = localStorage.getItem(FAILURE_KEY)
    return saved === 'noSubscription' || saved === 'failed' ? saved : null
  } catch {
    return null
  }
}

function rememberFailure(failure: PushFailure | null): void {
  try {
    if (failure) localStorage.setItem(FAILURE_KEY, failure)
    else localStorage.removeItem(FAILURE_KEY)
  } catch {
    // Without storage the reason is told now (the toast) and not kept.
  }
}

const PushContext = createContext<PushContextValue | null>(null)

export function usePush(): PushContextValue {
  const value = useContext(PushContext)
  if (!value) throw new Error('usePush must be used inside <PushProvider>')
  return value
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

export function PushProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast()
  const [state, setState] = useState<PushState>({
    checked: false,
    supported: true,
    permission: 'default',
    subscribed: false,
    busy: false,
    lastFailure: savedFailure(),
  })
  const patch = useCallback((next: Partial<PushState>) => setState((s) => ({ ...s, ...next })), [])

  useEffect(() => {
    let cancelled = false
    const timer = window.setTimeout(() => {
      void (async () => {
        if (!pushSupported()) {
          if (!cancelled) patch({ checked: true, supported: false })
          return
        }
        const permission = Notification.permission
        const subscription = permission === 'granted' ? await currentSubscription() : null
        if (cancelled) return
        patch({ checked: true, permission, subscribed: subscription !== null })
        if (subscription) {
          rememberFailure(null)
          patch({ lastFailure: null })
        }
        // The server may have lost it (browser renewed it, another account used this browser):
        // re-sending on load keeps it right; the worker has no token to do so by itself.
        const info = PushSubscriptionInfo.safeParse(subscription?.toJSON())
        if (info.success) await saveSubscription(info.data).catch(() => undefined)
      })()
    }, PERMISSION_CHECK_DELAY_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [patch])

  const enable = useCallback(async (): Promise<PushOutcome | null> => {
    const outcome = await subscribe()
    if (outcome === 'noSubscription' || outcome === 'failed') {
      rememberFailure(outcome)
      patch({ lastFailure: outcome })
    } else if (outcome === 'enabled') {
      rememberFailure(null)
      patch({ subscribed: true, lastFailure: null })
    }
    if (outcome === 'enabled')
      showToast(PUSH_MESSAGES.enabled, 'success', SUCCESS_NOTIFICATION_DURATION_MS)
    else if (outcome) showToast(PUSH_MESSAGES[outcome], 'error')
    return outcome

    async function subscribe(): Promise<PushOutcome | null> {
      if (!pushSupported()) {
        patch({ supported: false })
        return 'unsupported'
      }
      patch({ busy: true })
      try {
        const permission = await Notification.requestPermission()
        patch({ permission })
        if (permission === 'denied') return 'denied'
        // The prompt was dismissed: nothing was decided, so nothing is said.
        if (permission !== 'granted') return null
        const registration = await activeRegistration()
        const publicKey = await fetchPublicKey()
        let subscription = await registration.pushManager.getSubscription()
        const key = subscription?.options.applicationServerKey
        // A subscription made for other server keys cannot be reached any more: replace it.
        if (subscription && (!key || base64url(key) !== publicKey)) {
          await subscription.unsubscribe()
          subscription = null
        }
        subscription ??= await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        })
        const info = PushSubscriptionInfo.safeParse(subscription?.toJSON())
        if (!info.success) return 'noSubscription'
        await saveSubscription(info.data)
        return 'enabled'
      } catch (error) {
        console.error('push: enabling notifications failed', error)
        return 'failed'
      } finally {
        patch({ busy: false })
      }
    }
  }, [patch, showToast])

  const disable = useCallback(async () => {
    patch({ busy: true })
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        // The server first: if it fails, the browser keeps a subscription the server knows.
        await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
          if (errorCode(error) !== 'not_found') throw error
        })
        await subscription.unsubscribe()
      }
      rememberFailure(null)
      patch({ subscribed: false, lastFailure: null })
      showToast(PUSH_MESSAGES.disabled, 'success', SUCCESS_NOTIFICATION_DURATION_MS)
    } catch (error) {
      console.error('push: disabling notifications failed', error)
      showToast(PUSH_MESSAGES.disableFailed, 'error')
    } finally {
      patch({ busy: false })
    }
  }, [patch, showToast])

  const value = useMemo(() => ({ ...state, enable, disable }), [state, enable, disable])
  return <PushContext.Provider value={value}>{children}</PushContext.Provider>
}
