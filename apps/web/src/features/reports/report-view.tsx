import type { VideoReport } from '@areia/contracts/analysis'
import { teamOf } from '@areia/contracts/match'
import type { ReactNode } from 'react'
import { formatLongDate } from '../../lib/format'
import { MarkdownView } from '../../lib/markdown-view'
import { useOnline } from '../../lib/use-online'
import { LengthChart, MomentumChart, ServeChart, StrokeChart } from './match-charts'
import type { Voice } from '@areia/contracts/match-insights'
import { Insights, MatchFigures, ScoreBoard } from './match-sections'
import { PointsDialogProvider } from './points-dialog'
import { gameDateLine, gameHeadline } from './report-format'
import { FigureCards, Heatmap, PartnerComparison, Rallies, ZoneTimes } from './report-sections'
import { ReportSection } from './report-section'

/** What every view of a report shows: the player's own, a shared link's, the example's. */
export type ReportContent = Omit<VideoReport, 'markdown' | 'video_id'>

export const NO_STATS_NOTE =
  'O ponto a ponto (placar, saques, winners e erros) não está disponível para este jogo.'

/**
 * The report itself, read-only. `markdown` is the analyst's text (null where it is not shown);
 * `eyebrow` names the kind of report; `actions` sit in its header (share, print).
 */
export function ReportView({
  report,
  voice,
  markdown = null,
  eyebrow = 'Análise do jogo',
  actions,
  noClipsNote = 'Este ponto não tem clipe.',
  comparison,
}: {
  report: ReportContent
  voice: Voice
  markdown?: string | null
  eyebrow?: string
  actions?: ReactNode
  noClipsNote?: string
  /** The player's own report: the figures against the match before. */
  comparison?: ReactNode
}) {
  const { player, partner, rallies, stats } = report
  const trackId = player.track_id
  const me = voice.kind === 'own' ? 'Você' : voice.name
  return (
    <PointsDialogProvider points={report.points} team={teamOf(trackId)} noClipsNote={noClipsNote}>
      <header className="card report__head">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="report-title" className="page__title">
          {gameHeadline(report.game)}
        </h1>
        <p className="report__date">{gameDateLine(report.game)}</p>
        <p className="report__published">
          Publicada em{' '}
          <time dateTime={report.published_at}>{formatLongDate(report.published_at)}</time>
        </p>
        {actions ? <div className="report__actions">{actions}</div> : null}
      </header>
      <OfflineNotice />

      <ScoreBoard report={report} voice={voice} />
      {comparison}

      {stats ? (
        <>
          <Insights stats={stats} trackId={trackId} voice={voice} />
          <MatchFigures stats={stats} trackId={trackId} voice={voice} />
          <div className="report__pair">
            <ServeChart stats={stats} trackId={trackId} />
            <StrokeChart stats={stats} trackId={trackId} voice={voice} />
          </div>
          <MomentumChart stats={stats} trackId={trackId} voice={voice} />
          <LengthChart stats={stats} trackId={trackId} voice={voice} />
        </>
      ) : (
        <p className="card report__note" role="note">
          {NO_STATS_NOTE}
        </p>
      )}

      <ReportSection
        id="report-figures"
        title={voice.kind === 'own' ? 'Sua movimentação' : `Movimentação de ${voice.name}`}
      >
        <FigureCards player={player} />
      </ReportSection>

      <div className="report__pair">
        <ReportSection
          id="report-zones"
          title={voice.kind === 'own' ? 'Onde você jogou' : `Onde ${voice.name} jogou`}
        >
          <ZoneTimes player={player} partner={partner} me={me} />
          {partner ? (
            <>
              <h3 className="report__subtitle">
                {voice.kind === 'own' ? 'Você e seu parceiro' : `${voice.name} e parceiro`}
              </h3>
              <PartnerComparison player={player} partner={partner} me={me} />
            </>
          ) : null}
        </ReportSection>
        <ReportSection id="report-heatmap" title="Mapa de calor">
          <Heatmap player={player} me={me} />
        </ReportSection>
      </div>

      {markdown?.trim() ? (
        <ReportSection id="report-text" title="Comentários do analista">
          <MarkdownView className="report__text" text={markdown} />
        </ReportSection>
      ) : null}

      <ReportSection id="report-rallies" title="Lances" className="report__rallies">
        <Rallies rallies={rallies} />
      </ReportSection>
    </PointsDialogProvider>
  )
}

export const OFFLINE_NOTICE =
  'Você está sem internet: esta é a cópia salva da análise. Os vídeos voltam quando a conexão voltar.'

function OfflineNotice() {
  const online = useOnline()
  return online ? null : (
    <p className="offline-notice" role="status">
      {OFFLINE_NOTICE}
    </p>
  )
}
