import { Modal } from './modal'
import { Spinner } from './spinner'

export const LOADING_DIALOG = 'Carregando...'

/**
 * What a dialog shows while its code downloads: the same overlay, above the page, so nothing
 * under it moves, and Esc or the backdrop close it as they would the dialog.
 */
export function LoadingModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open title={LOADING_DIALOG} hideTitle onClose={onClose}>
      <Spinner label={LOADING_DIALOG} />
    </Modal>
  )
}
