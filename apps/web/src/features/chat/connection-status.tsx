import {
  CONNECTION_STATUS,
  type ConnectionStatus,
  type DisconnectReason,
} from '../../lib/chat-socket'

/** What the player is told while the chat is not connected, by cause. */
export const DISCONNECT_REASONS: Record<DisconnectReason, string> = {
  restarting: 'O servidor está reiniciando. Voltamos em instantes.',
  offline: 'Sem internet. Reconectamos quando a rede voltar.',
  lost: 'A conexão caiu. Tentando de novo.',
  closed: 'A conexão foi encerrada.',
}

export const RECONNECT_LABEL = 'Reconectar'

type Props = {
  status: ConnectionStatus
  reason: DisconnectReason | null
  onReconnect: () => void
}

/**
 * The dock's connection line: the status word, and while disconnected why, with a way
 * back that does not wait for the timer (nor for a reload after a normal close).
 */
export function ConnectionStatusLine({ status, reason, onReconnect }: Props) {
  const on = status === CONNECTION_STATUS.open
  const stuck = !on && status !== CONNECTION_STATUS.connecting && reason !== null
  return (
    <div className={`chat__status ${on ? 'chat__status--on' : ''}`}>
      <p className="chat__status-text" role="status">
        <span className="chat__status-dot" aria-hidden="true" />
        <span>{status}</span>
        {stuck ? <span className="chat__status-why">{DISCONNECT_REASONS[reason]}</span> : null}
      </p>
      {stuck ? (
        <button type="button" className="chat__reconnect" onClick={onReconnect}>
          {RECONNECT_LABEL}
        </button>
      ) : null}
    </div>
  )
}
