import { useId } from 'react'
import { isIos, isStandalone } from './platform'
import { PUSH_MESSAGES, usePush, type PushState } from './push-context'

export const OFF_REASONS = {
  notYet: 'Você ainda não ativou neste aparelho.',
  iosBrowser: 'No iPhone, as notificações funcionam no app instalado na tela de início.',
} as const

/** Why notifications are off on this device, as the player can act on it; null while on. */
export function offReason(
  push: PushState,
  ios = isIos(),
  standalone = isStandalone(),
): string | null {
  if (!push.checked || push.subscribed) return null
  if (!push.supported)
    return ios && !standalone ? OFF_REASONS.iosBrowser : PUSH_MESSAGES.unsupported
  if (push.permission === 'denied') return PUSH_MESSAGES.denied
  if (push.lastFailure) return PUSH_MESSAGES[push.lastFailure]
  return OFF_REASONS.notYet
}

/** The notifications switch (menu and account page): the real state, and why when it is off. */
export function NotificationToggle() {
  const push = usePush()
  // The switch sits in the menu and on the account page at once: each needs its own ids.
  const labelId = useId()
  const reasonId = useId()
  const state = !push.supported
    ? 'Não suportadas'
    : push.subscribed
      ? 'Ativadas'
      : push.permission === 'denied'
        ? 'Bloqueadas no navegador'
        : 'Desativadas'
  const reason = offReason(push)
  return (
    <div className="sidebar__toggle">
      <span className="sidebar__toggle-text">
        <span id={labelId} className="sidebar__toggle-label">
          Notificações
          <small>{push.checked ? state : 'Verificando…'}</small>
        </span>
        {reason ? (
          <small id={reasonId} className="sidebar__toggle-reason">
            {reason}
          </small>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={push.subscribed}
        aria-labelledby={labelId}
        aria-describedby={reason ? reasonId : undefined}
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
