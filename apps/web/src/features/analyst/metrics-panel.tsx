import { countOf } from '@areia/contracts/agreement'
import { zoneShares, type AnalystVideo, type TrackedPlayer } from '@areia/contracts/analysis'
import {
  formatClock,
  formatKmh,
  formatMeters,
  formatMetersPrecise,
  formatSeconds,
  trackColour,
  trackLabel,
} from './analyst-rules'

const COLUMNS = [
  'Jogador',
  'Distância',
  'Vel. média',
  'Vel. máxima',
  'Rede',
  'Meio',
  'Fundo',
  'Dist. ao parceiro',
] as const

/** Each tracked player's figures, their heatmaps, and the rallies the analyst can jump to. */
export function MetricsPanel({
  video,
  onSeek,
}: {
  video: AnalystVideo
  onSeek: (t: number) => void
}) {
  return (
    <section className="card analyst-card analyst-metrics" aria-labelledby="metrics-title">
      <h2 id="metrics-title" className="analyst-card__title">
        Números por jogador
      </h2>
      {video.players.length === 0 ? (
        <p className="analyst-card__text">Ainda não há jogadores rastreados neste vídeo.</p>
      ) : (
        <>
          <div className="analyst-table__wrap">
            <table className="analyst-table">
              <caption className="visually-hidden">Números de cada jogador rastreado</caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {video.players.map((p) => (
                  <PlayerRow
                    key={p.track_id}
                    player={p}
                    customer={p.track_id === video.player_track_id}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="analyst-form__title">Mapas de calor</h3>
          <ul className="analyst-heatmaps">
            {video.players.map((p) => (
              <li key={p.track_id}>
                <figure>
                  <img
                    src={p.heatmap_url}
                    alt={`Mapa de calor de ${trackLabel(p.track_id)} na quadra`}
                  />
                  <figcaption>
                    <TrackChip id={p.track_id} />
                    {p.track_id === video.player_track_id ? ' (cliente)' : ''}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
      <Rallies video={video} onSeek={onSeek} />
    </section>
  )
}

function TrackChip({ id }: { id: number }) {
  return (
    <span className="analyst-chip" style={{ ['--chip' as string]: trackColour(id) }}>
      {trackLabel(id)}
    </span>
  )
}

function PlayerRow({ player: p, customer }: { player: TrackedPlayer; customer: boolean }) {
  const shares = zoneShares(p)
  const side = p.side === 'near' ? 'perto da câmera' : 'longe da câmera'
  return (
    <tr className={customer ? 'analyst-table__customer' : undefined}>
      <th scope="row" data-label="Jogador">
        <TrackChip id={p.track_id} /> <span className="analyst-table__side">{side}</span>
        {customer ? <span className="analyst-table__side"> · cliente</span> : null}
      </th>
      <td data-label="Distância">{formatMeters(p.distance_m.value)}</td>
      <td data-label="Vel. média">{formatKmh(p.avg_speed_mps.value)}</td>
      <td data-label="Vel. máxima">{formatKmh(p.peak_speed_mps.value)}</td>
      <td data-label="Rede">{shares.net}%</td>
      <td data-label="Meio">{shares.mid}%</td>
      <td data-label="Fundo">{shares.back}%</td>
      <td data-label="Dist. ao parceiro">
        {formatMetersPrecise(p.avg_partner_distance_m.value)} ({trackLabel(p.partner_track_id)})
      </td>
    </tr>
  )
}

/** Who served, as the video showed it: "J4 (lado direito)". */
const serveLabel = (track: number, side: 'left' | 'right' | null) =>
  `${trackLabel(track)}${side ? ` (lado ${side === 'left' ? 'esquerdo' : 'direito'})` : ''}`

function Rallies({ video, onSeek }: { video: AnalystVideo; onSeek: (t: number) => void }) {
  const rallies = video.rallies
  return (
    <>
      <h3 className="analyst-form__title">Lances</h3>
      {!rallies ? (
        <p className="analyst-card__text">Os lances aparecem quando a análise terminar.</p>
      ) : (
        <>
          {rallies.video_sound === false ? (
            <p className="analyst-card__text">
              <strong>Vídeo sem som:</strong> os lances vieram só do movimento dos jogadores.
              Confira o início e o fim de cada um.
            </p>
          ) : null}
          <p className="analyst-card__text">
            {countOf(rallies.count, 'lance', 'lances')} · bola em jogo{' '}
            {formatClock(rallies.total_play_sec)} · mais longo {formatSeconds(rallies.longest_sec)}
            {rallies.highlights_url ? (
              <>
                {' · '}
                <a href={rallies.highlights_url} target="_blank" rel="noreferrer">
                  Melhores momentos
                </a>
              </>
            ) : null}
          </p>
          {rallies.items.length > 0 ? (
            <ol className="analyst-rallies">
              {rallies.items.map((r, i) => (
                <li key={r.index}>
                  <span className="analyst-rallies__time">
                    {formatClock(r.start_sec)}–{formatClock(r.end_sec)} (
                    {formatSeconds(r.end_sec - r.start_sec)})
                    {r.serve?.track_id
                      ? ` · saque de ${serveLabel(r.serve.track_id, r.serve.side)}`
                      : ''}
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost analyst-rallies__go"
                    onClick={() => onSeek(r.start_sec)}
                  >
                    Ver no vídeo<span className="visually-hidden"> o lance {i + 1}</span>
                  </button>
                  {r.clip_url ? (
                    <a href={r.clip_url} target="_blank" rel="noreferrer">
                      Clipe<span className="visually-hidden"> do lance {i + 1}</span>
                    </a>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </>
  )
}
