import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPlayer } from '@areia/contracts/admin'
import { countOf } from '@areia/contracts/agreement'
import { Role } from '@areia/contracts/enums'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { useToast } from '../../ui/toast'
import { Button } from '../../ui/button'
import { adminKeys, changeRole, PAGE_SIZE, playersQuery } from './admin-api'
import { Badge, Cell, DataTable, formatDateTime, QueryState } from './admin-ui'
import { ROLE_LABEL } from './admin-rules'

const PAYMENT_LABEL: Record<AdminPlayer['payment_status'], string> = {
  FREE: 'Gratuito',
  WAITING_LIST: 'Lista de espera',
  PAYMENT_PENDING: 'Pagamento pendente',
  PAYMENT_OK: 'Pagante',
}

const SUBSCRIPTION_LABEL: Record<NonNullable<AdminPlayer['subscription_status']>, string> = {
  ACTIVE: 'ativa',
  CANCELED: 'cancelada',
  PAST_DUE: 'em atraso',
  EXPIRED: 'expirada',
}

/** Search by e-mail or name, page through, and change who is staff. */
export function PlayersSection() {
  const [draft, setDraft] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const players = useQuery(playersQuery(search, page))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSearch(draft.trim())
    setPage(1)
  }
  return (
    <>
      <form className="admin-toolbar" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="admin-player-search">
          Buscar jogador por e-mail ou nome
        </label>
        <input
          id="admin-player-search"
          className="field__input"
          type="search"
          placeholder="Buscar por e-mail ou nome"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </form>
      <QueryState
        query={players}
        loading="Carregando jogadores..."
        failed="Não foi possível carregar os jogadores."
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE))
          return (
            <>
              <p className="admin__count">
                {countOf(data.total, 'conta', 'contas')}
                {search ? ` para “${search}”` : ''}
              </p>
              <DataTable
                caption="Jogadores"
                columns={['E-mail', 'Nome', 'Situação', 'Plano', 'Desde', 'Papel']}
                empty="Nenhuma conta encontrada."
                hasRows={data.items.length > 0}
              >
                {data.items.map((p) => (
                  <PlayerRow key={p.id} player={p} />
                ))}
              </DataTable>
              {pages > 1 ? (
                <nav className="admin-pager" aria-label="Páginas de jogadores">
                  <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Anterior
                  </Button>
                  <span>
                    Página {data.page} de {pages}
                  </span>
                  <Button
                    variant="ghost"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Próxima
                  </Button>
                </nav>
              ) : null}
            </>
          )
        }}
      </QueryState>
    </>
  )
}

function PlayerRow({ player }: { player: AdminPlayer }) {
  const { user } = useAuth()
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (role: Role) => changeRole(player.id, role),
    onSuccess: async (updated) => {
      showToast(`${updated.email} agora é ${ROLE_LABEL[updated.role]}.`, 'success')
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
    onError: (error) =>
      showToast(errorMessage(error, 'Não foi possível alterar o papel.'), 'error'),
  })
  const self = player.id === user?.id
  const subscription = player.subscription_status
    ? `${player.plan_name ?? ''} (${SUBSCRIPTION_LABEL[player.subscription_status]}, até ${formatDateTime(player.subscription_expires_at).split(',')[0]})`
    : '—'
  return (
    <tr>
      <Cell label="E-mail" className="admin-table__strong">
        {player.email}
      </Cell>
      <Cell label="Nome">{player.name ?? '—'}</Cell>
      <Cell label="Situação">
        <Badge tone={player.payment_status === 'PAYMENT_OK' ? 'success' : 'sand'}>
          {PAYMENT_LABEL[player.payment_status]}
        </Badge>
        {player.status === 'BLOCKED' ? <Badge tone="danger">Bloqueada</Badge> : null}
      </Cell>
      <Cell label="Plano">{subscription}</Cell>
      <Cell label="Desde">{formatDateTime(player.created_at).split(',')[0]}</Cell>
      <Cell label="Papel">
        <label className="visually-hidden" htmlFor={`role-${player.id}`}>
          Papel de {player.email}
        </label>
        <select
          id={`role-${player.id}`}
          className="admin-select"
          value={player.role}
          disabled={self || mutation.isPending}
          title={self ? 'Você não pode alterar o seu próprio papel.' : undefined}
          onChange={(e) => mutation.mutate(Role.parse(e.target.value))}
        >
          {Role.options.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </select>
      </Cell>
    </tr>
  )
}
