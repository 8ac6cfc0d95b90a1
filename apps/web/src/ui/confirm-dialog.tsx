import { Button } from './button'
import { Modal } from './modal'

type ConfirmDialogProps = {
  open: boolean
  title: string
  message: string
  confirmLabel: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * An in-app `confirm()` for what cannot be undone: the safe choice ("Voltar") takes the focus
 * first, and the dialog cannot be dismissed while the action runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, busy, onConfirm, onCancel } = props
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      onClose={busy ? () => undefined : onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Voltar
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="alert-dialog__message confirm-dialog__message">{message}</p>
    </Modal>
  )
}
