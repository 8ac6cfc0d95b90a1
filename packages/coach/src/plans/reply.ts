import { normalize } from '../text'
import { planText, todayText, type TrainingPlan } from './plan'
import type { PlanChange } from './turn'

const BUILT = new Set(['plano-semanal', 'treino-pre-torneio', 'frequencia-treino'])

/** The statistical coach on the player's plan: the new one, the lighter week, or today's session. */
export function planReply(
  intentId: string,
  plan: TrainingPlan | null,
  change: PlanChange | null,
  text: string,
  now: Date,
): string | null {
  if (!plan) return null
  if (change === 'CREATED' && BUILT.has(intentId))
    return [
      'Montei a sua semana com o que você me contou e deixei guardada aqui:',
      planText(plan, now),
      'Quando quiser, pergunte "qual é meu treino de hoje?", ou me avise se a semana mudar que eu ajusto.',
    ].join('\n\n')
  if (change === 'ADJUSTED' && intentId === 'plano-ajustar')
    return [
      'Ajustei só esta semana (até domingo); depois o plano volta ao normal.',
      planText(plan, now),
    ].join('\n\n')
  if (intentId === 'plano-hoje') {
    const plain = normalize(text)
    if (/\bamanha\b/.test(plain))
      return todayText(plan, new Date(now.getTime() + 86_400_000)).replace(/^Hoje/, 'Amanhã')
    if (/\b(hoje|hj)\b/.test(plain)) return todayText(plan, now)
    return ['O seu plano, do jeito que ficou guardado:', planText(plan, now)].join('\n\n')
  }
  return null
}
