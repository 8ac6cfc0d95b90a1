import type { MemoryFact, MemoryFactKind } from '@areia/contracts/agents'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { addFact, deleteFact, editFact, memoryKeys } from './memory-api'
import { groupFacts, KIND_LABEL } from './memory-kinds'

export const SAVE_FAILED = 'Não foi possível salvar. Tente novamente.'

/** The facts the team noted, grouped by what they are about, each editable and forgettable. */
export function FactsSection({ facts }: { facts: MemoryFact[] }) {
  const [draft, setDraft] = useState('')
  const [kind, setKind] = useState<MemoryFactKind>('OUTRO')
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: memoryKeys.all })
  const add = useMutation({
    mutationFn: () => addFact(draft.trim(), kind),
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
          Nada anotado ainda. Quando você contar da sua dupla, da raquete, de um torneio, de uma dor
          ou pedir &quot;lembre que…&quot; no chat, a equipe anota aqui.
        </p>
      ) : (
        <ul className="memory__groups" aria-label="Lembranças">
          {groupFacts(facts).map((group) => (
            <li key={group.kind} className="memory__group-item">
              <section className="memory__group" aria-labelledby={`memory-kind-${group.kind}`}>
                <h3 id={`memory-kind-${group.kind}`} className="memory__group-title">
                  {KIND_LABEL[group.kind]}
                </h3>
                <ul className="memory__facts" aria-label={KIND_LABEL[group.kind]}>
                  {group.facts.map((fact) => (
                    <FactItem
                      key={`${fact.id}-${fact.updated_at}`}
                      fact={fact}
                      onChanged={refresh}
                    />
                  ))}
                </ul>
              </section>
            </li>
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
          <label className="visually-hidden" htmlFor="memory-new-kind">
            Sobre o quê
          </label>
          <select
            id="memory-new-kind"
            className="field__input memory__kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as MemoryFactKind)}
          >
            {Object.entries(KIND_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
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
          {fact.sentence ? (
            <p className="memory__fact-source">
              Você disse: <q className="memory__said">{fact.sentence}</q>
            </p>
          ) : (
            <p className="memory__fact-source">
              {fact.source === 'CHAT' ? 'Anotado da conversa' : 'Escrito por você'}
            </p>
          )}
          <div className="memory__fact-actions">
            <Button
              variant="secondary"
              aria-label={`Editar: ${fact.text}`}
              onClick={() => setEditing(true)}
            >
              Editar
            </Button>
            <Button
              variant="ghost"
              aria-label={`Esquecer: ${fact.text}`}
              busy={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Esquecer
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
