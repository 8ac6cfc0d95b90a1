import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPlan } from '@areia/contracts/admin'
import { errorMessage } from '../../lib/api-error'
import { formatPrice } from '../../lib/format'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { adminKeys, plansQuery, updatePlan } from './admin-api'
import { AdminInput, Badge, QueryState } from './admin-ui'
import { planForm, planPatch, type PlanForm } from './admin-rules'

type PlanTextKey = Exclude<keyof PlanForm, 'features' | 'human_review' | 'active'>

/** The plan's one-line fields, in screen order; prices are fixed on a free plan. */
const PLAN_FIELDS: readonly {
  key: PlanTextKey
  id: string
  label: string
  hint?: string
  inputMode?: 'decimal' | 'numeric'
  price?: boolean
}[] = [
  { key: 'name', id: 'name', label: 'Nome' },
  {
    key: 'price_monthly',
    id: 'monthly',
    label: 'Preço mensal (R$)',
    inputMode: 'decimal',
    price: true,
  },
  {
    key: 'price_annually',
    id: 'yearly',
    label: 'Preço anual (R$)',
    inputMode: 'decimal',
    price: true,
  },
  { key: 'spots', id: 'spots', label: 'Vagas', hint: 'Vazio = ilimitadas', inputMode: 'numeric' },
  {
    key: 'daily_message_limit',
    id: 'daily',
    label: 'Mensagens por dia',
    hint: 'Vazio = sem limite',
    inputMode: 'numeric',
  },
  { key: 'monthly_video_limit', id: 'videos', label: 'Vídeos por mês', inputMode: 'numeric' },
  {
    key: 'partner_agent_limit',
    id: 'partners',
    label: 'Agentes parceiros',
    inputMode: 'numeric',
  },
  {
    key: 'analysis_turnaround_hours',
    id: 'turnaround',
    label: 'Prazo da análise (horas)',
    inputMode: 'numeric',
  },
]

const PLAN_CHECKS: readonly { key: 'human_review' | 'active'; label: string }[] = [
  { key: 'human_review', label: 'Revisão por analista humano' },
  { key: 'active', label: 'Plano à venda' },
]

/** Prices, spots, limits and features of every plan: data the product reads, no deploy needed. */
export function PlansSection() {
  const plans = useQuery(plansQuery())
  return (
    <QueryState
      query={plans}
      loading="Carregando planos..."
      failed="Não foi possível carregar os planos."
    >
      {(rows) => (
        <div className="admin-plans">
          {rows.map((plan) => (
            // Remounts with fresh fields when the saved plan comes back from the server.
            <PlanEditor key={`${plan.id}-${JSON.stringify(plan)}`} plan={plan} />
          ))}
        </div>
      )}
    </QueryState>
  )
}

function PlanEditor({ plan }: { plan: AdminPlan }) {
  const [form, setForm] = useState<PlanForm>(() => planForm(plan))
  const [error, setError] = useState<string | null>(null)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof updatePlan>[1]) => updatePlan(plan.id, body),
    onSuccess: async (saved) => {
      showToast(`Plano ${saved.name} salvo.`, 'success')
      await queryClient.invalidateQueries({ queryKey: adminKeys.plans })
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível salvar o plano.')),
  })
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = planPatch(plan, form)
    if ('error' in result) return setError(result.error)
    setError(null)
    mutation.mutate(result.body)
  }
  const free = plan.price_monthly === 0
  const id = (field: string) => `plan-${plan.id}-${field}`
  return (
    <form className="card admin-plan" onSubmit={submit} aria-labelledby={id('title')}>
      <div className="admin-plan__head">
        <h2 id={id('title')} className="admin-plan__title">
          {plan.name}
        </h2>
        {/* The plan's identifier, a code and not a word: no translator may change it. */}
        <code className="admin-plan__slug" translate="no">
          {plan.slug}
        </code>
        {plan.active ? <Badge tone="success">À venda</Badge> : <Badge tone="sand">Inativo</Badge>}
        <span className="admin-plan__price">
          {free ? 'Gratuito' : `${formatPrice(plan.price_monthly)}/mês`}
        </span>
      </div>
      <div className="admin-form-grid">
        {PLAN_FIELDS.map((f) => (
          <AdminInput
            key={f.key}
            id={id(f.id)}
            label={f.label}
            hint={f.hint}
            value={form[f.key]}
            onChange={(e) => set(f.key, e.target.value)}
            inputMode={f.inputMode}
            disabled={f.price && free}
          />
        ))}
      </div>
      <Field id={id('features')} label="Benefícios (um por linha)">
        <textarea
          id={id('features')}
          className="field__input admin-textarea"
          rows={4}
          value={form.features}
          onChange={(e) => set('features', e.target.value)}
        />
      </Field>
      <div className="admin-checks">
        {PLAN_CHECKS.map((c) => (
          <label key={c.key} className="admin-check">
            <input
              type="checkbox"
              checked={form[c.key]}
              onChange={(e) => set(c.key, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </div>
      <FormError message={error} />
      <div className="admin-actions">
        <Button type="submit" busy={mutation.isPending}>
          Salvar {plan.name}
        </Button>
      </div>
    </form>
  )
}
