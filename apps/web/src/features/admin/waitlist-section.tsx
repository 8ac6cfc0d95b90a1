import { useState, type FormEvent } from 'react'
import { countOf } from '@areia/contracts/agreement'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../../lib/api-error'
import { formatPrice } from '../../lib/format'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { adminKeys, openSpots, waitlistQuery } from './admin-api'
import { AdminInput, Badge, Cell, formatDateTime, QueryTable } from './admin-ui'

/** The line in order of arrival; opening N spots e-mails the next N players still waiting. */
export function WaitlistSection() {
  const waitlist = useQuery(waitlistQuery())
  const [count, setCount] = useState('1')
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: openSpots,
    onSuccess: async (r) => {
      setResult(r.invited.length ? `${r.message} ${r.invited.join(', ')}.` : r.message)
      showToast(r.message, 'success')
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível abrir as vagas.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const n = /^\d{1,3}$/.test(count.trim()) ? Number(count.trim()) : 0
    if (n < 1) return setError('Informe quantas vagas abrir (a partir de 1).')
    setError(null)
    setResult(null)
    mutation.mutate(n)
  }
  const waiting = waitlist.data?.filter((e) => !e.invited_at).length ?? 0
  return (
    <>
      <form
        className="card admin-card admin-open"
        onSubmit={submit}
        aria-labelledby="open-spots-title"
      >
        <div>
          <h2 id="open-spots-title" className="admin-card__title">
            Abrir vagas
          </h2>
          <p className="admin-card__text">
            Os próximos jogadores da fila, por ordem de chegada, recebem um e-mail com o convite
            para assinar.{' '}
            {waitlist.data
              ? `${countOf(waiting, 'jogador aguardando', 'jogadores aguardando')} agora.`
              : ''}
          </p>
        </div>
        <div className="admin-open__row">
          <AdminInput
            id="open-spots-count"
            label="Quantas vagas"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            inputMode="numeric"
          />
          <Button type="submit" busy={mutation.isPending}>
            Abrir vagas
          </Button>
        </div>
        <FormError message={error} />
        {result ? (
          <p className="admin-open__result" role="status">
            {result}
          </p>
        ) : null}
      </form>
      <h2 className="admin__subtitle">Fila</h2>
      <QueryTable
        query={waitlist}
        loading="Carregando a lista de espera..."
        failed="Não foi possível carregar a lista de espera."
        caption="Lista de espera, por ordem de chegada"
        columns={['#', 'E-mail', 'Plano', 'Preço', 'Entrou em', 'Convite']}
        empty="Ninguém na lista de espera."
      >
        {(e) => (
          <tr key={e.id}>
            <Cell label="#">{e.position}º</Cell>
            <Cell label="E-mail" className="admin-table__strong">
              {e.user_email}
            </Cell>
            <Cell label="Plano">
              {e.plan_name} {e.billing_cycle === 'MONTHLY' ? 'Mensal' : 'Anual'}
            </Cell>
            <Cell label="Preço">
              {formatPrice(e.final_price)}
              {e.coupon_code ? ` (${e.coupon_code})` : ''}
            </Cell>
            <Cell label="Entrou em">{formatDateTime(e.joined_at)}</Cell>
            <Cell label="Convite">
              {e.invited_at ? (
                <Badge tone="success">Convidado em {formatDateTime(e.invited_at)}</Badge>
              ) : (
                <Badge tone="sun">Aguardando</Badge>
              )}
            </Cell>
          </tr>
        )}
      </QueryTable>
    </>
  )
}
