import { useId } from 'react'
import { usePush } from './push-context'

/** The sidebar switch: on means permission granted and a subscription exists. */
export function NotificationToggle() {
  const push = usePush()
  // The switch sits in the menu and on the account page at once: each needs its own label id.
  const labelId = useId()
  const state = !push.supported
    ? 'Não suportadas'
    : push.subscribed
      ? 'Ativadas'
      : push.permission === 'denied'
        ? 'Bloqueadas no navegador'
        : 'Desativadas'
  return (
    <div className="sidebar__toggle">
      <span id={labelId} className="sidebar__toggle-label">
        Notificações
        <small>{push.checked ? state : 'Verificando…'}</small>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={push.subscribed}
        aria-labelledby={labelId}
        aria-busy={push.busy}
        className="switch"
        disabled={!push.checked || push.busy}
        onClick={() => void (push.subscribed ? push.disable() : push.enable())}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </div>
  )
}
