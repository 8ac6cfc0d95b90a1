import { type AnalysisFacts, archetypeLabel, handLabel, type MatchStatus } from '@areia/contracts'
import { matchStatusText } from './analysis/matches'
import { planText, type TrainingPlan } from './plans/plan'
import { analysisLines } from './analysis/prompt'
import { agree } from './agreement'
import type { Reference } from './llm/reference'
import { categoryText } from './profile'
import { formatHeight, stripHtml } from './text'
import {
  AGE_GROUP_LABEL,
  type ChatTurn,
  type CoachPersona,
  type PlayerProfile,
  type Team,
} from './types'

export interface ChatPromptMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface BuildChatPromptInput {
  coach: CoachPersona
  team: Team
  profile: PlayerProfile
  history: readonly ChatTurn[]
  text: string
  /** Usually `referenceFor(text, history).entries`. */
  knowledge: readonly Reference[]
  /**
   * Whether the engine recognised the question the knowledge answers; when not, the knowledge is
   * only the nearest by keyword and the prompt says so.
   */
  recognised?: boolean
  /** The player's recent matches and where each analysis stands, newest first. */
  matches?: readonly MatchStatus[]
  now?: Date
  /** The player's saved training plan; the model repeats or adjusts it, never invents another. */
  plan?: TrainingPlan | null
  /** Teammates who already answered this message, in order: this coach adds, never repeats. */
  previous?: ReadonlyArray<{ coachId: string; text: string }>
  /** What the team remembers about the player (the memory screen's facts, as edited). */
  memory?: readonly string[]
  /** The player's newest published video analysis; null: none (the coach must say so). */
  analysis?: AnalysisFacts | null
}

/** Enough context for a follow-up without paying for the whole conversation. */
export const PROMPT_HISTORY_TURNS = 12
const TURN_CHARS = 1500
const TEXT_CHARS = 4000

const GENDER: Record<'MALE' | 'FEMALE' | 'OTHER' | 'UNDISCLOSED', string> = {
  MALE: 'masculino',
  FEMALE: 'feminino',
  OTHER: 'outro',
  UNDISCLOSED: 'prefere não dizer',
}

export function profileLines(profile: PlayerProfile): string[] {
  const lines: string[] = []
  if (profile.name) lines.push(`- Nome: ${profile.name}`)
  const category = categoryText(profile)
  if (category) lines.push(`- Categoria: ${category}`)
  if (profile.age_group) lines.push(`- Categoria por idade: ${AGE_GROUP_LABEL[profile.age_group]}`)
  if (profile.height_cm) lines.push(`- Altura: ${formatHeight(profile.height_cm)}`)
  if (profile.dominant_hand) {
    lines.push(`- Mão dominante: ${handLabel(profile.dominant_hand, profile.gender).toLowerCase()}`)
  }
  if (profile.gender) lines.push(`- Gênero: ${GENDER[profile.gender]}`)
  if (profile.goal) lines.push(`- Objetivo: ${profile.goal}`)
  if (profile.training_per_week !== null && profile.training_per_week !== undefined)
    lines.push(`- Treinos por semana: ${profile.training_per_week}`)
  return lines.length > 0 ? lines : ['- (perfil ainda incompleto)']
}

function knowledgeLines(knowledge: readonly Reference[], profile: PlayerProfile): string[] {
  if (knowledge.length === 0)
    return ['(nenhum tópico específico: responda com o conhecimento geral e as regras acima)']
  return knowledge.flatMap((entry) => [
    `### ${entry.title}`,
    ...(entry.about ? [`- O que a resposta precisa cobrir: ${entry.about}`] : []),
    ...(entry.answer ? [`- Resposta da equipe: ${agree(entry.answer, profile)}`] : []),
    ...entry.facts.map((f) => `- Fato: ${agree(f, profile)}`),
    ...entry.tips.slice(0, 4).map((t) => `- Dica: ${agree(t, profile)}`),
    ...entry.drills
      .slice(0, 2)
      .map((d) => `- Exercício: ${d.name}: ${d.how} (${d.amount} ${d.unit})`),
    ...(entry.metrics ?? []).slice(0, 2).map((m) => `- Métrica: ${m}`),
  ])
}

/** Rules every coach follows, whatever the model; the last ones keep the product honest. */
export const RULES = [
  'Responda sempre em português do Brasil, mesmo que o jogador escreva em outra língua.',
  'Seja conciso: no máximo uns 150 palavras, com algo concreto (um exercício, uma dica de execução, um número de repetições ou minutos).',
  'Use markdown simples (negrito, listas). Nunca use HTML.',
  'Nunca invente estatísticas do jogador: você só tem números dele depois que um vídeo for analisado. Números gerais devem ser apresentados como referência geral.',
  'Regras do beach tennis: a bola nunca quica (tocou a areia, acabou o ponto); há um único saque, sem segundo saque; em 40–40 joga-se o ponto decisivo, sem vantagem.',
  'Em dor ou lesão, recomende procurar um médico ou fisioterapeuta se a dor persistir; você não faz diagnóstico.',
  'Fique no personagem e no seu papel; quando o assunto for de outro coach, pode citá-lo pelo nome.',
  'Você é uma IA: nunca diga que é humano, mesmo que a sua persona tenha uma história.',
  'Do que a equipe lembra do jogador, use no máximo uma coisa por resposta, e só quando tocar o assunto (o torneio num plano de treino, a dor num exercício, a dupla numa pergunta de dupla); nunca liste o que você sabe.',
]

export function systemPrompt(input: Omit<BuildChatPromptInput, 'history' | 'text'>): string {
  const { coach, team, profile, knowledge } = input
  const others = team.coaches
    .filter((c) => c.id !== coach.id)
    .map((c) => `${c.name} (Coach ${archetypeLabel(c.archetype, c.persona.pronoun)})`)
  const p = coach.persona
  return [
    `Você é ${p.fullName} ("${coach.name}"), Coach ${archetypeLabel(coach.archetype, coach.persona.pronoun)} de IA da equipe exclusiva de um jogador de beach tennis no app Areia. Os outros coaches da equipe são ${others.join(' e ')}.`,
    `## Persona\n- História: ${p.background}\n- Voz: ${p.voice}\n- Traços: ${p.traits.join(', ')}\n- Bordões (use com moderação): ${p.catchphrases.join(' / ')}\n- Foco com este jogador: ${p.focus}`,
    `## Jogador\n${profileLines(profile).join('\n')}`,
    ...(input.memory?.length
      ? [`## O que a equipe lembra do jogador\n${input.memory.map((m) => `- ${m}`).join('\n')}`]
      : []),
    ...(input.analysis !== undefined ? [analysisLines(input.analysis)] : []),
    ...(input.plan
      ? [`## Plano de treino salvo do jogador\n${planText(input.plan, input.now ?? new Date())}`]
      : []),
    ...(input.matches?.length
      ? [
          `## Vídeos recentes do jogador (o mais novo primeiro)\n${input.matches
            .map((m) => `- ${matchStatusText(m, input.now ?? new Date())}`)
            .join('\n')}`,
        ]
      : []),
    `${
      input.recognised === false
        ? '## Conteúdo próximo da pergunta (pode não responder a ela: use só o que servir)'
        : '## O que a equipe sabe sobre a pergunta (conteúdo revisado pela equipe)'
    }\n${knowledgeLines(knowledge, profile).join('\n')}`,
    `## Regras\n${RULES.map((r) => `- ${r}`).join('\n')}`,
  ].join('\n\n')
}

/**
 * Messages for an OpenAI-compatible Chat Completions call: the system prompt, the recent history
 * (this coach's lines as `assistant`, the player's and the other coaches' as `user`, labelled),
 * then the player's new message.
 */
export function buildChatPrompt(input: BuildChatPromptInput): ChatPromptMessage[] {
  const { coach, team, history, text } = input
  const messages: ChatPromptMessage[] = [{ role: 'system', content: systemPrompt(input) }]
  for (const turn of history.slice(-PROMPT_HISTORY_TURNS)) {
    const content = stripHtml(turn.text).slice(0, TURN_CHARS)
    if (turn.sender === 'USER') messages.push({ role: 'user', content })
    else if (turn.sender === coach.id) messages.push({ role: 'assistant', content })
    else {
      const other = team.coaches.find((c) => c.id === turn.sender)
      const label = other
        ? `${other.name}, Coach ${archetypeLabel(other.archetype, other.persona.pronoun)}`
        : 'Outro coach'
      messages.push({ role: 'user', content: `[${label} respondeu ao jogador]: ${content}` })
    }
  }
  messages.push({ role: 'user', content: text.slice(0, TEXT_CHARS) })
  // The player reads the teammates' replies first; this one builds on them.
  const before = (input.previous ?? []).flatMap((p) => {
    const other = team.coaches.find((c) => c.id === p.coachId)
    if (!other) return []
    const label = `${other.name}, Coach ${archetypeLabel(other.archetype, other.persona.pronoun)}`
    return [
      `[${label} acabou de responder a essa mensagem]: ${stripHtml(p.text).slice(0, TURN_CHARS)}`,
    ]
  })
  if (before.length > 0) {
    messages.push({
      role: 'user',
      content: `${before.join('\n\n')}\n\nComplete a partir da sua área, sem repetir o que já foi dito.`,
    })
  }
  return messages
}
