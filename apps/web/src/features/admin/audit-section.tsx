import { useQuery } from '@tanstack/react-query'
import { auditQuery } from './admin-api'
import { Cell, formatDateTime, QueryTable } from './admin-ui'
import { auditDetails, auditLabel, auditTarget } from './admin-rules'

/** Who did what, when, to what: every change made from the console, newest first. */
export function AuditSection() {
  const audit = useQuery(auditQuery())
  return (
    <QueryTable
      query={audit}
      loading="Carregando auditoria..."
      failed="Não foi possível carregar a auditoria."
      caption="Registro de auditoria, do mais novo ao mais antigo"
      columns={['Quando', 'Quem', 'Ação', 'Alvo', 'Detalhes']}
      empty="Nenhuma ação registrada ainda."
    >
      {(r) => (
        <tr key={r.id}>
          <Cell label="Quando">{formatDateTime(r.created_at)}</Cell>
          <Cell label="Quem">{r.actor_email}</Cell>
          <Cell label="Ação" className="admin-table__strong">
            {auditLabel(r.action)}
          </Cell>
          <Cell label="Alvo">{auditTarget(r.target_type, r.target_id)}</Cell>
          <Cell label="Detalhes" className="admin-table__details">
            {auditDetails(r.details)}
          </Cell>
        </tr>
      )}
    </QueryTable>
  )
}
