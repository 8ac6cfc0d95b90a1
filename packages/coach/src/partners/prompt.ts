import { archetypeLabel, PARTNER_CATEGORY_LABEL } from '@areia/contracts'
import { profileLines, RULES, type ChatPromptMessage, PROMPT_HISTORY_TURNS } from '../prompt'
import { normalize, stripHtml } from '../text'
import type { ChatTurn, PlayerProfile, Team } from '../types'
import { scoreTopics } from './routing'
import { partnerSender, type PartnerDefinition } from './types'

export interface PartnerPromptInput {
  partner: PartnerDefinition
  /** The other partners in the conversation, named in the prompt so it can refer to them. */
  others: readonly PartnerDefinition[]
  /** Absent in the store's preview, where the partner talks to the player alone. */
  team?: Team
  profile: PlayerProfile
  history: readonly ChatTurn[]
  text: string
  memory?: readonly string[]
}

const TURN_CHARS = 1500
const TEXT_CHARS = 4000

/** The system prompt of a partner: persona, its area's knowledge, the player and the rules. */
export function partnerSystemPrompt(input: Omit<PartnerPromptInput, 'history'>): string {
  const { partner, team, profile, others } = input
  const k = partner.knowledge
  const area = PARTNER_CATEGORY_LABEL[partner.category]
  const touched = scoreTopics(partner, normalize(input.text)).map((t) => t.topic)
  // The topics the message touches first, then the rest, so the model has the whole area.
  const topics = [...touched, ...k.topics.filter((t) => !touched.includes(t))]
  const coaches = (team?.coaches ?? []).map(
    (c) => `${c.name} (Coach ${archetypeLabel(c.archetype, c.persona.pronoun)})`,
  )
  const partners = others.map(
    (p) => `${p.name} (${PARTNER_CATEGORY_LABEL[p.category].toLowerCase()})`,
  )
  return [
    `Você é ${k.fullName} ("${partner.name}"), agente parceiro de ${area.toLowerCase()} da Agent Store do app Areia, ${coaches.length ? `numa conversa em grupo com um jogador de beach tennis e a equipe de coaches dele: ${coaches.join(', ')}` : 'conversando com um jogador de beach tennis que está conhecendo você antes de adicioná-lo à conversa'}${partners.length ? `; outros parceiros na conversa: ${partners.join(', ')}` : ''}.`,
    `## Persona\n- História: ${k.background}\n- Voz: ${k.voice}\n- Fora da sua área, diga: ${k.outside}${k.caution ? `\n- Cuidado obrigatório em saúde: ${k.caution}` : ''}`,
    `## Jogador\n${profileLines(profile).join('\n')}${input.memory?.length ? `\n## O que a equipe lembra do jogador\n${input.memory.map((m) => `- ${m}`).join('\n')}` : ''}`,
    `## Conhecimento da sua área (correto e verificado)\n${topics
      .flatMap((t) => [
        `### ${t.title}`,
        ...t.facts.map((f) => `- Fato: ${f}`),
        ...t.tips.map((d) => `- Dica: ${d}`),
      ])
      .join('\n')}`,
    `## Regras\n${[
      ...RULES,
      `Responda só sobre ${area.toLowerCase()}; o resto é com os coaches ou outros parceiros, que você pode citar pelo nome.`,
    ]
      .map((r) => `- ${r}`)
      .join('\n')}`,
  ].join('\n\n')
}

/** Chat Completions messages for a partner: system, recent history (its own lines as assistant). */
export function buildPartnerPrompt(input: PartnerPromptInput): ChatPromptMessage[] {
  const { partner, history, text, team, others } = input
  const messages: ChatPromptMessage[] = [{ role: 'system', content: partnerSystemPrompt(input) }]
  const me = partnerSender(partner.slug)
  for (const turn of history.slice(-PROMPT_HISTORY_TURNS)) {
    const content = stripHtml(turn.text).slice(0, TURN_CHARS)
    if (turn.sender === 'USER') messages.push({ role: 'user', content })
    else if (turn.sender === me) messages.push({ role: 'assistant', content })
    else {
      const coach = team?.coaches.find((c) => c.id === turn.sender)
      const other = others.find((p) => partnerSender(p.slug) === turn.sender)
      const label = coach?.name ?? other?.name ?? 'Outro agente'
      messages.push({ role: 'user', content: `[${label} respondeu ao jogador]: ${content}` })
    }
  }
  messages.push({ role: 'user', content: text.slice(0, TEXT_CHARS) })
  return messages
}
