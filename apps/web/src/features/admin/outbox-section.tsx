import type { AdminOutboxMail, MailStatus } from '@areia/contracts/admin'
import { countOf } from '@areia/contracts/agreement'
import { useQuery } from '@tanstack/react-query'
import { mailboxQuery, outboxQuery } from './admin-api'
import { Badge, formatDateTime, QueryState } from './admin-ui'

const STATUS: Record<MailStatus, { label: string; tone: 'sea' | 'danger' | 'success' }> = {
  QUEUED: { label: 'Na fila', tone: 'sea' },
  SENT: { label: 'Enviado', tone: 'success' },
  FAILED: { label: 'Falhou', tone: 'danger' },
}

function delivery(m: AdminOutboxMail): string {
  if (m.status === 'SENT') return `enviado ${formatDateTime(m.sent_at)}`
  if (m.attempts === 0) return 'aguardando o envio'
  const tries = countOf(m.attempts, 'tentativa', 'tentativas')
  return m.status === 'FAILED' ? `desistimos após ${tries}` : `${tries}; tentando de novo`
}

/** Every e-mail the app sent and how its delivery went; in embedded mode, the local mailbox. */
export function OutboxSection() {
  const outbox = useQuery(outboxQuery())
  // ISO times: the greatest string is the latest.
  const lastSentAt = (outbox.data ?? []).reduce<string | null>(
    (latest, m) => (m.sent_at && (!latest || m.sent_at > latest) ? m.sent_at : latest),
    null,
  )
  const mailbox = useQuery(mailboxQuery(lastSentAt))
  return (
    <>
      {mailbox.data?.local ? (
        <section aria-labelledby="mailbox-title">
          <h2 id="mailbox-title" className="admin__subtitle">
            Caixa postal local
          </h2>
          <p className="page__lead admin__lead">
            Sem um servidor de e-mail configurado (SMTP_URL), os e-mails são entregues a esta caixa
            postal, dentro do próprio servidor: é o que os jogadores receberiam, exceto os códigos
            dos links de senha e de confirmação, que aparecem como “…” por segurança.
          </p>
          {mailbox.data.messages.length === 0 ? (
            <p className="admin__empty">Nenhum e-mail recebido.</p>
          ) : (
            <ul className="admin-mails" aria-label="Caixa postal local">
              {mailbox.data.messages.map((m) => (
                <li key={m.id} className="admin-mail">
                  <details>
                    <summary>
                      <span className="admin-mail__subject">{m.subject}</span>
                      <span className="admin-mail__meta">
                        para {m.to} · de {m.from} · {formatDateTime(m.received_at)}
                      </span>
                    </summary>
                    <pre className="admin-mail__body">{m.text}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="outbox-title">
        <h2 id="outbox-title" className="admin__subtitle">
          Caixa de saída
        </h2>
        <p className="page__lead admin__lead">
          Cada e-mail entra na fila e é enviado com novas tentativas em caso de falha. Os que
          falharam em todas aparecem como “Falhou”, com a última resposta do servidor. Os links de
          senha e de confirmação ficam guardados sem o código (“…”): ele é criado só no envio.
        </p>
        <QueryState
          query={outbox}
          loading="Carregando e-mails..."
          failed="Não foi possível carregar os e-mails."
        >
          {(mails) =>
            mails.length === 0 ? (
              <p className="admin__empty">Nenhum e-mail na caixa de saída.</p>
            ) : (
              <ul className="admin-mails" aria-label="Caixa de saída">
                {mails.map((m) => (
                  <li key={m.id} className="admin-mail">
                    <details>
                      <summary>
                        <span className="admin-mail__subject">{m.subject}</span>
                        <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                        <span className="admin-mail__meta">
                          para {m.to} · {formatDateTime(m.created_at)} · {delivery(m)}
                        </span>
                      </summary>
                      {m.last_error && m.status !== 'SENT' ? (
                        <p className="admin-mail__error">Última resposta: {m.last_error}</p>
                      ) : null}
                      <pre className="admin-mail__body">{m.body}</pre>
                    </details>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </>
  )
}
