import {
  zoneShares,
  type RalliesSummary,
  type TrackedPlayer,
  type ZoneShares,
} from '@areia/contracts/analysis'
import { formatClock, formatKmh, formatMeters, formatSeconds } from './report-format'

/** The player's four headline figures, as cards. */
export function FigureCards({ player }: { player: TrackedPlayer }) {
  const cards = [
    { label: 'Distância percorrida', value: formatMeters(player.distance_m.value) },
    { label: 'Velocidade média', value: formatKmh(player.avg_speed_mps.value) },
    { label: 'Velocidade máxima', value: formatKmh(player.peak_speed_mps.value) },
    {
      label: 'Distância média do parceiro',
      value: formatMeters(player.avg_partner_distance_m.value),
    },
  ]
  return (
    <ul className="report-figures" aria-label="Movimentação">
      {cards.map((card) => (
        <li key={card.label} className="report-figure">
          <span className="report-figure__label">{card.label}</span>
          <strong className="report-figure__value">{card.value}</strong>
        </li>
      ))}
    </ul>
  )
}

const ZONES: Array<{ key: keyof ZoneShares; label: string }> = [
  { key: 'net', label: 'Perto da rede' },
  { key: 'mid', label: 'Meio da quadra' },
  { key: 'back', label: 'Fundo da quadra' },
]

function ZoneBar({ who, percent, tone }: { who: string; percent: number; tone: 'me' | 'partner' }) {
  return (
    <div className="zone-bar">
      <span className="zone-bar__who">{who}</span>
      <span
        className="zone-bar__track"
        role="meter"
        aria-label={who}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span
          className={`zone-bar__fill zone-bar__fill--${tone}`}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="zone-bar__value">{percent}%</span>
    </div>
  )
}

/** Time at the net, mid-court and back as shares, the partner's beside the player's. */
export function ZoneTimes({
  player,
  partner,
  me = 'Você',
}: {
  player: TrackedPlayer
  partner: TrackedPlayer | null
  /** How the player is named: "Você" in their own report, the first name in a shared one. */
  me?: string
}) {
  const mine = zoneShares(player)
  const theirs = partner ? zoneShares(partner) : null
  return (
    <div className="report-zones">
      {ZONES.map((zone) => (
        <div key={zone.key} className="report-zone" role="group" aria-label={zone.label}>
          <p className="report-zone__label">{zone.label}</p>
          <ZoneBar who={me} percent={mine[zone.key]} tone="me" />
          {theirs ? <ZoneBar who="Parceiro" percent={theirs[zone.key]} tone="partner" /> : null}
        </div>
      ))}
    </div>
  )
}

/** Figure by figure, the player beside the partner. */
export function PartnerComparison({
  player,
  partner,
  me = 'Você',
}: {
  player: TrackedPlayer
  partner: TrackedPlayer
  me?: string
}) {
  const rows = [
    [
      'Distância percorrida',
      formatMeters(player.distance_m.value),
      formatMeters(partner.distance_m.value),
    ],
    [
      'Velocidade média',
      formatKmh(player.avg_speed_mps.value),
      formatKmh(partner.avg_speed_mps.value),
    ],
    [
      'Velocidade máxima',
      formatKmh(player.peak_speed_mps.value),
      formatKmh(partner.peak_speed_mps.value),
    ],
    ['Tempo perto da rede', `${zoneShares(player).net}%`, `${zoneShares(partner).net}%`],
  ]
  return (
    <table className="report-compare">
      <caption className="visually-hidden">{me} e parceiro</caption>
      <thead>
        <tr>
          <th scope="col">Número</th>
          <th scope="col">{me}</th>
          <th scope="col">Parceiro</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, me, them]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{me}</td>
            <td>{them}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The coverage heatmap (court seen from above, near baseline at the bottom, the net across the
 * middle, as vision draws it) inside a labelled court outline.
 */
export function Heatmap({ player, me = 'Você' }: { player: TrackedPlayer; me?: string }) {
  const near = player.side === 'near'
  const own = me === 'Você'
  return (
    <figure className="report-heatmap">
      <div className="court">
        <span className={`court__side court__side--${near ? 'far' : 'near'}`}>Adversários</span>
        <img
          className="court__image"
          src={player.heatmap_url}
          alt={`Mapa de calor: onde ${own ? 'você' : me} esteve na quadra, do areia (pouco tempo) ao vermelho (muito tempo)`}
          width={216}
          height={408}
        />
        <span className="court__net" aria-hidden="true">
          <span className="court__net-label">Rede</span>
        </span>
        <span className={`court__side court__side--${near ? 'near' : 'far'}`}>
          {own ? 'Seu lado' : `Lado de ${me}`}
        </span>
      </div>
      <figcaption className="report-heatmap__legend">
        <span>Pouco tempo</span>
        <span className="report-heatmap__scale" aria-hidden="true" />
        <span>Muito tempo</span>
      </figcaption>
    </figure>
  )
}

/** Said when the video had no sound: the lances come from the players' movement alone. */
export const NO_SOUND_REPORT =
  'Seu vídeo chegou sem som: os lances foram separados só pelo movimento dos jogadores.'

/** Each lance with its clip (signed URL), and the highlights reel. */
export function Rallies({ rallies }: { rallies: RalliesSummary }) {
  return (
    <>
      {rallies.video_sound === false ? <p className="page__lead">{NO_SOUND_REPORT}</p> : null}
      <ul className="report-stats" aria-label="Resumo dos lances">
        <li>
          <strong>{rallies.count}</strong> {rallies.count === 1 ? 'lance' : 'lances'}
        </li>
        <li>
          <strong>{formatSeconds(rallies.total_play_sec)}</strong> de bola em jogo
        </li>
        <li>
          Mais longo: <strong>{formatSeconds(rallies.longest_sec)}</strong>
        </li>
      </ul>
      {rallies.highlights_url ? (
        <div className="report-clip report-clip--reel">
          <h3 className="report-clip__title">Melhores momentos</h3>
          <video
            className="report-clip__video"
            controls
            preload="metadata"
            playsInline
            src={rallies.highlights_url}
            aria-label="Melhores momentos"
          />
        </div>
      ) : null}
      {rallies.items.length === 0 ? (
        <p className="page__lead">Nenhum lance foi identificado neste vídeo.</p>
      ) : (
        <ol className="report-rallies">
          {rallies.items.map((rally, i) => {
            const title = `Lance ${i + 1}`
            return (
              <li key={rally.index} className="report-clip">
                <h3 className="report-clip__title">
                  {title}{' '}
                  <span className="report-clip__when">
                    {formatClock(rally.start_sec)}–{formatClock(rally.end_sec)} ·{' '}
                    {formatSeconds(rally.end_sec - rally.start_sec)}
                  </span>
                </h3>
                {rally.clip_url ? (
                  <video
                    className="report-clip__video"
                    controls
                    preload="metadata"
                    playsInline
                    src={rally.clip_url}
                    aria-label={title}
                  />
                ) : (
                  <p className="report-clip__missing">Clipe ainda não disponível.</p>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </>
  )
}
