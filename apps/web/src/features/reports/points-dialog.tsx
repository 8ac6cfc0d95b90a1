import { POINT_ENDING_LABEL, STROKE_LABEL, type ReportPoint } from '@areia/contracts/match'
import { createContext, useContext, useState, type ReactNode } from 'react'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { formatClock } from './report-format'

/** What a tapped figure asks to show: its label and the points behind it. */
export type PointsRequest = { title: string; points: number[] }

type PointsContextValue = { open: (request: PointsRequest) => void }

const PointsContext = createContext<PointsContextValue | null>(null)

export function usePointsDialog(): PointsContextValue {
  const value = useContext(PointsContext)
  if (!value) throw new Error('usePointsDialog must be used inside <PointsDialogProvider>')
  return value
}

/** One point in words: "Ponto 12 · 3:45 · Winner de smash". */
export function pointLabel(point: ReportPoint): string {
  const how =
    point.ending === 'winner'
      ? `Winner de ${STROKE_LABEL[point.last_stroke].toLowerCase()}`
      : `${POINT_ENDING_LABEL[point.ending]} de ${STROKE_LABEL[point.last_stroke].toLowerCase()}`
  return `Ponto ${point.index + 1} · ${formatClock(point.start_sec)} · ${how}`
}

/**
 * The figures of a report open one dialog that plays the points behind them, one after another.
 * `team` names the player's side so each point says who won it.
 */
export function PointsDialogProvider({
  points,
  team,
  noClipsNote,
  children,
}: {
  points: ReportPoint[]
  team: 0 | 1
  /** Said instead of playing when the report has no clips at all (the example report). */
  noClipsNote: string
  children: ReactNode
}) {
  const [request, setRequest] = useState<PointsRequest | null>(null)
  const [current, setCurrent] = useState(0)
  const value = {
    open: (r: PointsRequest) => {
      setCurrent(0)
      setRequest(r)
    },
  }
  const shown = (request?.points ?? [])
    .map((i) => points[i])
    .filter((p): p is ReportPoint => p !== undefined)
  const point = shown[current]
  const anyClip = shown.some((p) => p.clip_url !== null)
  const close = () => setRequest(null)

  return (
    <PointsContext.Provider value={value}>
      {children}
      <Modal
        open={request !== null}
        title={request?.title ?? ''}
        onClose={close}
        footer={
          <Button variant="secondary" onClick={close}>
            Fechar
          </Button>
        }
      >
        {shown.length === 0 ? (
          <p>Nenhum ponto por trás deste número.</p>
        ) : !anyClip ? (
          <p className="points-dialog__note">{noClipsNote}</p>
        ) : point?.clip_url ? (
          <video
            key={point.index}
            className="points-dialog__video"
            src={point.clip_url}
            controls
            autoPlay
            muted
            playsInline
            aria-label={pointLabel(point)}
            onEnded={() => setCurrent((c) => (c + 1 < shown.length ? c + 1 : c))}
          />
        ) : (
          <p className="points-dialog__note">Este ponto não tem clipe.</p>
        )}
        {shown.length > 0 ? (
          <ol className="points-dialog__list" aria-label="Pontos">
            {shown.map((p, i) => (
              <li key={p.index}>
                <button
                  type="button"
                  className="points-dialog__point"
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setCurrent(i)}
                >
                  <span>{pointLabel(p)}</span>
                  <span
                    className={`points-dialog__won points-dialog__won--${p.won_by === team ? 'us' : 'them'}`}
                  >
                    {p.won_by === team ? 'Ganho' : 'Perdido'}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        ) : null}
      </Modal>
    </PointsContext.Provider>
  )
}
