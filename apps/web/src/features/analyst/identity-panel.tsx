import { AnalystSwapBody, type AnalystVideo } from '@areia/contracts/analysis'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { SelectField } from '../../ui/field'
import { FormError } from '../../ui/text-field'
import { analystKeys, confirmPlayer, swapPlayers } from './analyst-api'
import { formatClock, PLAYER_FIELD_ID, trackLabel } from './analyst-rules'

const ALL_TRACKS = [1, 2, 3, 4]

/** The identities the video has, or the four slots when the tracker found none yet. */
const trackIds = (video: AnalystVideo) =>
  video.players.length > 0 ? video.players.map((p) => p.track_id) : ALL_TRACKS

/** Fixes identities (swap from a moment on) and says which tracked player is the customer. */
export function IdentityPanel({
  video,
  currentTime,
  playerProblem = null,
}: {
  video: AnalystVideo
  currentTime: number
  /** Why publishing was refused, when naming the customer is what fixes it. */
  playerProblem?: string | null
}) {
  return (
    <section className="card analyst-card analyst-identity" aria-labelledby="identity-title">
      <h2 id="identity-title" className="analyst-card__title">
        Jogadores
      </h2>
      <div className="analyst-identity__forms">
        <SwapForm video={video} currentTime={currentTime} />
        {/* Starts again on what the server proposes once it knows more (the tracks arrived). */}
        <PlayerForm
          key={`${video.player_track_id ?? 'none'}:${video.player_pick?.nearest_track_id ?? 'none'}`}
          video={video}
          problem={video.player_track_id === null ? playerProblem : null}
        />
      </div>
    </section>
  )
}

function useVideoUpdate(video: AnalystVideo) {
  const queryClient = useQueryClient()
  return async (next: AnalystVideo) => {
    queryClient.setQueryData(analystKeys.video(video.video_id), next)
    await queryClient.invalidateQueries({ queryKey: analystKeys.queue })
  }
}

function SwapForm({ video, currentTime }: { video: AnalystVideo; currentTime: number }) {
  const ids = trackIds(video)
  const [a, setA] = useState(String(ids[0] ?? 1))
  const [b, setB] = useState(String(ids[1] ?? 2))
  const [from, setFrom] = useState<'now' | 'start'>('now')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const update = useVideoUpdate(video)
  const mutation = useMutation({
    mutationFn: (body: AnalystSwapBody) => swapPlayers(video.video_id, body),
    onSuccess: async (next, body) => {
      const when =
        body.from_sec === undefined ? 'no vídeo todo' : `a partir de ${formatClock(body.from_sec)}`
      setDone(
        `${trackLabel(body.a)} e ${trackLabel(body.b)} trocados ${when}. Os números foram recalculados.`,
      )
      await update(next)
    },
    onError: (e) => setError(errorMessage(e, 'Não foi possível trocar os jogadores.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    const parsed = AnalystSwapBody.safeParse({
      a: Number(a),
      b: Number(b),
      ...(from === 'now' ? { from_sec: Math.round(currentTime * 100) / 100 } : {}),
    })
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Escolha dois jogadores.')
    setError(null)
    mutation.mutate(parsed.data)
  }
  return (
    <form className="analyst-form" onSubmit={submit} aria-labelledby="swap-title">
      <h3 id="swap-title" className="analyst-form__title">
        Trocar jogadores
      </h3>
      <p className="analyst-card__hint">
        Quando o rastreamento confundir dois jogadores, troque as identidades deles.
      </p>
      <div className="analyst-form__row">
        <TrackSelect id="swap-a" label="Jogador" ids={ids} value={a} onChange={setA} />
        <TrackSelect id="swap-b" label="com o jogador" ids={ids} value={b} onChange={setB} />
      </div>
      <fieldset className="analyst-form__choices">
        <legend>A partir de</legend>
        <label>
          <input
            type="radio"
            name="swap-from"
            checked={from === 'now'}
            onChange={() => setFrom('now')}
          />
          O tempo atual do vídeo ({formatClock(currentTime)})
        </label>
        <label>
          <input
            type="radio"
            name="swap-from"
            checked={from === 'start'}
            onChange={() => setFrom('start')}
          />
          O início do vídeo
        </label>
      </fieldset>
      <FormError message={error} />
      {done ? (
        <p className="analyst-card__ok" role="status">
          {done}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" busy={mutation.isPending}>
        Trocar jogadores
      </Button>
    </form>
  )
}

const pct = (share: number) => `${Math.round(share * 100)}%`

function PlayerForm({ video, problem }: { video: AnalystVideo; problem: string | null }) {
  const ids = trackIds(video)
  const pick = video.player_pick
  const initial = video.player_track_id ?? pick?.nearest_track_id ?? video.player_answer
  const [choice, setChoice] = useState(initial === null ? '' : String(initial))
  const [error, setError] = useState<string | null>(null)
  const update = useVideoUpdate(video)
  const mutation = useMutation({
    mutationFn: (trackId: number) => confirmPlayer(video.video_id, trackId),
    onSuccess: update,
    onError: (e) => setError(errorMessage(e, 'Não foi possível confirmar o jogador.')),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!choice) return setError('Escolha qual jogador rastreado é o cliente.')
    setError(null)
    mutation.mutate(Number(choice))
  }
  return (
    <form className="analyst-form" onSubmit={submit} aria-labelledby="player-title">
      <h3 id="player-title" className="analyst-form__title">
        Quem é o cliente
      </h3>
      <p className="analyst-identity__answer">
        Resposta no chat:{' '}
        <strong>
          {pick
            ? `escolheu a pessoa ${pick.number} da foto`
            : video.player_answer === null
              ? 'o jogador ainda não respondeu'
              : `${video.player_answer}º jogador`}
        </strong>
      </p>
      {pick ? (
        <p className="analyst-card__hint">
          {`Caixa tocada aos ${pick.at_sec.toLocaleString('pt-BR')} s: x ${pct(pick.box.x)}, y ${pct(pick.box.y)}, largura ${pct(pick.box.w)}, altura ${pct(pick.box.h)} da imagem. `}
          {pick.nearest_track_id === null
            ? 'Nenhum jogador rastreado coincide com ela nesse instante.'
            : `Mais próxima: ${trackLabel(pick.nearest_track_id)}.`}
        </p>
      ) : null}
      <p className="analyst-card__hint">
        {video.player_track_id === null
          ? 'Nenhum jogador confirmado ainda: o relatório só é publicado depois disso.'
          : `Confirmado: ${trackLabel(video.player_track_id)}.`}
      </p>
      <TrackSelect
        id={PLAYER_FIELD_ID}
        label="Jogador rastreado"
        ids={ids}
        value={choice}
        onChange={setChoice}
        placeholder
      />
      <FormError message={error ?? problem} />
      <Button type="submit" busy={mutation.isPending}>
        Confirmar jogador
      </Button>
    </form>
  )
}

function TrackSelect({
  ids,
  placeholder,
  ...props
}: {
  id: string
  label: string
  ids: number[]
  value: string
  onChange: (value: string) => void
  placeholder?: boolean
}) {
  return (
    <SelectField
      {...props}
      className="field__input analyst-select"
      options={ids.map((id) => [String(id), trackLabel(id)] as const)}
      placeholder={placeholder ? 'Escolha…' : undefined}
    />
  )
}
