import type { MemoryFact, MemoryResponse } from '@areia/contracts/agents'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { useToast } from '../../ui/toast'
import {
  addFact,
  clearConversation,
  deleteFact,
  editFact,
  memoryKeys,
  memoryQuery,
  saveProfile,
} from './memory-api'
import {
  CATEGORY_OPTIONS,
  GENDER_OPTIONS,
  handOptions,
  profilePatch,
  toForm,
  type ProfileForm,
} from './memory-rules'

export const LOAD_FAILED = 'Não foi possível carregar a memória da equipe. Tente novamente.'
export const SAVE_FAILED = 'Não foi possível salvar. Tente novamente.'
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

function FactsSection({ facts }: { facts: MemoryFact[] }) {
  const [draft, setDraft] = useState('')
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: memoryKeys.all })
  const add = useMutation({
    mutationFn: () => addFact(draft.trim()),
    onSuccess: async () => {
      setDraft('')
      await refresh()
    },
  })
  return (
    <section className="card memory__section" aria-labelledby="memory-facts">
      <h2 id="memory-facts" className="memory__title">
        Lembranças
      </h2>
      {facts.length === 0 ? (
        <p className="field__hint">
          Nada anotado ainda. Quando você contar uma dor ou pedir &quot;lembre que…&quot; no chat, a
          equipe anota aqui.
        </p>
      ) : (
        <ul className="memory__facts" aria-label="Lembranças">
          {facts.map((fact) => (
            <FactItem key={`${fact.id}-${fact.updated_at}`} fact={fact} onChanged={refresh} />
          ))}
        </ul>
      )}
      <form
        className="memory__add"
        onSubmit={(event) => {
          event.preventDefault()
          if (draft.trim() && !add.isPending) add.mutate()
        }}
      >
        <label className="field__label" htmlFor="memory-new-fact">
          Nova lembrança
        </label>
        <div className="memory__add-row">
          <input
            id="memory-new-fact"
            className="field__input"
            value={draft}
            maxLength={300}
            placeholder="Ex.: Operei o joelho esquerdo em 2023"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" busy={add.isPending} disabled={!draft.trim()}>
            Adicionar
          </Button>
        </div>
        {add.isError ? (
          <p className="form-error" role="alert">
            {errorMessage(add.error, SAVE_FAILED)}
          </p>
        ) : null}
      </form>
    </section>
  )
}

function FactItem({ fact, onChanged }: { fact: MemoryFact; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(fact.text)
  const save = useMutation({
    mutationFn: () => editFact(fact.id, text.trim()),
    onSuccess: async () => {
      setEditing(false)
      await onChanged()
    },
  })
  const remove = useMutation({ mutationFn: () => deleteFact(fact.id), onSuccess: onChanged })
  const error = save.error ?? remove.error
  return (
    <li className="memory__fact">
      {editing ? (
        <form
          className="memory__edit"
          onSubmit={(event) => {
            event.preventDefault()
            if (text.trim()) save.mutate()
          }}
        >
          <label className="visually-hidden" htmlFor={`fact-${fact.id}`}>
            Editar lembrança
          </label>
          <input
            id={`fact-${fact.id}`}
            className="field__input"
            value={text}
            maxLength={300}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          <div className="memory__fact-actions">
            <Button type="submit" busy={save.isPending} disabled={!text.trim()}>
              Salvar
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setText(fact.text)
                setEditing(false)
              }}
            >
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="memory__fact-text">{fact.text}</p>
          <p className="memory__fact-source">
            {fact.source === 'CHAT' ? 'Anotado da conversa' : 'Escrito por você'}
          </p>
          <div className="memory__fact-actions">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Editar
            </Button>
            <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate()}>
              Apagar
            </Button>
          </div>
        </>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {errorMessage(error, SAVE_FAILED)}
        </p>
      ) : null}
    </li>
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
