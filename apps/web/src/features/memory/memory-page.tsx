import type { MemoryResponse } from '@areia/contracts/agents'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
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

function SelectField(props: {
  id: string
  label: string
  value: string
  options: Array<[string, string]>
  onChange: (value: string) => void
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="field__input"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">Não informado</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
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
        <div className="field">
          <label className="field__label" htmlFor="memory-name">
            Nome
          </label>
          <input
            id="memory-name"
            className="field__input"
            value={form.name}
            maxLength={120}
            onChange={(event) => set('name')(event.target.value)}
          />
        </div>
        <SelectField
          id="memory-category"
          label="Categoria"
          value={form.category}
          options={CATEGORY_OPTIONS}
          onChange={set('category')}
        />
        <div className="field">
          <label className="field__label" htmlFor="memory-height">
            Altura (cm)
          </label>
          <input
            id="memory-height"
            className="field__input"
            inputMode="numeric"
            value={form.height_cm}
            maxLength={3}
            onChange={(event) => set('height_cm')(event.target.value)}
          />
        </div>
        <SelectField
          id="memory-hand"
          label="Mão dominante"
          value={form.dominant_hand}
          options={handOptions(form.gender)}
          onChange={set('dominant_hand')}
        />
        <SelectField
          id="memory-gender"
          label="Gênero"
          value={form.gender}
          options={GENDER_OPTIONS}
          onChange={set('gender')}
        />
        <div className="field">
          <label className="field__label" htmlFor="memory-training">
            Treinos por semana
          </label>
          <input
            id="memory-training"
            className="field__input"
            inputMode="numeric"
            value={form.training_per_week}
            maxLength={2}
            onChange={(event) => set('training_per_week')(event.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="memory-goal">
          Objetivo
        </label>
        <textarea
          id="memory-goal"
          className="field__input memory__textarea"
          rows={2}
          maxLength={500}
          value={form.goal}
          onChange={(event) => set('goal')(event.target.value)}
        />
      </div>
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
