import type { AnalystVideo, CourtCorners } from '@areia/contracts/analysis'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { analystKeys, saveCorners } from './analyst-api'
import { CORNER_LABELS, defaultCorners, isRunning, moveCorner } from './analyst-rules'

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/**
 * The four court corners over the keyframe, in the video's own pixels: handles are dragged with a
 * pointer or moved with the arrow keys; confirming re-runs the analysis with them.
 */
export function CornersEditor({ video }: { video: AnalystVideo }) {
  const { width, height } = video
  const [corners, setCorners] = useState<CourtCorners>(
    () => video.corners ?? defaultCorners(width, height),
  )
  // A new run may propose other corners: take them, unless the analyst has moved a handle since.
  const serverCorners = JSON.stringify(video.corners)
  const [base, setBase] = useState(serverCorners)
  if (base !== serverCorners) {
    setBase(serverCorners)
    if (video.corners && JSON.stringify(corners) === base) setCorners(video.corners)
  }
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const dragging = useRef<number | null>(null)
  const helpId = useId()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: () => saveCorners(video.video_id, corners),
    onSuccess: async () => {
      setSent(true)
      await queryClient.invalidateQueries({ queryKey: analystKeys.all })
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível salvar os cantos.')),
  })
  const running = isRunning(video.stage)
  // A small step is a few pixels whatever the resolution; Shift moves ten times as far.
  const step = Math.max(1, Math.round(width / 320))

  const toSource = (clientX: number, clientY: number) => {
    const rect = box.current?.getBoundingClientRect()
    if (!rect || rect.width === 0 || rect.height === 0) return null
    return {
      x: ((clientX - rect.left) / rect.width) * width,
      y: ((clientY - rect.top) / rect.height) * height,
    }
  }
  const move = (index: number, to: { x: number; y: number }) => {
    setSent(false)
    setCorners((current) => moveCorner(current, index, to, width, height))
  }
  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    event.preventDefault()
    event.currentTarget.focus()
    // Not every engine has capture (jsdom); without it, the drag still follows inside the image.
    event.currentTarget.setPointerCapture?.(event.pointerId)
    dragging.current = index
  }
  const onPointerMove = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (dragging.current !== index) return
    const to = toSource(event.clientX, event.clientY)
    if (to) move(index, to)
  }
  const endDrag = () => {
    dragging.current = null
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key]
    const at = corners[index]
    if (!arrow || !at) return
    event.preventDefault()
    const distance = event.shiftKey ? step * 10 : step
    move(index, { x: at.x + arrow[0] * distance, y: at.y + arrow[1] * distance })
  }

  const points = corners.map((c) => `${c.x},${c.y}`).join(' ')
  const source =
    video.corners_source === 'confirmed'
      ? 'Cantos confirmados por um analista.'
      : video.corners_source === 'proposed'
        ? 'Cantos propostos automaticamente: confira antes de confirmar.'
        : 'A análise não encontrou os cantos: marque-os na imagem.'
  return (
    <section className="card analyst-card analyst-corners" aria-labelledby="corners-title">
      <h2 id="corners-title" className="analyst-card__title">
        Cantos da quadra
      </h2>
      <p className="analyst-card__text">{source}</p>
      <div
        ref={box}
        className="analyst-corners__image"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <img
          src={video.keyframe_url}
          alt="Quadro do jogo para marcar os cantos da quadra"
          draggable={false}
        />
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
          <polygon points={points} className="analyst-corners__shape" />
        </svg>
        {corners.map((corner, index) => (
          <button
            key={CORNER_LABELS[index]}
            type="button"
            className="analyst-corners__handle"
            style={{ left: `${(corner.x / width) * 100}%`, top: `${(corner.y / height) * 100}%` }}
            aria-label={`Canto ${index + 1}: ${CORNER_LABELS[index]} (x ${corner.x}, y ${corner.y})`}
            aria-describedby={helpId}
            onPointerDown={onPointerDown(index)}
            onPointerMove={onPointerMove(index)}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onKeyDown(index)}
          >
            {index + 1}
          </button>
        ))}
      </div>
      <p id={helpId} className="analyst-card__hint">
        Arraste cada círculo até o canto da quadra ou use as setas do teclado (Shift move mais
        rápido). 1 e 2 são os cantos da linha de fundo mais perto da câmera.
      </p>
      <ol className="analyst-corners__legend">
        {CORNER_LABELS.map((label, index) => (
          <li key={label}>
            <span className="analyst-corners__dot">{index + 1}</span> {label}
          </li>
        ))}
      </ol>
      <FormError message={error} />
      {sent && running ? (
        <p className="analyst-card__ok" role="status">
          Cantos salvos: a análise recomeçou com eles.
        </p>
      ) : null}
      <div className="analyst-actions">
        <Button
          onClick={() => {
            setError(null)
            mutation.mutate()
          }}
          busy={mutation.isPending}
          disabled={running || mutation.isPending}
        >
          Confirmar cantos
        </Button>
      </div>
      {running ? (
        <p className="analyst-card__hint">
          A análise está em andamento; aguarde para corrigir de novo.
        </p>
      ) : null}
    </section>
  )
}
