import {
  changesAt,
  progressFigure,
  PROGRESS_FIGURES,
  type ProgressFigureKey,
  type ProgressGoal,
  type ProgressMatch,
} from '@areia/contracts/progress'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { chooseGoalFigures, progressKeys } from './progress-api'
import { deltaTone, formatDelta, formatFull } from './progress-format'

export const GOAL_SAVE_FAILED = 'Não foi possível salvar. Tente novamente.'
const MAX = 2

/** A figure of the goal: its newest value and how it moved since the match before. */
function GoalFigure({ figure, matches }: { figure: ProgressFigureKey; matches: ProgressMatch[] }) {
  const info = progressFigure(figure)
  const lastIndex = matches.findLastIndex((m) => m.figures[figure] !== null)
  const last = matches[lastIndex]?.figures[figure]
  const change = lastIndex >= 0 ? changesAt(matches, lastIndex).find((c) => c.key === figure) : null
  return (
    <li className="goal__figure">
      <span className="goal__label">{info.label}</span>
      <strong>{last ? formatFull(figure, last) : 'ainda sem medição'}</strong>
      {change?.delta !== null && change?.delta !== undefined ? (
        <span className={`progress-delta progress-delta--${deltaTone(change)}`}>
          {formatDelta(figure, change.delta)}
        </span>
      ) : null}
    </li>
  )
}

/** The player's goal with the one or two figures that measure it, and the way to change them. */
export function GoalCard({ goal, matches }: { goal: ProgressGoal; matches: ProgressMatch[] }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [picked, setPicked] = useState<ProgressFigureKey[]>(goal.figures)
  const save = useMutation({
    // Kept in the screen's order, whatever order they were ticked in.
    mutationFn: () =>
      chooseGoalFigures(PROGRESS_FIGURES.filter((f) => picked.includes(f.key)).map((f) => f.key)),
    onSuccess: (data) => {
      queryClient.setQueryData(progressKeys.mine, data)
      setEditing(false)
    },
  })
  const toggle = (key: ProgressFigureKey) =>
    setPicked((now) => (now.includes(key) ? now.filter((k) => k !== key) : [...now, key]))
  return (
    <section className="card goal" aria-labelledby="goal-title">
      <h2 id="goal-title" className="progress-figure__title">
        Sua meta
      </h2>
      <p className="goal__text">{goal.text}</p>
      <ul className="goal__figures" aria-label="Números que acompanham a meta">
        {goal.figures.map((f) => (
          <GoalFigure key={f} figure={f} matches={matches} />
        ))}
      </ul>
      {editing ? (
        <form
          className="goal__form"
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate()
          }}
        >
          <fieldset>
            <legend>Escolha até dois números para acompanhar a meta</legend>
            {PROGRESS_FIGURES.map((f) => (
              <label key={f.key} className="goal__option">
                <input
                  type="checkbox"
                  checked={picked.includes(f.key)}
                  disabled={!picked.includes(f.key) && picked.length >= MAX}
                  onChange={() => toggle(f.key)}
                />
                {f.label}
              </label>
            ))}
          </fieldset>
          {save.isError ? (
            <p className="form-error" role="alert">
              {errorMessage(save.error, GOAL_SAVE_FAILED)}
            </p>
          ) : null}
          <div className="goal__actions">
            <Button type="submit" busy={save.isPending} disabled={picked.length === 0}>
              Salvar
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setPicked(goal.figures)
                setEditing(false)
              }}
            >
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Mudar números da meta
        </Button>
      )}
    </section>
  )
}
