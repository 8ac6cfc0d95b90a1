import { type Archetype, archetypeLabel } from '@areia/contracts'
import { z } from 'zod'
import { stripHtml } from '../text'
import type { ChatPromptMessage } from '../prompt'
import type { ChatTurn, Team } from '../types'

/** What each coach owns, in the words the model reads; the same split the embedded catalogue uses. */
const AREAS: Record<Archetype, string> = {
  TECNICO:
    'técnica dos golpes (saque, devolução, voleio, smash, bandeja, lob, curtinha, fundo), fundamentos e deslocamento, tática de dupla, regras, corpo (aquecimento, dor, cãibra, calor), equipamento e treino de quadra (aulas, exercícios, treinar sozinho ou em casa)',
  MENTAL:
    'emoções e cabeça: nervosismo, ansiedade, confiança, medo de errar, foco, perder a cabeça depois de um erro, pressão em ponto decisivo, motivação, relação e comunicação com a dupla',
  ESTATISTICO:
    'números do jogador e dos seus jogos: vídeos enviados e análises, estatísticas, evolução e metas medidas, planejamento da semana de treinos e até um torneio, e o próprio app (planos, pagamento, limites, memória da equipe, agentes parceiros)',
}

const ARCHETYPES = ['TECNICO', 'MENTAL', 'ESTATISTICO'] as const

/** Few turns: enough to read "e no saque?" against what came before. */
const CONTEXT_TURNS = 4

export interface ClassifyInput {
  team: Team
  history: readonly ChatTurn[]
  text: string
}

/**
 * A structured classification asked of the model before anyone answers: which coach's area the
 * message belongs to, and a second coach only when part of it is clearly another's.
 */
export function buildClassificationPrompt(input: ClassifyInput): ChatPromptMessage[] {
  const coaches = ARCHETYPES.map((a) => {
    const c = input.team.coaches.find((x) => x.archetype === a)
    const name = c ? `${c.name}, Coach ${archetypeLabel(a, c.persona.pronoun)}` : a
    return `- ${a} (${name}): ${AREAS[a]}`
  })
  const context = input.history.slice(-CONTEXT_TURNS).map((t) => {
    const who =
      t.sender === 'USER'
        ? 'Jogador'
        : (input.team.coaches.find((c) => c.id === t.sender)?.name ?? 'Coach')
    return `${who}: ${stripHtml(t.text).slice(0, 300)}`
  })
  return [
    {
      role: 'system',
      content: [
        'Você classifica a mensagem de um jogador de beach tennis para decidir qual coach da equipe responde primeiro.',
        `Coaches e suas áreas:\n${coaches.join('\n')}`,
        'Decida pelo que o jogador quer saber, não pelas palavras de cenário ("fico nervoso no saque" é da área MENTAL).',
        'Responda somente com um objeto JSON, sem texto em volta: {"lead": "TECNICO" | "MENTAL" | "ESTATISTICO", "second": "TECNICO" | "MENTAL" | "ESTATISTICO" | null, "topic": "a pergunta em poucas palavras"}.',
        'Use "second" só quando uma parte clara da mensagem for da área de outro coach; senão null.',
      ].join('\n\n'),
    },
    {
      role: 'user',
      content: [
        ...(context.length > 0 ? [`Conversa recente:\n${context.join('\n')}`] : []),
        `Mensagem do jogador: ${input.text.slice(0, 2000)}`,
      ].join('\n\n'),
    },
  ]
}

const Classification = z.object({
  lead: z.enum(ARCHETYPES),
  second: z.enum(ARCHETYPES).nullish(),
  topic: z.string().max(300).nullish(),
})
export type Classification = z.infer<typeof Classification>

/**
 * The model's answer, read strictly: the first JSON object in it, with the fields above. Anything
 * else is null, and the embedded router decides instead.
 */
export function parseClassification(raw: string): Classification | null {
  const start = raw.indexOf('{')
  const end = raw.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  try {
    const parsed = Classification.safeParse(JSON.parse(raw.slice(start, end + 1)))
    if (!parsed.success) return null
    const { lead, second } = parsed.data
    return { ...parsed.data, second: second && second !== lead ? second : null }
  } catch {
    return null
  }
}

/** The coaches who answer, lead first, as ids of this team. */
export function classifiedCoachIds(c: Classification, team: Team): string[] {
  return [c.lead, c.second]
    .flatMap((a) => team.coaches.filter((x) => a && x.archetype === a))
    .map((x) => x.id)
}
