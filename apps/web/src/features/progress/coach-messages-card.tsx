import type { ProgressPreferences } from '@areia/contracts/progress'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { preferencesKeys, preferencesQueryOptions, setPreference } from './progress-api'

export const PREFERENCES_LOAD_FAILED = 'Não foi possível carregar suas preferências.'
export const PREFERENCE_SAVE_FAILED = 'Não foi possível salvar. Tente novamente.'

type Key = keyof ProgressPreferences

/** The switches in the order the card shows them, with what each one sends. */
export const SWITCHES: ReadonlyArray<{ key: Key; label: string; hint: string }> = [
  {
    key: 'follow_ups',
    label: 'Perguntar como foi o treino',
    hint: 'Depois de um dia do plano, quando você abre o chat',
  },
  { key: 'weekly_chat', label: 'Resumo da semana no chat', hint: 'Segunda de manhã' },
  {
    key: 'weekly_push',
    label: 'Resumo da semana por notificação',
    hint: 'Nos aparelhos com notificações ativadas',
  },
  { key: 'weekly_email', label: 'Resumo da semana por e-mail', hint: 'No e-mail da sua conta' },
]

function Switch({
  label,
  hint,
  checked,
  busy,
  onToggle,
}: {
  label: string
  hint: string
  checked: boolean
  busy: boolean
  onToggle: () => void
}) {
  const labelId = useId()
  return (
    <li className="sidebar__toggle">
      <span className="sidebar__toggle-text">
        <span id={labelId} className="sidebar__toggle-label">
          {label}
          <small>{hint}</small>
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-busy={busy}
        className="switch"
        disabled={busy}
        onClick={onToggle}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </li>
  )
}

/**
 * Conta: the messages the coaches send without being asked (a question after a planned session,
 * the Monday summary by chat, push and e-mail), each turned off with one tap.
 */
export function CoachMessagesCard() {
  const queryClient = useQueryClient()
  const preferences = useQuery(preferencesQueryOptions())
  const save = useMutation({
    mutationFn: setPreference,
    onSuccess: (data) => queryClient.setQueryData(preferencesKeys.mine, data),
  })
  const pending = save.isPending ? Object.keys(save.variables ?? {}) : []
  return (
    <div className="card account__card" role="region" aria-labelledby="coach-messages-title">
      <h2 id="coach-messages-title" className="account__title">
        Mensagens dos treinadores
      </h2>
      <p className="account__text">
        Sem você perguntar, o treinador do seu plano quer saber como foi o treino e, na segunda de
        manhã, manda o resumo da semana. Nunca à noite e no máximo uma mensagem por dia.
      </p>
      {preferences.isPending ? (
        <p className="account__text" role="status">
          Carregando…
        </p>
      ) : preferences.isError ? (
        <>
          <FormError message={PREFERENCES_LOAD_FAILED} />
          <Button variant="secondary" onClick={() => void preferences.refetch()}>
            Tentar de novo
          </Button>
        </>
      ) : (
        <ul className="coach-switches">
          {SWITCHES.map((s) => (
            <Switch
              key={s.key}
              label={s.label}
              hint={s.hint}
              checked={preferences.data[s.key]}
              busy={pending.includes(s.key)}
              onToggle={() => save.mutate({ [s.key]: !preferences.data[s.key] })}
            />
          ))}
        </ul>
      )}
      {save.isError ? (
        <FormError message={errorMessage(save.error, PREFERENCE_SAVE_FAILED)} />
      ) : null}
    </div>
  )
}
