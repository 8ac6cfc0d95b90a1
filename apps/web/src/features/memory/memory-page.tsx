import type { MemoryResponse } from '@areia/contracts/agents'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Field, SelectField } from '../../ui/field'
import { Spinner } from '../../ui/spinner'
import { useToast } from '../../ui/toast'
import { clearConversation, memoryKeys, memoryQuery, saveProfile } from './memory-api'
import { FactsSection, SAVE_FAILED } from './memory-facts'
import {
  CATEGORY_OPTIONS,
  GENDER_OPTIONS,
  handOptions,
  profilePatch,
  toForm,
  type ProfileForm,
} from './memory-rules'

export const LOAD_FAILED = 'Não foi possível carregar a memória da equipe. Tente novamente.'
export const CLEAR_CONFIRM =
  'Tem certeza que deseja apagar todas as mensagens da conversa? O perfil e as lembranças continuam, e esta ação não pode ser desfeita.'

type ProfileKey = Exclude<keyof ProfileForm, 'goal'>

/** The profile's short fields in screen order; the hand's labels agree with the gender. */
const PROFILE_FIELDS: ReadonlyArray<
  | { key: ProfileKey; id: string; label: string; maxLength: number; inputMode?: 'numeric' }
  | {
      key: ProfileKey
      id: string
      label: string
      options: (form: ProfileForm) => Array<[string, string]>
    }
> = [
  { key: 'name', id: 'memory-name', label: 'Nome', maxLength: 120 },
  { key: 'category', id: 'memory-category', label: 'Categoria', options: () => CATEGORY_OPTIONS },
  {
    key: 'height_cm',
    id: 'memory-height',
    label: 'Altura (cm)',
    maxLength: 3,
    inputMode: 'numeric',
  },
  {
    key: 'dominant_hand',
    id: 'memory-hand',
    label: 'Mão dominante',
    options: (form) => handOptions(form.gender),
  },
  { key: 'gender', id: 'memory-gender', label: 'Gênero', options: () => GENDER_OPTIONS },
  {
    key: 'training_per_week',
    id: 'memory-training',
    label: 'Treinos por semana',
    maxLength: 2,
    inputMode: 'numeric',
  },
]

/** `/memoria`: what the team knows about the player, to correct, forget or start over. */
export function MemoryPage() {
  const memory = useQuery(memoryQuery())
  return (
    <section className="page page--narrow memory" aria-labelledby="memory-title">
      <p className="eyebrow">Memória da equipe</p>
      <h1 id="memory-title" className="page__title">
        O que a equipe sabe de você
      </h1>
      <p className="page__lead">
        Seus coaches e parceiros usam estas informações para personalizar as respostas. Corrija ou
        apague o que quiser: a próxima resposta já usa a versão nova.
      </p>
      {memory.isPending ? (
        <Spinner label="Carregando a memória..." />
      ) : memory.isError ? (
        <p className="form-error" role="alert">
          {LOAD_FAILED}
        </p>
      ) : (
        <>
          <ProfileSection key={JSON.stringify(memory.data.profile)} memory={memory.data} />
          <FactsSection facts={memory.data.facts} />
          <ClearSection />
        </>
      )}
    </section>
  )
}

function ProfileSection({ memory }: { memory: MemoryResponse }) {
  const [form, setForm] = useState<ProfileForm>(() => toForm(memory.profile))
  const client = useQueryClient()
  const { showToast } = useToast()
  const save = useMutation({
    mutationFn: () => saveProfile(profilePatch(memory.profile, form)),
    onSuccess: (data) => {
      client.setQueryData(memoryKeys.all, data)
      showToast('Perfil atualizado. A equipe já usa a versão nova.')
    },
  })
  const set = (key: keyof ProfileForm) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }))
  const changed = Object.keys(profilePatch(memory.profile, form)).length > 0
  return (
    <form
      className="card memory__section"
      aria-labelledby="memory-profile"
      onSubmit={(event) => {
        event.preventDefault()
        if (changed) save.mutate()
      }}
    >
      <h2 id="memory-profile" className="memory__title">
        Seu perfil
      </h2>
      <p className="field__hint">Deixe um campo vazio para a equipe esquecer essa informação.</p>
      <div className="memory__grid">
        {PROFILE_FIELDS.map((f) =>
          'options' in f ? (
            <SelectField
              key={f.key}
              id={f.id}
              label={f.label}
              value={form[f.key]}
              options={f.options(form)}
              onChange={set(f.key)}
              placeholder="Não informado"
            />
          ) : (
            <Field key={f.key} id={f.id} label={f.label}>
              <input
                id={f.id}
                className="field__input"
                inputMode={f.inputMode}
                value={form[f.key]}
                maxLength={f.maxLength}
                onChange={(event) => set(f.key)(event.target.value)}
              />
            </Field>
          ),
        )}
      </div>
      <Field id="memory-goal" label="Objetivo">
        <textarea
          id="memory-goal"
          className="field__input memory__textarea"
          rows={2}
          maxLength={500}
          value={form.goal}
          onChange={(event) => set('goal')(event.target.value)}
        />
      </Field>
      {save.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(save.error, SAVE_FAILED)}
        </p>
      ) : null}
      <Button type="submit" busy={save.isPending} disabled={!changed}>
        Salvar perfil
      </Button>
    </form>
  )
}

function ClearSection() {
  const [asking, setAsking] = useState(false)
  const client = useQueryClient()
  const { showToast } = useToast()
  const clear = useMutation({
    mutationFn: clearConversation,
    onSuccess: async () => {
      setAsking(false)
      await client.invalidateQueries({ queryKey: ['chat'] })
      showToast('Conversa apagada. Seus coaches continuam com você.')
    },
    onError: (error) => {
      setAsking(false)
      showToast(errorMessage(error, SAVE_FAILED), 'error')
    },
  })
  return (
    <section className="card memory__section" aria-labelledby="memory-clear">
      <h2 id="memory-clear" className="memory__title">
        Conversa
      </h2>
      <p className="field__hint">
        Apaga todas as mensagens do chat. O perfil, as lembranças e a sua equipe continuam.
      </p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Limpar conversa
      </Button>
      <ConfirmDialog
        open={asking}
        title="Limpar conversa"
        message={CLEAR_CONFIRM}
        confirmLabel="Limpar conversa"
        busy={clear.isPending}
        onConfirm={() => clear.mutate()}
        onCancel={() => setAsking(false)}
      />
    </section>
  )
}
