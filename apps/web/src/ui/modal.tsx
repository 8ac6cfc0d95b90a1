import { useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useFocusTrap, useScrollLock } from './use-focus-trap'

type ModalProps = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  role?: 'dialog' | 'alertdialog'
  hideTitle?: boolean
}

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  hideTitle,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useFocusTrap(panel, open, onClose)
  useScrollLock(open)
  if (!open) return null
  // Portalled to <body>: inside a transformed parent (the sidebar) `position: fixed` would be
  // relative to that parent instead of the screen.
  return createPortal(
    <div className="modal">
      <div className="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="modal__panel"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  )
}
