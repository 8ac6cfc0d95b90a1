import { byGender } from '@areia/contracts/agreement'
import type { Gender } from '@areia/contracts/enums'
import type { FrameBox } from '@areia/contracts/videos'
import { useQuery } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useState } from 'react'
import { fetchIdentification } from '../../lib/videos-api'

export const PICTURE_PREPARING = 'Preparando uma foto do jogo com os jogadores numerados...'
/** With the picture shown, the chips below follow its numbers (the server reads them so). */
export const PICTURE_HINT =
  'Os números da foto valem para os botões abaixo: toque em você na foto ou no botão com o seu número.'

/** "Sou o jogador 2 da foto" / "Sou a jogadora 2 da foto". */
export const pickLabel = (number: number, gender: Gender | null | undefined) =>
  `Sou ${byGender(gender, 'o jogador', 'a jogadora')} ${number} da foto`

/** Polls while the picture is being made: it takes seconds, and the chips work meanwhile. */
const POLL_MS = 3000
/** Past this the picture is not waited for any more (the chips stay). */
const MAX_WAIT_MS = 3 * 60_000

/** Above this share of the picture's height there is no room for the number over the head. */
const TOP_ROOM = 0.09

export interface IdentificationControls {
  gender: Gender | null
  /** Tapping a person: their number in the picture and the box tapped. */
  onPick: (videoId: number, number: number, box: FrameBox) => void
  busy: boolean
}

/** Given by the main chat; without it (the onboarding chat), no picture is shown. */
export const IdentificationContext = createContext<IdentificationControls | null>(null)

/**
 * The frame of the uploaded video with each player found in it boxed and numbered; each box is
 * a button. A picture that could not be made shows nothing: the chips below still answer.
 */
export function IdentificationPicture({ videoId }: { videoId: number }) {
  const controls = useContext(IdentificationContext)
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), MAX_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const query = useQuery({
    queryKey: ['videos', videoId, 'identification'],
    queryFn: ({ signal }) => fetchIdentification(videoId, signal),
    enabled: controls !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && !gaveUp ? POLL_MS : false),
    // The signed picture URL lasts an hour; a fresh one comes with each load of the chat.
    staleTime: 30 * 60_000,
    retry: 1,
  })
  if (!controls) return null
  const data = query.data
  if (!data || data.status === 'unavailable') return null
  if (data.status === 'pending') {
    return gaveUp ? null : (
      <p className="identify-picture__wait" role="status">
        {PICTURE_PREPARING}
      </p>
    )
  }
  return (
    <figure className="identify-picture">
      <div className="identify-picture__frame">
        <img
          className="identify-picture__img"
          src={data.frame_url ?? ''}
          alt="Foto do seu jogo com os jogadores numerados"
        />
        {data.players.map(({ number, box }) => (
          <button
            key={number}
            type="button"
            className={`identify-picture__player${box.y < TOP_ROOM ? ' identify-picture__player--top' : ''}`}
            style={{
              left: `${box.x * 100}%`,
              top: `${box.y * 100}%`,
              width: `${box.w * 100}%`,
              height: `${box.h * 100}%`,
            }}
            aria-label={pickLabel(number, controls.gender)}
            disabled={controls.busy}
            onClick={() => controls.onPick(videoId, number, box)}
          >
            <span className="identify-picture__number" aria-hidden="true">
              {number}
            </span>
          </button>
        ))}
      </div>
      <figcaption className="identify-picture__hint">{PICTURE_HINT}</figcaption>
    </figure>
  )
}
