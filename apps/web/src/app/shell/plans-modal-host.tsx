import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react'
import { PlansModalContext } from '../../lib/plans-modal'
import { LoadingModal } from '../../ui/loading-modal'

// Downloaded the first time the plans open: no page needs them to paint.
const PlansModal = lazy(async () => ({
  default: (await import('../../features/billing/plans-modal')).PlansModal,
}))

/** One plans modal for the whole shell: "Seja Pro" and the chat's "Enviar Vídeo" both open it. */
export function PlansModalHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // A new key per opening: the modal starts fresh (no old coupon or thank-you) every time.
  const [opening, setOpening] = useState(0)
  const show = useCallback(() => {
    setOpening((n) => n + 1)
    setOpen(true)
  }, [])
  const hide = useCallback(() => setOpen(false), [])
  return (
    <PlansModalContext.Provider value={show}>
      {children}
      {opening > 0 ? (
        <Suspense fallback={open ? <LoadingModal onClose={hide} /> : null}>
          <PlansModal key={opening} open={open} onClose={hide} />
        </Suspense>
      ) : null}
    </PlansModalContext.Provider>
  )
}
