import { useCallback, useState, type ReactNode } from 'react'
import { PlansModal } from '../../features/billing/plans-modal'
import { PlansModalContext } from '../../lib/plans-modal'

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
      <PlansModal key={opening} open={open} onClose={hide} />
    </PlansModalContext.Provider>
  )
}
