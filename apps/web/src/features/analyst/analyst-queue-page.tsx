import type { AnalystQueueItem } from '@areia/contracts/analysis'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { Spinner } from '../../ui/spinner'
import { queueQuery } from './analyst-api'
import { useAnalysisLive } from './use-analysis-live'
import { AnalysisState, Badge, formatDateTime, StaffOnly } from './analyst-ui'

export const EMPTY_QUEUE =
  'Nenhum vídeo na fila. Quando um jogador enviar um jogo, ele aparece aqui.'

/** `/analista`: the videos waiting for a person, the one promised soonest first. */
export function AnalystQueuePage() {
  return (
    <StaffOnly>
      <Queue />
    </StaffOnly>
  )
}

function Queue() {
  const queue = useQuery(queueQuery())
  useAnalysisLive()
  return (
    <section className="page analyst" aria-labelledby="analyst-title">
      <header className="analyst__head">
        <p className="eyebrow">Console de análises</p>
        <h1 id="analyst-title" className="page__title">
          Fila de análises
        </h1>
        <p className="page__lead">Ordenada pelo prazo prometido ao jogador.</p>
      </header>
      {queue.isPending ? (
        <Spinner label="Carregando a fila..." />
      ) : queue.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(queue.error, 'Não foi possível carregar a fila de análises.')}
        </p>
      ) : queue.data.length === 0 ? (
        <p className="analyst__empty">{EMPTY_QUEUE}</p>
      ) : (
        <ol className="analyst-queue" aria-label="Vídeos na fila">
          {queue.data.map((item) => (
            <QueueRow key={item.video_id} item={item} />
          ))}
        </ol>
      )}
    </section>
  )
}

function QueueRow({ item }: { item: AnalystQueueItem }) {
  return (
    <li className={`analyst-queue__item${item.overdue ? ' analyst-queue__item--overdue' : ''}`}>
      <div className="analyst-queue__main">
        <Link className="analyst-queue__link" to={`/analista/${item.video_id}`}>
          {item.player_name}
        </Link>
        <span className="analyst-queue__plan">
          Vídeo {item.video_id} · {item.plan_name ?? 'Sem plano'}
          {item.human_commentary ? ' · comentário do analista' : ''}
        </span>
      </div>
      <dl className="analyst-queue__dates">
        <div>
          <dt>Enviado</dt>
          <dd>{formatDateTime(item.uploaded_at)}</dd>
        </div>
        <div>
          <dt>Prometido</dt>
          <dd>{formatDateTime(item.promised_at)}</dd>
        </div>
      </dl>
      <div className="analyst-queue__state">
        {item.overdue ? <Badge tone="danger">Atrasado</Badge> : null}
        <AnalysisState stage={item.stage} percent={item.percent} problem={item.problem} />
      </div>
      {item.problem ? (
        <p className="analyst-queue__problem">
          <strong>Não foi possível analisar:</strong> {item.problem}
        </p>
      ) : null}
    </li>
  )
}
