import type { AnalystVideo } from '@areia/contracts/analysis'
import { useEffect, useRef, type RefObject } from 'react'
import { roundAt, trackColour, trackLabel } from './analyst-rules'

type Props = {
  video: AnalystVideo
  videoRef: RefObject<HTMLVideoElement | null>
  onTime: (seconds: number) => void
}

/** The match video in its card, with the tracker's boxes drawn over it. */
export function OverlayVideo({ video, videoRef, onTime }: Props) {
  const hidden = video.overlay.some((round) => round.boxes.some((box) => box.hidden))
  return (
    <section className="card analyst-card analyst-video" aria-labelledby="video-title">
      <h2 id="video-title" className="analyst-card__title">
        Vídeo com o rastreamento
      </h2>
      <TrackedVideo video={video} videoRef={videoRef} onTime={onTime} />
      <p className="analyst-card__hint">
        {video.overlay.length > 0
          ? 'Cada jogador rastreado tem uma cor e um número (J1 a J4); a caixa acompanha o vídeo.'
          : 'Ainda não há rastreamento para desenhar sobre o vídeo.'}
      </p>
      {hidden && (
        <p className="analyst-card__hint">
          Caixa tracejada: jogador escondido atrás do parceiro, posicionado pelas cores da roupa que
          aparecem ao lado dele.
        </p>
      )}
    </section>
  )
}

/**
 * The video with the tracker's boxes drawn over it: the canvas has the video's own pixel size
 * (the overlay's coordinates) and CSS scales both together, so no coordinate is converted.
 */
export function TrackedVideo({
  video,
  videoRef,
  onTime,
  label = 'Vídeo do jogo',
}: Props & { label?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const { overlay, width, height } = video

  useEffect(() => {
    const element = videoRef.current
    const ctx = canvas.current?.getContext('2d')
    if (!element || !ctx) return
    let frame = 0
    const draw = () => {
      ctx.clearRect(0, 0, width, height)
      const round = roundAt(overlay, element.currentTime)
      if (!round) return
      const line = Math.max(2, Math.round(width / 400))
      const font = Math.max(14, Math.round(width / 60))
      ctx.lineWidth = line
      ctx.font = `700 ${font}px system-ui, sans-serif`
      ctx.textBaseline = 'bottom'
      for (const box of round.boxes) {
        const colour = trackColour(box.track_id)
        ctx.strokeStyle = colour
        // A player placed by their clothes behind their partner: dashed, not the detector's box.
        ctx.setLineDash(box.hidden ? [line * 3, line * 2] : [])
        ctx.strokeRect(box.x, box.y, box.w, box.h)
        const label = box.track_id === null ? '?' : trackLabel(box.track_id)
        const labelWidth = ctx.measureText(label).width + font * 0.6
        // Its label goes under it: above, it would cover the label of the partner in front.
        const top = box.hidden ? box.y + box.h : box.y - font * 1.3
        ctx.fillStyle = colour
        ctx.fillRect(box.x - line / 2, top, labelWidth, font * 1.3)
        ctx.fillStyle = '#06324a'
        ctx.fillText(label, box.x + font * 0.3, top + font * 1.15)
      }
    }
    // timeupdate comes about 4 times a second: while playing, redraw on every animation frame.
    const loop = () => {
      draw()
      frame = requestAnimationFrame(loop)
    }
    const onPlay = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(loop)
    }
    const onPause = () => {
      cancelAnimationFrame(frame)
      draw()
    }
    const onUpdate = () => {
      onTime(element.currentTime)
      if (element.paused) draw()
    }
    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['seeked', onUpdate],
      ['timeupdate', onUpdate],
      ['loadeddata', onUpdate],
    ]
    for (const [type, listener] of listeners) element.addEventListener(type, listener)
    draw()
    return () => {
      cancelAnimationFrame(frame)
      for (const [type, listener] of listeners) element.removeEventListener(type, listener)
    }
  }, [overlay, width, height, videoRef, onTime])

  return (
    <div className="analyst-video__frame" style={{ aspectRatio: `${width} / ${height}` }}>
      <video
        ref={videoRef}
        src={video.video_url}
        controls
        preload="metadata"
        playsInline
        aria-label={label}
      />
      <canvas ref={canvas} width={width} height={height} aria-hidden="true" />
    </div>
  )
}
