import {
  POINT_ENDING_LABEL,
  STROKE_LABEL,
  teamOf,
  type MatchScore,
  type PointEnding,
  type Stroke,
  type TrackId,
} from '@areia/contracts/match'
import { gamePointsLabel, isGoldenPoint, scoreLine } from '@areia/contracts/match-score'
import { useId, useState, type Dispatch, type ReactNode } from 'react'
import { Button } from '../../ui/button'
import { trackColour, trackLabel } from './analyst-rules'
import { ENDING_KEYS, STROKE_KEYS } from './tagging-keys'
import type { Action, Draft } from './tagging-state'

const TRACKS: TrackId[] = [1, 2, 3, 4]

/** The score with the game's points: "6/4 3/2 · 30–15". */
export const fullScore = (s: MatchScore) => `${scoreLine(s)} · ${gamePointsLabel(s)}`

function Choice({
  pressed,
  onClick,
  disabled,
  hint,
  children,
}: {
  pressed: boolean
  onClick: () => void
  disabled?: boolean
  hint?: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className="tagging-choice"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
      {hint ? <kbd translate="no">{hint}</kbd> : null}
    </button>
  )
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="tagging-group">
      <legend>{legend}</legend>
      <div className="tagging-group__choices">{children}</div>
    </fieldset>
  )
}

const Player = ({ track }: { track: TrackId }) => (
  <span className="tagging-player" style={{ borderColor: trackColour(track) }}>
    {trackLabel(track)}
  </span>
)

/** Every decision of the open point, clickable, with the key that makes it. */
export function PointForm({
  draft,
  before,
  pending,
  dispatch,
}: {
  draft: Draft
  before: MatchScore
  pending: 'server' | 'returner' | null
  dispatch: Dispatch<Action>
}) {
  const golden = draft.golden_point ?? isGoldenPoint(before)
  return (
    <div className="tagging-form">
      <Group legend={`Quem sacou${pending === 'server' ? ' (tecle o número)' : ''} · Q`}>
        {TRACKS.map((t) => (
          <Choice
            key={t}
            pressed={draft.server === t}
            onClick={() => dispatch({ type: 'server', track: t })}
          >
            <Player track={t} />
          </Choice>
        ))}
        <Choice
          pressed={!draft.serve_in}
          disabled={draft.server === null}
          onClick={() => dispatch({ type: 'serveOut' })}
          hint="X"
        >
          Saque fora
        </Choice>
      </Group>
      <Group legend={`Quem devolveu${pending === 'returner' ? ' (tecle o número)' : ''} · R`}>
        {TRACKS.map((t) => (
          <Choice
            key={t}
            pressed={draft.serve_in && draft.returner === t}
            disabled={draft.server !== null && teamOf(draft.server) === teamOf(t)}
            onClick={() => dispatch({ type: 'returner', track: t })}
          >
            <Player track={t} />
          </Choice>
        ))}
        <Choice
          pressed={draft.serve_in && draft.return_in === false}
          disabled={!draft.serve_in || draft.returner === null}
          onClick={() => dispatch({ type: 'returnOut' })}
          hint="Z"
        >
          Devolução fora
        </Choice>
      </Group>
      <Group legend="Como o ponto terminou">
        {(Object.keys(ENDING_KEYS) as PointEnding[]).map((e) => (
          <Choice
            key={e}
            pressed={draft.ending === e}
            onClick={() => dispatch({ type: 'ending', ending: e })}
            hint={ENDING_KEYS[e]}
          >
            {POINT_ENDING_LABEL[e]}
          </Choice>
        ))}
      </Group>
      <Group legend="Último golpe">
        {(Object.keys(STROKE_KEYS) as Stroke[]).map((s) => (
          <Choice
            key={s}
            pressed={draft.last_stroke === s}
            onClick={() => dispatch({ type: 'stroke', stroke: s })}
            hint={STROKE_KEYS[s]}
          >
            {STROKE_LABEL[s]}
          </Choice>
        ))}
      </Group>
      <Group legend="Quem deu o último golpe">
        {TRACKS.map((t) => (
          <Choice
            key={t}
            pressed={draft.last_player === t}
            onClick={() => dispatch({ type: 'lastPlayer', track: t })}
            hint={String(t)}
          >
            <Player track={t} />
          </Choice>
        ))}
      </Group>
      <Group legend="Ponto de ouro">
        <Choice pressed={golden} onClick={() => dispatch({ type: 'golden' })} hint="O">
          {golden ? 'Foi ponto de ouro' : 'Não foi ponto de ouro'}
        </Choice>
      </Group>
    </div>
  )
}

const GAME_POINTS = ['0', '15', '30', '40']

/** Parses "6/4 3/6" (or "6-4, 3x6") into finished sets; null when it does not read as sets. */
export function parseSets(text: string): Array<[number, number]> | null {
  const trimmed = text.trim()
  if (trimmed === '') return []
  const sets: Array<[number, number]> = []
  for (const part of trimmed.split(/[\s,;]+/)) {
    const m = /^(\d{1,2})[/x-](\d{1,2})$/i.exec(part)
    if (!m) return null
    sets.push([Number(m[1]), Number(m[2])])
  }
  return sets.length <= 5 ? sets : null
}

/** A score to correct by hand: finished sets, games, the game's points and the tie-break. */
export function ScoreEditor({
  score,
  onSave,
  onCancel,
  saveLabel,
}: {
  score: MatchScore
  onSave: (score: MatchScore) => void
  onCancel?: () => void
  saveLabel: string
}) {
  const id = useId()
  const [sets, setSets] = useState(score.sets.map(([a, b]) => `${a}/${b}`).join(' '))
  const [games, setGames] = useState<[number, number]>(score.games)
  const [points, setPoints] = useState<[number, number]>(score.points)
  const [tiebreak, setTiebreak] = useState(score.tiebreak)
  const [error, setError] = useState<string | null>(null)
  const team = ['J1 e J2', 'J3 e J4']
  const setPair = (
    pair: [number, number],
    i: 0 | 1,
    v: number,
    set: (p: [number, number]) => void,
  ) => {
    const next: [number, number] = [pair[0], pair[1]]
    next[i] = Math.max(0, Math.min(99, Number.isFinite(v) ? v : 0))
    set(next)
  }
  return (
    <form
      className="tagging-score-editor"
      onSubmit={(e) => {
        e.preventDefault()
        const parsed = parseSets(sets)
        if (!parsed) {
          setError('Escreva os sets encerrados como 6/4 3/6.')
          return
        }
        onSave({
          sets: parsed,
          games,
          points: tiebreak ? points : [Math.min(points[0], 3), Math.min(points[1], 3)],
          tiebreak,
        })
      }}
    >
      <label htmlFor={`${id}-sets`}>Sets encerrados</label>
      <input
        id={`${id}-sets`}
        value={sets}
        onChange={(e) => setSets(e.target.value)}
        placeholder="6/4"
        inputMode="numeric"
      />
      {([0, 1] as const).map((i) => (
        <div key={i} className="tagging-score-editor__team">
          <span>Dupla {team[i]}</span>
          <label htmlFor={`${id}-g${i}`}>
            Games<span className="visually-hidden"> de {team[i]}</span>
          </label>
          <input
            id={`${id}-g${i}`}
            type="number"
            min={0}
            max={99}
            value={games[i]}
            onChange={(e) => setPair(games, i, Number(e.target.value), setGames)}
          />
          <label htmlFor={`${id}-p${i}`}>
            Pontos<span className="visually-hidden"> de {team[i]}</span>
          </label>
          {tiebreak ? (
            <input
              id={`${id}-p${i}`}
              type="number"
              min={0}
              max={99}
              value={points[i]}
              onChange={(e) => setPair(points, i, Number(e.target.value), setPoints)}
            />
          ) : (
            <select
              id={`${id}-p${i}`}
              value={Math.min(points[i], 3)}
              onChange={(e) => setPair(points, i, Number(e.target.value), setPoints)}
            >
              {GAME_POINTS.map((label, v) => (
                <option key={label} value={v}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </div>
      ))}
      <label className="tagging-score-editor__check">
        <input type="checkbox" checked={tiebreak} onChange={(e) => setTiebreak(e.target.checked)} />
        Tie-break
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="analyst-actions">
        <Button type="submit" variant="secondary">
          {saveLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  )
}
