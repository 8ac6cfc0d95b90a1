import type { AnalystTagsResponse } from '@areia/contracts/match'
import type { AnalystVideo } from '@areia/contracts/analysis'
import { POINT_ENDING_LABEL, STROKE_LABEL } from '@areia/contracts/match'
import { GAME_OUTCOME_LABEL } from '@areia/contracts/videos'
import { useQuery } from '@tanstack/react-query'
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { tagsQuery } from './analyst-api'
import { formatClock, trackLabel } from './analyst-rules'
import { TrackedVideo } from './overlay-video'
import { fullScore, PointForm, ScoreEditor } from './tagging-form'
import { KEY_HELP, keyResult, TYPICAL_PRESSES, type VideoCommand } from './tagging-keys'
import { useAutosave, type SaveStatus } from './tagging-save'
import {
  type Action,
  ALL_TAGGED,
  initialState,
  pressesPerPoint,
  reduce,
  scores,
  toMatchTags,
} from './tagging-state'

/** The analyst's point-by-point tagging of the match, keyboard first. */
export function TaggingPanel({ video }: { video: AnalystVideo }) {
  const query = useQuery(tagsQuery(video.video_id))
  return (
    <section className="card analyst-card tagging" aria-labelledby="tagging-title">
      <h2 id="tagging-title" className="analyst-card__title">
        Marcação ponto a ponto
      </h2>
      {query.isPending ? (
        <Spinner label="Carregando as marcações..." />
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error, 'Não foi possível carregar as marcações.')}
        </p>
      ) : (
        <Tagger video={video} saved={query.data} />
      )}
    </section>
  )
}

const SAVE_TEXT: Record<SaveStatus, string> = {
  saved: 'Marcações salvas',
  pending: 'Alterações a salvar...',
  saving: 'Salvando...',
  error: 'Não salvo',
  stale: 'Não salvo',
}

/** Fields keep every key; buttons and summaries keep the keys that press them. */
const EDITABLE = new Set(['INPUT', 'SELECT', 'TEXTAREA'])
const PRESSABLE = new Set(['BUTTON', 'SUMMARY'])

/** Plays when the browser lets it (a refused autoplay just leaves the video paused). */
function play(element: HTMLVideoElement) {
  void element.play()?.catch(() => undefined)
}

/** How far past the point's end a playing video still counts as having just crossed it. */
const LOOP_SLACK_SEC = 1

function Tagger({ video, saved }: { video: AnalystVideo; saved: AnalystTagsResponse }) {
  const [state, dispatch] = useReducer(reduce, null, () =>
    initialState(saved.tags, video.rallies?.items ?? []),
  )
  const tags = useMemo(() => toMatchTags(state), [state])
  const save = useAutosave(video.video_id, saved.revision, tags)
  const all = useMemo(() => scores(state), [state])
  const videoRef = useRef<HTMLVideoElement>(null)
  const [time, setTime] = useState(0)
  const [editing, setEditing] = useState<'start' | 'point' | null>(null)
  const span = state.spans[state.cursor]
  const before = all[state.cursor]?.before ?? state.start_score
  const lastAfter = [...all].reverse().find((s) => s.after)?.after ?? state.start_score
  const average = pressesPerPoint(state)
  const closed = video.published_at !== null || video.status === 'FAILED'

  // The open point plays in a loop, from its start, whenever it changes.
  const spanStart = span?.start_sec
  const spanEnd = span?.end_sec
  const opened = useRef(false)
  useEffect(() => {
    const element = videoRef.current
    if (!element || spanStart === undefined) return
    element.currentTime = spanStart
    // Opening the console only shows the first point; the analyst's next one plays it.
    if (opened.current) play(element)
    opened.current = true
  }, [state.cursor, spanStart])
  useEffect(() => {
    const element = videoRef.current
    if (!element || spanStart === undefined || spanEnd === undefined) return
    let frame = 0
    // Only a play crossing the end loops: a seek elsewhere (to find a missed point) is left alone.
    const check = () => {
      const t = element.currentTime
      if (t >= spanEnd && t < spanEnd + LOOP_SLACK_SEC) element.currentTime = spanStart
      frame = requestAnimationFrame(check)
    }
    const onPlay = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(check)
    }
    const onPause = () => cancelAnimationFrame(frame)
    element.addEventListener('play', onPlay)
    element.addEventListener('pause', onPause)
    if (!element.paused) onPlay()
    return () => {
      cancelAnimationFrame(frame)
      element.removeEventListener('play', onPlay)
      element.removeEventListener('pause', onPause)
    }
  }, [spanStart, spanEnd])

  const onVideo = useCallback(
    (command: VideoCommand) => {
      const element = videoRef.current
      if (!element) return
      if (command === 'replay') {
        element.currentTime = spanStart ?? 0
        play(element)
      } else if (element.paused) play(element)
      else element.pause()
    },
    [spanStart],
  )

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const element = e.target as HTMLElement
    const target = element.tagName
    if (closed || EDITABLE.has(target)) return
    const row = element.closest<HTMLElement>('[data-point]')
    // Enter on a point of the list confirms that point; the focus follows to the one opened next.
    if (row && e.key === 'Enter' && !(e.ctrlKey || e.metaKey || e.altKey)) {
      e.preventDefault()
      e.stopPropagation()
      const actions: Action[] = [
        { type: 'press' },
        { type: 'select', index: Number(row.dataset.point) },
        { type: 'confirm' },
      ]
      const after = actions.reduce(reduce, state)
      actions.forEach(dispatch)
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-point="${after.cursor}"]`)?.focus(),
      )
      return
    }
    if (PRESSABLE.has(target) && (e.key === 'Enter' || e.key === ' ')) return
    const result = keyResult(e, state)
    if (!result) return
    e.preventDefault()
    e.stopPropagation()
    dispatch({ type: 'press' })
    if (result.kind === 'action') dispatch(result.action)
    else if (result.kind === 'video') onVideo(result.command)
    else dispatch(result.make(videoRef.current?.currentTime ?? time))
  }

  const atNow = () => videoRef.current?.currentTime ?? time
  const game = video.game
  const given = [game.outcome ? GAME_OUTCOME_LABEL[game.outcome] : null, game.score]
    .filter(Boolean)
    .join(' ')

  return (
    <div
      className="tagging__body"
      id="tagging"
      tabIndex={-1}
      onKeyDownCapture={onKeyDown}
      data-testid="tagging"
    >
      <p className="tagging__scoreboard" aria-live="polite">
        <span>
          Placar marcado: <strong data-testid="tagging-score">{fullScore(lastAfter)}</strong>
        </span>
        <span>
          Resultado informado pelo jogador: <strong>{given || 'não informado'}</strong>
        </span>
        <span className={`tagging__save tagging__save--${save.status}`} role="status">
          {SAVE_TEXT[save.status]}
        </span>
      </p>
      {save.error ? (
        <p className="form-error" role="alert">
          {save.error}
        </p>
      ) : null}
      {closed ? (
        <p className="analyst-card__hint">
          As marcações valem como estão: a análise já foi publicada ou recusada.
        </p>
      ) : null}
      <div className="tagging__layout">
        <div className="tagging__video">
          <TrackedVideo
            video={video}
            videoRef={videoRef}
            onTime={setTime}
            label="Vídeo do ponto aberto, em repetição"
          />
          <p className="tagging__span">
            {span
              ? `Ponto ${state.cursor + 1} de ${state.spans.length} · ${formatClock(span.start_sec)} a ${formatClock(span.end_sec)}${span.rally_index === null ? ' · adicionado' : ''} · agora ${formatClock(time)}`
              : 'Nenhum rali detectado: pare o vídeo onde um ponto começa e tecle A.'}
          </p>
          <div className="analyst-actions">
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'boundary', edge: 'start', at: atNow() })}
              disabled={!span || closed}
            >
              Início aqui <kbd translate="no">[</kbd>
            </Button>
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'boundary', edge: 'end', at: atNow() })}
              disabled={!span || closed}
            >
              Fim aqui <kbd translate="no">]</kbd>
            </Button>
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'split', at: atNow() })}
              disabled={!span || closed}
            >
              Partir <kbd translate="no">P</kbd>
            </Button>
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'add', at: atNow() })}
              disabled={closed}
            >
              Adicionar ponto <kbd translate="no">A</kbd>
            </Button>
            <Button
              variant="ghost"
              onClick={() => dispatch({ type: 'remove' })}
              disabled={!span || closed}
            >
              Não foi ponto <kbd translate="no">Delete</kbd>
            </Button>
          </div>
        </div>
        <div className="tagging__point">
          {span?.draft ? (
            <>
              <p className="tagging__before">
                Placar antes do ponto: <strong>{fullScore(before)}</strong>
                {all[state.cursor]?.after ? (
                  <>
                    {' '}
                    · depois: <strong>{fullScore(all[state.cursor]!.after!)}</strong>
                    {span.score_override ? ' (corrigido)' : ''}
                  </>
                ) : null}
              </p>
              <PointForm
                draft={span.draft}
                before={before}
                pending={state.pending}
                dispatch={dispatch}
              />
              {state.notice ? (
                state.notice === ALL_TAGGED ? (
                  <p className="analyst-card__ok" role="status">
                    {state.notice}
                  </p>
                ) : (
                  <p className="tagging__notice" role="alert">
                    {state.notice}
                  </p>
                )
              ) : null}
              <div className="analyst-actions">
                <Button onClick={() => dispatch({ type: 'confirm' })} disabled={closed}>
                  Confirmar ponto <kbd translate="no">Enter</kbd>
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setEditing(editing === 'point' ? null : 'point')}
                  disabled={!span.done || closed}
                >
                  Corrigir o placar
                </Button>
              </div>
              {editing === 'point' && span.done ? (
                <ScoreEditor
                  score={all[state.cursor]?.after ?? before}
                  saveLabel="Usar este placar"
                  onSave={(score) => {
                    dispatch({ type: 'scoreOverride', score })
                    setEditing(null)
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : null}
            </>
          ) : (
            <p className="analyst-card__hint">{state.notice ?? 'Escolha um ponto na lista.'}</p>
          )}
        </div>
      </div>
      <PointList
        state={state}
        all={all}
        onSelect={(index) => dispatch({ type: 'select', index })}
      />
      <details className="tagging__start" open={editing === 'start'}>
        <summary
          onClick={(e) => {
            e.preventDefault()
            setEditing(editing === 'start' ? null : 'start')
          }}
        >
          Placar no início do vídeo: {fullScore(state.start_score)}
        </summary>
        {editing === 'start' ? (
          <ScoreEditor
            score={state.start_score}
            saveLabel="Usar como placar inicial"
            onSave={(score) => {
              dispatch({ type: 'startScore', score })
              setEditing(null)
            }}
          />
        ) : null}
      </details>
      <details className="tagging__help">
        <summary>Atalhos do teclado</summary>
        <p>
          Com o sacador e o devolvedor previstos, um ponto leva{' '}
          <strong>{TYPICAL_PRESSES} teclas</strong>: como terminou, o último golpe, quem bateu e
          Enter. Um saque fora leva 2 (X e Enter).
          {average !== null ? (
            <>
              {' '}
              Nesta sessão:{' '}
              <strong data-testid="tagging-average">
                {average.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}
              </strong>{' '}
              teclas por ponto.
            </>
          ) : null}
        </p>
        <dl className="tagging__keys">
          {KEY_HELP.map((k) => (
            <div key={k.keys}>
              <dt>
                <kbd translate="no">{k.keys}</kbd>
              </dt>
              <dd>{k.does}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  )
}

function PointList({
  state,
  all,
  onSelect,
}: {
  state: ReturnType<typeof initialState>
  all: ReturnType<typeof scores>
  onSelect: (index: number) => void
}) {
  return (
    <ol className="tagging__list" aria-label="Pontos do vídeo">
      {state.spans.map((s, i) => {
        const d = s.draft
        const after = all[i]?.after
        const what =
          s.done && d?.ending && d.last_stroke && d.last_player
            ? `${POINT_ENDING_LABEL[d.ending]} · ${STROKE_LABEL[d.last_stroke]} de ${trackLabel(d.last_player)}`
            : 'a marcar'
        return (
          <li key={s.key}>
            <button
              type="button"
              className="tagging__item"
              data-point={i}
              aria-current={i === state.cursor ? 'true' : undefined}
              onClick={() => onSelect(i)}
            >
              <span className="tagging__item-n">{i + 1}</span>
              <span>
                {formatClock(s.start_sec)}–{formatClock(s.end_sec)}
              </span>
              <span>{what}</span>
              <span>{after ? fullScore(after) : ''}</span>
            </button>
          </li>
        )
      })}
    </ol>
  )
}
