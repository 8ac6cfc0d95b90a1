import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'

// A toast re-shows shortly after being reset and stays the same time whatever its nominal
// duration, then fades out: every message gets the same chance to be read. The nominal duration
// is still kept on the notification, as callers pass it.
export const TOAST_SHOW_DELAY_MS = 50
export const TOAST_DISPLAY_MS = 3000
export const TOAST_HIDE_MS = 300
export const TOAST_DEFAULT_DURATION_MS = 5000
export const SUCCESS_NOTIFICATION_DURATION_MS = 7000

export type ToastType = 'success' | 'error'

export type Notification = {
  message: string
  type: ToastType
  visible: boolean
  duration: number
}

type Phase = 'hidden' | 'shown' | 'hiding'

type ToastContextValue = {
  showToast: (message: string, type?: ToastType, duration?: number) => void
  notification: Notification
}

const ToastContext = createContext<ToastContextValue | null>(null)

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext)
  if (!value) throw new Error('useToast must be used inside <ToastProvider>')
  return value
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notification, setNotification] = useState<Notification>({
    message: '',
    type: 'success',
    visible: false,
    duration: TOAST_DEFAULT_DURATION_MS,
  })
  const [phase, setPhase] = useState<Phase>('hidden')
  const timers = useRef<number[]>([])

  const clearTimers = () => {
    for (const id of timers.current) window.clearTimeout(id)
    timers.current = []
  }
  const later = (ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms))
  }

  useEffect(() => clearTimers, [])

  const showToast = useCallback<ToastContextValue['showToast']>(
    (message, type = 'success', duration = TOAST_DEFAULT_DURATION_MS) => {
      clearTimers()
      setPhase('hidden')
      setNotification((n) => ({ ...n, visible: false }))
      later(TOAST_SHOW_DELAY_MS, () => {
        setNotification({ message, type, visible: true, duration })
        setPhase('shown')
        later(TOAST_DISPLAY_MS, () => {
          setNotification((n) => ({ ...n, visible: false }))
          setPhase('hiding')
          later(TOAST_HIDE_MS, () => setPhase('hidden'))
        })
      })
    },
    [],
  )

  const value = useMemo(() => ({ showToast, notification }), [showToast, notification])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" aria-live="polite" aria-atomic="true">
        {phase === 'hidden' ? null : (
          <div
            className={`toast toast--${notification.type} ${phase === 'shown' ? 'toast--shown' : 'toast--hiding'}`}
            role={notification.type === 'error' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <span className="toast__icon" aria-hidden="true">
              {notification.type === 'success' ? '✓' : '!'}
            </span>
            <span className="toast__message">{notification.message}</span>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}
