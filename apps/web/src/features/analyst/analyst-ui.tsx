import type { AnalysisStage } from '@areia/contracts/analysis'
import type { ReactNode } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { Forbidden } from '../../ui/forbidden'
import { canUseConsole, isRunning, STAGE_LABEL } from './analyst-rules'
// Travels in the console's lazy chunk, as the admin console's styles do: players never load it.
import '../../styles/analyst.css'

const FORBIDDEN_TEXT =
  'A fila de análises é da equipe de analistas do Areia. Se você faz parte dela, peça a um administrador para liberar o seu acesso.'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** "23/11/2026, 14:05" in Brasília time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

/** Children only for analysts and admins; the server checks the role again on every call. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth()
  if (canUseConsole(user?.role)) return <>{children}</>
  return <Forbidden id="analyst-forbidden" text={FORBIDDEN_TEXT} />
}

export function Badge({
  tone,
  children,
}: {
  tone: 'danger' | 'sea' | 'sun' | 'sand' | 'success'
  children: ReactNode
}) {
  return <span className={`analyst-badge analyst-badge--${tone}`}>{children}</span>
}

/**
 * Where the analysis stands: once the automatic pass refused the video it waits for a person
 * (the promise to the player stands), whatever percent its last step reached.
 */
export function AnalysisState({
  stage,
  percent,
  problem,
}: {
  stage: AnalysisStage
  percent: number
  problem: string | null
}) {
  if (problem && stage !== 'FAILED') return <Badge tone="sun">{MANUAL_ADJUSTMENT}</Badge>
  return <StageProgress stage={stage} percent={percent} />
}

export const MANUAL_ADJUSTMENT = 'Análise automática recusada · ajustar a quadra'

/** Stage in words, with a progress bar while the pipeline runs. */
export function StageProgress({ stage, percent }: { stage: AnalysisStage; percent: number }) {
  if (!isRunning(stage)) {
    const tone = stage === 'FAILED' ? 'danger' : stage === 'PUBLISHED' ? 'success' : 'sea'
    return <Badge tone={tone}>{STAGE_LABEL[stage]}</Badge>
  }
  const value = Math.round(percent)
  return (
    <span className="analyst-progress">
      <span className="analyst-progress__text">
        {STAGE_LABEL[stage]} · {value}%
      </span>
      <progress
        className="analyst-progress__bar"
        max={100}
        value={value}
        aria-label={`${STAGE_LABEL[stage]}: ${value}%`}
      />
    </span>
  )
}
