import type { PartnerAgent } from '@areia/contracts/agents'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { tryAgent } from './agents-api'
import { AnswerText } from './answer-text'

export const TRY_FAILED = 'Não foi possível falar com o agente agora. Tente novamente.'

type TryDialogProps = {
  agent: PartnerAgent | null
  onClose: () => void
  onAdd: (agent: PartnerAgent) => void
  adding: boolean
}

/** `Experimentar`: one question to a partner before adding it; nothing goes to the chat. */
export function TryDialog({ agent, onClose, onAdd, adding }: TryDialogProps) {
  return (
    <Modal
      open={agent !== null}
      title={agent ? `Experimentar ${agent.name}` : ''}
      onClose={onClose}
    >
      {agent ? (
        <TryForm key={agent.slug} agent={agent} onAdd={onAdd} adding={adding} onClose={onClose} />
      ) : null}
    </Modal>
  )
}

function TryForm({
  agent,
  onAdd,
  adding,
  onClose,
}: {
  agent: PartnerAgent
  onAdd: (agent: PartnerAgent) => void
  adding: boolean
  onClose: () => void
}) {
  const [question, setQuestion] = useState(agent.sample.question)
  const ask = useMutation({ mutationFn: (text: string) => tryAgent(agent.slug, text) })
  const submit = () => {
    if (question.trim() && !ask.isPending) ask.mutate(question.trim())
  }
  return (
    <div className="try">
      <p className="try__hint">
        Faça uma pergunta de teste. A resposta fica só aqui: não entra na sua conversa.
      </p>
      <form
        className="try__form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label className="field__label" htmlFor="try-question">
          Sua pergunta para {agent.name}
        </label>
        <textarea
          id="try-question"
          className="try__input"
          rows={2}
          maxLength={500}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          data-autofocus
        />
        <Button type="submit" busy={ask.isPending} disabled={!question.trim()}>
          Perguntar
        </Button>
      </form>
      {ask.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(ask.error, TRY_FAILED)}
        </p>
      ) : null}
      {ask.data ? (
        <div className="try__answer" aria-live="polite">
          <p className="try__who">
            <span className="agent-avatar agent-avatar--sm" aria-hidden="true">
              {ask.data.avatar}
            </span>
            <strong>{ask.data.name}</strong>
          </p>
          <AnswerText text={ask.data.text} />
        </div>
      ) : null}
      <div className="try__actions">
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
        {agent.added ? null : (
          <Button onClick={() => onAdd(agent)} busy={adding}>
            Adicionar à conversa
          </Button>
        )}
      </div>
    </div>
  )
}
