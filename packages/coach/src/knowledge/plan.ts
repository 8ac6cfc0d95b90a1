import { type Level, type PlayerContext } from './types'

type Bucket = 'UM' | 'DOIS_TRES' | 'QUATRO_CINCO' | 'SEIS_MAIS'

/** Weeks by how many sessions fit the player's life; the total always matches the header. */
const WEEKS: Record<Bucket, string[]> = {
  UM: [
    '1 treino de quadra de 90 min: 40 min de fundamentos (voleio e saque), 30 min de situações de jogo, 20 min valendo ponto',
    '1 sessão curta em casa, de 20 min: core, ombro com elástico e equilíbrio numa perna',
  ],
  DOIS_TRES: [
    '1 treino de fundamentos: saque, devolução e voleio',
    '1 treino de jogo em dupla: posicionamento, lob e pontos de ouro',
    '1 sessão de físico de 40 min (força de pernas, core, ombro), que pode ser em casa',
  ],
  QUATRO_CINCO: [
    '2 treinos técnicos (um de saque e devolução, um de rede e smash)',
    '1 treino tático em dupla: posicionamento, rotação, pontos de ouro',
    '1 dia de jogo valendo ponto',
    '1 sessão de físico de 40 min (força e explosão)',
  ],
  SEIS_MAIS: [
    '3 treinos técnicos com metas de acerto em cada bloco',
    '1 treino tático com a dupla fixa, simulando situações de placar',
    '2 sessões de físico (força, explosão, prevenção de ombro e tornozelo)',
    '1 dia de descanso completo, sem negociação',
  ],
}

const DEFAULT_BUCKET: Record<Level, Bucket> = {
  BASE: 'DOIS_TRES',
  INTERMEDIARIO: 'QUATRO_CINCO',
  AVANCADO: 'SEIS_MAIS',
}

const LEVEL_NOTE: Record<Level, string> = {
  BASE: 'No seu nível, uns 70% do tempo de quadra vão para fundamentos; o resto é jogo.',
  INTERMEDIARIO:
    'No seu nível, metade do tempo de quadra em fundamentos com alvo, metade em tática e jogo.',
  AVANCADO:
    'No seu nível, mais tempo em situações de placar com a dupla fixa; na semana de torneio, reduza o volume em cerca de um terço e mantenha a intensidade.',
}

function bucketOf(perWeek: number): Bucket {
  if (perWeek <= 1) return 'UM'
  if (perWeek <= 3) return 'DOIS_TRES'
  if (perWeek <= 5) return 'QUATRO_CINCO'
  return 'SEIS_MAIS'
}

/** A concrete weekly plan for the player's category and how often they can train. */
export function weeklyPlan(ctx: PlayerContext): string[] {
  const perWeek = ctx.profile.training_per_week
  const known = typeof perWeek === 'number'
  const bucket = known ? bucketOf(perWeek) : DEFAULT_BUCKET[ctx.level]
  const header = !known
    ? 'Uma semana de referência para o seu nível:'
    : perWeek <= 1
      ? 'Hoje você treina até uma vez por semana; o primeiro passo é chegar a duas sessões, mesmo que uma seja curta e em casa:'
      : `Com ${perWeek} sessões por semana, eu distribuiria assim:`
  return [header, ...WEEKS[bucket].map((line) => `- ${line}`), LEVEL_NOTE[ctx.level]]
}
