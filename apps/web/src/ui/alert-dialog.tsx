import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'

type AlertContextValue = {
  /** An in-app `alert()`: resolves when the player dismisses it. */
  showAlert: (message: string, title?: string) => Promise<void>
}

const AlertContext = createContext<AlertContextValue | null>(null)

export function useAlert(): AlertContextValue {
  const value = useContext(AlertContext)
  if (!value) throw new Error('useAlert must be used inside <AlertProvider>')
  return value
}

type Pending = { message: string; title: string; resolve: () => void }

/**
 * Lives above the router, so an alert raised right before a navigation (register → /login,
 * account deleted → /login) stays on screen over the next page.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([])
  const current = queue[0]

  const showAlert = useCallback<AlertContextValue['showAlert']>(
    (message, title = 'Aviso') =>
      new Promise<void>((resolve) => setQueue((q) => [...q, { message, title, resolve }])),
    [],
  )

  const dismiss = useCallback(() => {
    // Resolving twice (StrictMode replays updaters) is harmless: a promise settles once.
    setQueue((q) => {
      q[0]?.resolve()
      return q.slice(1)
    })
  }, [])

  const value = useMemo(() => ({ showAlert }), [showAlert])
  return (
    <AlertContext.Provider value={value}>
      {children}
      <Modal
        open={current !== undefined}
        title={current?.title ?? ''}
        onClose={dismiss}
        role="alertdialog"
        footer={
          <Button onClick={dismiss} data-autofocus>
            OK
          </Button>
        }
      >
        <p className="alert-dialog__message">{current?.message}</p>
      </Modal>
    </AlertContext.Provider>
  )
}
