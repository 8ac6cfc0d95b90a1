import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPartner } from '@areia/contracts/admin'
import { countOf } from '@areia/contracts/agreement'
import { PARTNER_CATEGORY_LABEL, PartnerCategory } from '@areia/contracts/agents'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { Field, SelectField } from '../../ui/field'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { adminKeys, createPartner, partnersQuery, updatePartner } from './admin-api'
import { AdminInput, Badge, QueryState } from './admin-ui'
import { KNOWLEDGE_TEMPLATE, partnerFields, type PartnerForm } from './admin-rules'

const EMPTY: PartnerForm = {
  slug: '',
  name: '',
  avatar: '',
  category: 'PREPARACAO_FISICA',
  description: '',
  sample_question: '',
  sample_answer: '',
  knowledge: KNOWLEDGE_TEMPLATE,
}

const formOf = (p: AdminPartner): PartnerForm => ({
  slug: p.slug,
  name: p.name,
  avatar: p.avatar,
  category: p.category,
  description: p.description,
  sample_question: p.sample_question,
  sample_answer: p.sample_answer,
  knowledge: JSON.stringify(p.knowledge, null, 2),
})

/** The partner's long texts, in screen order; the knowledge is code, so it gets a code font. */
const PARTNER_TEXTS: readonly {
  key: keyof PartnerForm
  id: string
  label: string
  rows: number
  className?: string
}[] = [
  { key: 'description', id: 'description', label: 'Descrição', rows: 2 },
  { key: 'sample_question', id: 'question', label: 'Pergunta de exemplo', rows: 2 },
  { key: 'sample_answer', id: 'answer', label: 'Resposta de exemplo', rows: 3 },
  {
    key: 'knowledge',
    id: 'knowledge',
    label: 'Conhecimento (JSON lido pelo motor dos coaches)',
    rows: 12,
    className: 'admin-textarea admin-textarea--code',
  },
]

/** The Agent Store catalogue: create partners, edit their texts and knowledge, hide them. */
export function PartnersSection() {
  const partners = useQuery(partnersQuery())
  const [creating, setCreating] = useState(false)
  return (
    <>
      <div className="admin-actions admin-actions--start">
        <Button variant={creating ? 'secondary' : 'primary'} onClick={() => setCreating(!creating)}>
          {creating ? 'Fechar novo agente' : 'Novo agente'}
        </Button>
      </div>
      {creating ? <PartnerEditor onDone={() => setCreating(false)} /> : null}
      <QueryState
        query={partners}
        loading="Carregando agentes..."
        failed="Não foi possível carregar os agentes."
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="admin__empty">Nenhum agente parceiro cadastrado.</p>
          ) : (
            <ul className="admin-partners" aria-label="Agentes parceiros">
              {rows.map((p) => (
                <PartnerCard key={p.id} partner={p} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  )
}

function PartnerCard({ partner }: { partner: AdminPartner }) {
  const [editing, setEditing] = useState(false)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const visibility = useMutation({
    mutationFn: () => updatePartner(partner.id, { hidden: !partner.hidden }),
    onSuccess: async (p) => {
      showToast(
        p.hidden ? `${p.name} saiu da Agent Store.` : `${p.name} voltou à Agent Store.`,
        'success',
      )
      await queryClient.invalidateQueries({ queryKey: adminKeys.partners })
    },
    onError: (e) => showToast(errorMessage(e, 'Não foi possível alterar o agente.'), 'error'),
  })
  const category = PartnerCategory.safeParse(partner.category)
  return (
    <li
      className={partner.hidden ? 'card admin-partner admin-partner--hidden' : 'card admin-partner'}
    >
      <div className="admin-partner__head">
        <span className="admin-partner__avatar" aria-hidden="true">
          {partner.avatar}
        </span>
        <div className="admin-partner__who">
          <h2 className="admin-partner__name">{partner.name}</h2>
          <span className="admin-partner__meta">
            {category.success ? PARTNER_CATEGORY_LABEL[category.data] : partner.category} ·{' '}
            {countOf(partner.players, 'jogador', 'jogadores')}
          </span>
        </div>
        {partner.hidden ? <Badge tone="sand">Oculto</Badge> : <Badge tone="success">Na loja</Badge>}
      </div>
      <p className="admin-partner__text">{partner.description}</p>
      <div className="admin-actions admin-actions--start">
        <Button variant="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          {editing ? 'Fechar edição' : 'Editar'}
        </Button>
        <Button variant="ghost" busy={visibility.isPending} onClick={() => visibility.mutate()}>
          {partner.hidden ? 'Mostrar na loja' : 'Ocultar'}
        </Button>
      </div>
      {editing ? <PartnerEditor partner={partner} onDone={() => setEditing(false)} /> : null}
    </li>
  )
}

function PartnerEditor({ partner, onDone }: { partner?: AdminPartner; onDone: () => void }) {
  const [form, setForm] = useState<PartnerForm>(() => (partner ? formOf(partner) : EMPTY))
  const [error, setError] = useState<string | null>(null)
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (body: Exclude<ReturnType<typeof partnerFields>, { error: string }>['body']) =>
      partner
        ? updatePartner(partner.id, body)
        : createPartner({ ...body, slug: form.slug.trim() }),
    onSuccess: async (p) => {
      showToast(partner ? `${p.name} salvo.` : `${p.name} criado na Agent Store.`, 'success')
      await queryClient.invalidateQueries({ queryKey: adminKeys.partners })
      onDone()
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível salvar o agente.')),
  })
  const set = (key: keyof PartnerForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = partnerFields(form)
    if ('error' in result) return setError(result.error)
    setError(null)
    mutation.mutate(result.body)
  }
  const id = (field: string) => `partner-${partner?.id ?? 'novo'}-${field}`
  return (
    <form
      className={partner ? 'admin-partner__form' : 'card admin-card'}
      onSubmit={submit}
      aria-label={partner ? `Editar ${partner.name}` : 'Novo agente parceiro'}
    >
      {partner ? null : <h2 className="admin-card__title">Novo agente parceiro</h2>}
      <div className="admin-form-grid">
        {partner ? null : (
          <AdminInput
            id={id('slug')}
            label="Identificador"
            hint="Ex.: bia-torneios"
            value={form.slug}
            onChange={set('slug')}
          />
        )}
        <AdminInput id={id('name')} label="Nome" value={form.name} onChange={set('name')} />
        <AdminInput
          id={id('avatar')}
          label="Avatar (emoji)"
          value={form.avatar}
          onChange={set('avatar')}
        />
        <SelectField
          id={id('category')}
          label="Categoria"
          className="admin-select admin-select--field"
          value={form.category}
          options={PartnerCategory.options.map((c) => [c, PARTNER_CATEGORY_LABEL[c]] as const)}
          onChange={(category) => setForm((f) => ({ ...f, category }))}
        />
      </div>
      {PARTNER_TEXTS.map((t) => (
        <TextArea
          key={t.key}
          id={id(t.id)}
          label={t.label}
          rows={t.rows}
          value={form[t.key]}
          onChange={set(t.key)}
          className={t.className}
        />
      ))}
      <FormError message={error} />
      <div className="admin-actions">
        <Button type="submit" busy={mutation.isPending}>
          {partner ? `Salvar ${partner.name}` : 'Criar agente'}
        </Button>
      </div>
    </form>
  )
}

function TextArea({
  id,
  label,
  className = 'admin-textarea',
  ...area
}: {
  id: string
  label: string
  rows: number
  value: string
  className?: string
  onChange: (e: { target: { value: string } }) => void
}) {
  return (
    <Field id={id} label={label}>
      <textarea id={id} className={`field__input ${className}`} spellCheck={false} {...area} />
    </Field>
  )
}
