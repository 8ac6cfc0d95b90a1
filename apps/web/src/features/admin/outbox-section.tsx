import { useQuery } from '@tanstack/react-query'
import { outboxQuery } from './admin-api'
import { formatDateTime, QueryState } from './admin-ui'

/** Embedded mode keeps every e-mail in the outbox: here an operator reads what players received. */
export function OutboxSection() {
  const outbox = useQuery(outboxQuery())
  return (
    <>
      <p className="page__lead admin__lead">
        No modo embutido, os e-mails ficam guardados aqui em vez de sair para a internet. Os mais
        novos aparecem primeiro.
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
                      <span className="admin-mail__meta">
                        para {m.to} · {formatDateTime(m.created_at)}
                      </span>
                    </summary>
                    <pre className="admin-mail__body">{m.body}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  )
}
