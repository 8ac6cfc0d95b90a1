import type { VideoStatus } from '@areia/contracts/videos'
import { useQuery } from '@tanstack/react-query'
import { overviewQuery, waitingVideosQuery } from './admin-api'
import { Badge, Cell, formatDateTime, QueryState, QueryTable } from './admin-ui'
import { figure } from './admin-rules'

const VIDEO_STATUS: Partial<Record<VideoStatus, string>> = {
  QUEUED: 'Na fila',
  ANALYZING: 'Em análise',
  IN_REVIEW: 'Em revisão',
}

/** Figures of the day and the analysts' queue, oldest first (the part ANALYST also sees). */
export function OverviewSection() {
  const overview = useQuery(overviewQuery())
  const videos = useQuery(waitingVideosQuery())
  return (
    <>
      <QueryState
        query={overview}
        loading="Carregando números..."
        failed="Não foi possível carregar os números."
      >
        {(o) => (
          <ul className="admin-stats" aria-label="Números do Areia">
            <Stat count={o.players} noun={['jogador', 'jogadores']} />
            <Stat count={o.paying_players} noun={['jogador pagante', 'jogadores pagantes']} />
            <Stat
              count={o.videos_waiting}
              noun={['vídeo aguardando análise', 'vídeos aguardando análise']}
            />
            <Stat
              count={o.analyses_overdue}
              noun={['análise atrasada (mais de 24 h)', 'análises atrasadas (mais de 24 h)']}
              alert={o.analyses_overdue > 0}
            />
            <Stat
              count={o.waitlist_waiting}
              noun={['pessoa na lista de espera', 'pessoas na lista de espera']}
            />
          </ul>
        )}
      </QueryState>
      <h2 className="admin__subtitle">Vídeos aguardando análise</h2>
      <QueryTable
        query={videos}
        loading="Carregando vídeos..."
        failed="Não foi possível carregar os vídeos."
        caption="Vídeos aguardando análise, do mais antigo ao mais novo"
        columns={['Vídeo', 'Jogador', 'Situação', 'Aguardando desde']}
        empty="Nenhum vídeo aguardando análise."
      >
        {(v) => (
          <tr key={v.id}>
            <Cell label="Vídeo">#{v.id}</Cell>
            <Cell label="Jogador">{v.player_email}</Cell>
            <Cell label="Situação">
              <Badge tone="sea">{VIDEO_STATUS[v.status] ?? v.status}</Badge>
              {v.overdue ? <Badge tone="danger">Atrasado</Badge> : null}
            </Cell>
            <Cell label="Aguardando desde">{formatDateTime(v.waiting_since)}</Cell>
          </tr>
        )}
      </QueryTable>
    </>
  )
}

/** A figure over its noun; the two agree in number ("1 jogador pagante"). */
function Stat({
  count,
  noun: [singular, plural],
  alert = false,
}: {
  count: number
  noun: readonly [string, string]
  alert?: boolean
}) {
  const { value, noun } = figure(count, singular, plural)
  return (
    <li className={alert ? 'admin-stat admin-stat--alert' : 'admin-stat'}>
      <span className="admin-stat__value">{value}</span>{' '}
      <span className="admin-stat__label">{noun}</span>
    </li>
  )
}
