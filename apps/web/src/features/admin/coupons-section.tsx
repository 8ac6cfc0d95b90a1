import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminCoupon } from '@areia/contracts/admin'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { adminKeys, couponsQuery, createCoupon, expireCoupon, redemptionsQuery } from './admin-api'
import { AdminInput, Badge, Cell, formatDateTime, QueryState, QueryTable } from './admin-ui'
import { couponBody, couponState, EMPTY_COUPON, type CouponForm } from './admin-rules'

const STATE_TONE = { ativo: 'success', expirado: 'sand', agendado: 'sea', esgotado: 'sun' } as const

/** The new coupon's fields, in screen order. */
const COUPON_FIELDS: readonly {
  key: keyof CouponForm
  label: string
  hint?: string
  type?: 'date'
  inputMode?: 'numeric'
  autoCapitalize?: 'characters'
}[] = [
  { key: 'code', label: 'Código', autoCapitalize: 'characters' },
  { key: 'percentage', label: 'Desconto (%)', inputMode: 'numeric' },
  { key: 'from', label: 'Válido a partir de', type: 'date' },
  { key: 'until', label: 'Válido até', type: 'date' },
  { key: 'max', label: 'Limite de usos', hint: 'Vazio = sem limite', inputMode: 'numeric' },
]

/** Create coupons, see who used them, expire them. */
export function CouponsSection() {
  const coupons = useQuery(couponsQuery())
  const [open, setOpen] = useState<number | null>(null)
  return (
    <>
      <NewCoupon />
      <h2 className="admin__subtitle">Cupons</h2>
      <QueryTable
        query={coupons}
        loading="Carregando cupons..."
        failed="Não foi possível carregar os cupons."
        caption="Cupons, do mais novo ao mais antigo"
        columns={['Código', 'Desconto', 'Validade', 'Usos', 'Situação', 'Ações']}
        empty="Nenhum cupom criado ainda."
      >
        {(c) => (
          <CouponRow
            key={c.id}
            coupon={c}
            showing={open === c.id}
            onToggle={() => setOpen(open === c.id ? null : c.id)}
          />
        )}
      </QueryTable>
    </>
  )
}

function NewCoupon() {
  const [form, setForm] = useState<CouponForm>(EMPTY_COUPON)
  const [error, setError] = useState<string | null>(null)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: createCoupon,
    onSuccess: async (c) => {
      showToast(`Cupom ${c.code} criado com ${c.discount_percentage}% de desconto.`, 'success')
      setForm(EMPTY_COUPON)
      await queryClient.invalidateQueries({ queryKey: adminKeys.coupons })
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível criar o cupom.')),
  })
  const set = (key: keyof CouponForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = couponBody(form)
    if ('error' in result) return setError(result.error)
    setError(null)
    mutation.mutate(result.body)
  }
  return (
    <form className="card admin-card" onSubmit={submit} aria-labelledby="new-coupon-title">
      <h2 id="new-coupon-title" className="admin-card__title">
        Novo cupom
      </h2>
      <div className="admin-form-grid">
        {COUPON_FIELDS.map(({ key, label, hint, ...input }) => (
          <AdminInput
            key={key}
            id={`coupon-${key}`}
            label={label}
            hint={hint}
            value={form[key]}
            onChange={set(key)}
            {...input}
          />
        ))}
      </div>
      <FormError message={error} />
      <div className="admin-actions">
        <Button type="submit" busy={mutation.isPending}>
          Criar cupom
        </Button>
      </div>
    </form>
  )
}

function CouponRow({
  coupon,
  showing,
  onToggle,
}: {
  coupon: AdminCoupon
  showing: boolean
  onToggle: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: () => expireCoupon(coupon.id),
    onSuccess: async () => {
      setConfirming(false)
      showToast(`Cupom ${coupon.code} expirado.`, 'success')
      await queryClient.invalidateQueries({ queryKey: adminKeys.coupons })
    },
    onError: (e) => {
      setConfirming(false)
      showToast(errorMessage(e, 'Não foi possível expirar o cupom.'), 'error')
    },
  })
  const state = couponState(coupon, new Date())
  const day = (iso: string | null) => formatDateTime(iso).split(',')[0]
  const validity =
    coupon.valid_from || coupon.valid_until
      ? `${coupon.valid_from ? `de ${day(coupon.valid_from)} ` : ''}${coupon.valid_until ? `até ${day(coupon.valid_until)}` : 'sem fim'}`
      : 'Sempre'
  return (
    <>
      <tr>
        <Cell label="Código" className="admin-table__strong">
          {coupon.code}
        </Cell>
        <Cell label="Desconto">{coupon.discount_percentage}%</Cell>
        <Cell label="Validade">{validity}</Cell>
        <Cell label="Usos">
          {coupon.redemptions}
          {coupon.max_redemptions !== null ? ` de ${coupon.max_redemptions}` : ''}
        </Cell>
        <Cell label="Situação">
          <Badge tone={STATE_TONE[state]}>{state}</Badge>
        </Cell>
        <Cell label="Ações" className="admin-table__actions">
          <Button variant="ghost" onClick={onToggle} aria-expanded={showing}>
            {showing ? 'Ocultar usos' : 'Ver usos'}
          </Button>
          {state !== 'expirado' ? (
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Expirar
            </Button>
          ) : null}
          <ConfirmDialog
            open={confirming}
            title={`Expirar o cupom ${coupon.code}?`}
            message="Ninguém mais poderá usá-lo a partir de agora. Quem já usou mantém o desconto."
            confirmLabel="Expirar cupom"
            busy={mutation.isPending}
            onConfirm={() => mutation.mutate()}
            onCancel={() => setConfirming(false)}
          />
        </Cell>
      </tr>
      {showing ? (
        <tr className="admin-table__detail">
          <td colSpan={6}>
            <Redemptions id={coupon.id} code={coupon.code} />
          </td>
        </tr>
      ) : null}
    </>
  )
}

function Redemptions({ id, code }: { id: number; code: string }) {
  const query = useQuery(redemptionsQuery(id))
  return (
    <QueryState
      query={query}
      loading="Carregando usos..."
      failed="Não foi possível carregar os usos."
    >
      {(rows) =>
        rows.length === 0 ? (
          <p className="admin__empty">Ninguém usou o cupom {code} ainda.</p>
        ) : (
          <ul className="admin-list" aria-label={`Usos do cupom ${code}`}>
            {rows.map((r) => (
              <li key={r.id}>
                <span>{r.user_email ?? 'Conta excluída'}</span>
                <span className="admin-list__meta">{formatDateTime(r.redeemed_at)}</span>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  )
}
