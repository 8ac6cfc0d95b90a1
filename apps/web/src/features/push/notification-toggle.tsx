import { usePush } from './push-context'

/** The sidebar switch (SPEC §2): on means permission granted and a subscription exists. */
export function NotificationToggle() {
  const push = usePush()
  const state = !push.supported
    ? 'Não suportadas'
    : push.subscribed
      ? 'Ativadas'
      : push.permission === 'denied'
        ? 'Bloqueadas no navegador'
        : 'Desativadas'
  return (
    <div className="sidebar__toggle">
      <span id="notif-label" className="sidebar__toggle-label">
        Notificações
        <small>{push.checked ? state : 'Verificando…'}</small>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={push.subscribed}
        aria-labelledby="notif-label"
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
