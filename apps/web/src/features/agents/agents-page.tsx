import {
  PARTNER_CATEGORY_LABEL,
  PartnerCategory,
  type AgentsResponse,
  type PartnerAgent,
} from '@areia/contracts/agents'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { useOpenPlans } from '../../lib/plans-modal'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useToast } from '../../ui/toast'
import { addAgent, agentsKeys, agentsQuery, removeAgent } from './agents-api'
import { allowanceText, shouldOfferPlans } from './agents-rules'
import { TryDialog } from './try-dialog'

export const LOAD_FAILED = 'Não foi possível carregar os agentes. Tente novamente mais tarde.'
export const CHANGE_FAILED = 'Não foi possível atualizar a sua conversa. Tente novamente.'
export const NO_RESULTS = 'Nenhum agente encontrado com essa busca.'

/** `/agentes`: the Agent Store. Partners join the player's conversation from here. */
export function AgentsPage() {
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState<PartnerCategory | null>(null)
  const q = useDeferredValue(search)
  const agents = useQuery(agentsQuery(q, category))
  const [trying, setTrying] = useState<PartnerAgent | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const client = useQueryClient()
  const { showToast } = useToast()
  const openPlans = useOpenPlans()

  const settle = (data: AgentsResponse) => {
    setProblem(null)
    void client.invalidateQueries({ queryKey: agentsKeys.all })
    // The chat's mention list reads the conversation's members.
    void client.invalidateQueries({ queryKey: ['chat', 'members'] })
    return data
  }
  const add = useMutation({
    mutationFn: (agent: PartnerAgent) => addAgent(agent.slug),
    onSuccess: (data, agent) => {
      settle(data)
      setTrying(null)
      showToast(`${agent.name} entrou na sua conversa. Chame com @${agent.name} no chat.`)
    },
    onError: (error) => {
      setTrying(null)
      // The card tapped may be far below the allowance line: the toast is seen wherever it is.
      const message = errorMessage(error, CHANGE_FAILED)
      setProblem(message)
      showToast(message, 'error')
    },
  })
  const remove = useMutation({
    mutationFn: (agent: PartnerAgent) => removeAgent(agent.slug),
    onSuccess: (data, agent) => {
      settle(data)
      showToast(`${agent.name} saiu da sua conversa.`)
    },
    onError: (error) => setProblem(errorMessage(error, CHANGE_FAILED)),
  })
  const busySlug = add.isPending
    ? add.variables.slug
    : remove.isPending
      ? remove.variables.slug
      : null

  const allowance = agents.data?.allowance
  return (
    <section className="page agents" aria-labelledby="agents-title">
      <header className="agents__head">
        <p className="eyebrow">Agent Store</p>
        <h1 id="agents-title" className="page__title">
          Agentes parceiros
        </h1>
        <p className="page__lead">
          Especialistas que entram na conversa com a sua equipe: chame pelo nome com @ ou pergunte
          sobre a área deles.
        </p>
      </header>

      {allowance ? (
        <div
          className={`agents__allowance ${problem ? 'agents__allowance--problem' : ''}`}
          role={problem ? 'alert' : 'status'}
        >
          <p>{problem ?? allowanceText(allowance)}</p>
          {openPlans && (problem || shouldOfferPlans(allowance)) ? (
            <Button variant="secondary" onClick={openPlans}>
              Ver planos
            </Button>
          ) : null}
        </div>
      ) : null}

      <div className="agents__filters">
        <div className="field agents__search">
          <label className="field__label" htmlFor="agents-search">
            Buscar agentes
          </label>
          <input
            id="agents-search"
            className="field__input"
            type="search"
            value={search}
            maxLength={80}
            placeholder="Ex.: raquete, hidratação, ombro"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="agents__chips" role="group" aria-label="Filtrar por área">
          <button
            type="button"
            className="chip"
            aria-pressed={category === null}
            onClick={() => setCategory(null)}
          >
            Todas
          </button>
          {PartnerCategory.options.map((c) => (
            <button
              key={c}
              type="button"
              className="chip"
              aria-pressed={category === c}
              onClick={() => setCategory(category === c ? null : c)}
            >
              {PARTNER_CATEGORY_LABEL[c]}
            </button>
          ))}
        </div>
      </div>

      {agents.isPending ? (
        <Spinner label="Carregando agentes..." />
      ) : agents.isError ? (
        <p className="form-error" role="alert">
          {LOAD_FAILED}
        </p>
      ) : agents.data.agents.length === 0 ? (
        <p className="agents__empty">{NO_RESULTS}</p>
      ) : (
        <ul className="agents__grid" aria-label="Agentes">
          {agents.data.agents.map((agent) => (
            <li key={agent.slug}>
              <AgentCard
                agent={agent}
                busy={busySlug === agent.slug}
                onTry={() => setTrying(agent)}
                onAdd={() => add.mutate(agent)}
                onRemove={() => remove.mutate(agent)}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="agents__back">
        <Link to="/chat">Voltar para o chat</Link>
      </p>
      <TryDialog
        agent={trying}
        onClose={() => setTrying(null)}
        onAdd={(agent) => add.mutate(agent)}
        adding={add.isPending}
      />
    </section>
  )
}

type AgentCardProps = {
  agent: PartnerAgent
  busy: boolean
  onTry: () => void
  onAdd: () => void
  onRemove: () => void
}

function AgentCard({ agent, busy, onTry, onAdd, onRemove }: AgentCardProps) {
  const titleId = `agent-${agent.slug}`
  return (
    <article className="agent-card" aria-labelledby={titleId}>
      <div className="agent-card__top">
        <span className="agent-avatar" aria-hidden="true">
          {agent.avatar}
        </span>
        <div>
          <h2 id={titleId} className="agent-card__name">
            {agent.name}
          </h2>
          <p className="agent-card__category">{agent.category_label}</p>
        </div>
        {agent.added ? <span className="agent-card__badge">Na conversa</span> : null}
      </div>
      <p className="agent-card__description">{agent.description}</p>
      <figure className="agent-card__sample">
        <figcaption className="visually-hidden">Exemplo de conversa</figcaption>
        <p className="agent-card__question">
          <span className="visually-hidden">Pergunta: </span>
          {agent.sample.question}
        </p>
        <p className="agent-card__answer">
          <span className="visually-hidden">Resposta: </span>
          {agent.sample.answer.replace(/\*\*/g, '')}
        </p>
      </figure>
      <div className="agent-card__actions">
        <Button variant="secondary" onClick={onTry} aria-label={`Experimentar ${agent.name}`}>
          Experimentar
        </Button>
        {agent.added ? (
          <Button
            variant="ghost"
            onClick={onRemove}
            busy={busy}
            aria-label={`Remover ${agent.name}`}
          >
            Remover
          </Button>
        ) : (
          <Button onClick={onAdd} busy={busy} aria-label={`Adicionar ${agent.name}`}>
            Adicionar
          </Button>
        )}
      </div>
    </article>
  )
}
