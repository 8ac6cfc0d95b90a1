import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPlan } from '@areia/contracts/admin'
import { errorMessage } from '../../lib/api-error'
import { formatPrice } from '../../lib/format'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { adminKeys, plansQuery, updatePlan } from './admin-api'
import { AdminInput, Badge, QueryState } from './admin-ui'
import { planForm, planPatch, type PlanForm } from './admin-rules'

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
        <Field id={id('name')} label="Nome" value={form.name} onValue={(v) => set('name', v)} />
        <Field
          id={id('monthly')}
          label="Preço mensal (R$)"
          value={form.price_monthly}
          onValue={(v) => set('price_monthly', v)}
          inputMode="decimal"
          disabled={free}
        />
        <Field
          id={id('yearly')}
          label="Preço anual (R$)"
          value={form.price_annually}
          onValue={(v) => set('price_annually', v)}
          inputMode="decimal"
          disabled={free}
        />
        <Field
          id={id('spots')}
          label="Vagas"
          hint="Vazio = ilimitadas"
          value={form.spots}
          onValue={(v) => set('spots', v)}
          inputMode="numeric"
        />
        <Field
          id={id('daily')}
          label="Mensagens por dia"
          hint="Vazio = sem limite"
          value={form.daily_message_limit}
          onValue={(v) => set('daily_message_limit', v)}
          inputMode="numeric"
        />
        <Field
          id={id('videos')}
          label="Vídeos por mês"
          value={form.monthly_video_limit}
          onValue={(v) => set('monthly_video_limit', v)}
          inputMode="numeric"
        />
        <Field
          id={id('partners')}
          label="Agentes parceiros"
          value={form.partner_agent_limit}
          onValue={(v) => set('partner_agent_limit', v)}
          inputMode="numeric"
        />
        <Field
          id={id('turnaround')}
          label="Prazo da análise (horas)"
          value={form.analysis_turnaround_hours}
          onValue={(v) => set('analysis_turnaround_hours', v)}
          inputMode="numeric"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('features')}>
          Benefícios (um por linha)
        </label>
        <textarea
          id={id('features')}
          className="field__input admin-textarea"
          rows={4}
          value={form.features}
          onChange={(e) => set('features', e.target.value)}
        />
      </div>
      <div className="admin-checks">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={form.human_review}
            onChange={(e) => set('human_review', e.target.checked)}
          />
          Revisão por analista humano
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          Plano à venda
        </label>
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

function Field({
  onValue,
  ...props
}: {
  id: string
  label: string
  hint?: string
  value: string
  onValue: (value: string) => void
  inputMode?: 'decimal' | 'numeric'
  disabled?: boolean
}) {
  return <AdminInput onChange={(e) => onValue(e.target.value)} {...props} />
}
