import { PARTNER_CATEGORY_LABEL } from '@areia/contracts'
import { firstName } from '../profile'
import { isFollowUp } from '../small-talk'
import { at, normalize, pick, stripHtml } from '../text'
import type { ChatTurn, PlayerProfile, Rng } from '../types'
import { scoreTopics, type ScoredTopic } from './routing'
import { partnerSender, type PartnerDefinition } from './types'

export interface PartnerReplyInput {
  partner: PartnerDefinition
  text: string
  profile: PlayerProfile
  /** The conversation so far, oldest first, without `text` itself. */
  history: readonly ChatTurn[]
  rng: Rng
  /** What the team remembers about the player (the memory screen's facts). */
  memory?: readonly string[]
}

const PAIN = /\b(dor|doi|doendo|dolorid|lesao|lesionad|machuc|inflama|tendinite)/

/** `count` items from `start`, wrapping, without repeating an item. */
function slice<T>(items: readonly T[], start: number, count: number): T[] {
  const n = Math.min(count, items.length)
  return Array.from({ length: n }, (_, i) => at(items, start + i))
}

/** The topic of the player's last question this partner could answer, for "e como faço isso?". */
function previousTopics(partner: PartnerDefinition, history: readonly ChatTurn[]): ScoredTopic[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]
    if (turn?.sender !== 'USER') continue
    const topics = scoreTopics(partner, normalize(turn.text))
    if (topics.length > 0) return topics
  }
  return []
}

/** Earlier questions on the same topic: each repeat walks further into its tips. */
function roundOf(partner: PartnerDefinition, topicId: string, history: readonly ChatTurn[]) {
  return history.filter(
    (t) => t.sender === 'USER' && scoreTopics(partner, normalize(t.text))[0]?.topic.id === topicId,
  ).length
}

function greeting(input: PartnerReplyInput): string {
  const { partner, profile } = input
  const k = partner.knowledge
  const name = firstName(profile)
  const role = PARTNER_CATEGORY_LABEL[partner.category].toLowerCase()
  const titles = k.topics.map((t) => t.title.toLowerCase())
  const topics =
    titles.length > 1
      ? `${titles.slice(0, -1).join(', ')} ou ${titles.at(-1) ?? ''}`
      : titles.join('')
  return `Oi${name ? `, ${name}` : ''}! Aqui é ${k.pronoun === 'ela' ? 'a' : 'o'} ${partner.name}, de ${role}. Pode me perguntar sobre ${topics}.`
}

const BODY_FACT =
  /\b(ombro|cotovelo|joelho|tornozelo|lombar|coluna|costas|punho|pulso|lesao|dor|doi|operei|cirurgia|tendinite)/

/**
 * Memory lines that touch this topic (or, for the body's partners, any injury), so an edited or
 * deleted fact changes the answer.
 */
function rememberedFor(
  partner: PartnerDefinition,
  topicWords: string[],
  memory: readonly string[],
): string[] {
  const body = partner.category === 'PREPARACAO_FISICA' || partner.category === 'FISIOTERAPIA'
  return memory.filter((fact) => {
    const n = normalize(fact)
    return topicWords.some((w) => n.includes(w)) || (body && BODY_FACT.test(n))
  })
}

/**
 * A partner's embedded answer: its voice, the topic's facts and tips (walking further on each
 * repeat), what the team remembers that touches it, a caution on health topics and a closer.
 * Outside its area it says so and lists what it can help with. Never empty.
 */
export function partnerReply(input: PartnerReplyInput): string {
  const { partner, history, rng } = input
  const k = partner.knowledge
  const body = (typeof input.text === 'string' ? input.text : '').replace(/@[\p{L}]+/gu, ' ')
  const normalized = normalize(body)
  const spokeLast = [...history].reverse().find((t) => t.sender !== 'USER')?.sender
  const own = scoreTopics(partner, normalized)
  const followUp =
    own.length === 0 && spokeLast === partnerSender(partner.slug) && isFollowUp(normalized)
  const topics = followUp ? previousTopics(partner, history) : own
  const top = topics[0]?.topic
  if (!top) {
    const words = normalized.split(' ').filter((w) => w.length > 2)
    return stripHtml(words.length <= 3 ? greeting(input) : `${k.outside}\n\n${greeting(input)}`)
  }
  const round = roundOf(partner, top.id, history) + (followUp ? 1 : 0)
  const health = top.health === true || PAIN.test(normalized)
  const parts: string[] = [pick(k.openers, rng)]
  const facts = slice(top.facts, round, round === 0 ? 2 : 1)
  if (facts.length > 0) parts.push(facts.join(' '))
  const remembered = rememberedFor(
    partner,
    top.keywords.map((w) => normalize(w)).filter((w) => w.length >= 4),
    input.memory ?? [],
  )
  if (remembered[0])
    parts.push(`Levando em conta o que você me contou (“${remembered[0]}”), vá com mais cuidado.`)
  parts.push(
    slice(top.tips, round * 3, 3)
      .map((t) => `- ${t}`)
      .join('\n'),
  )
  const second = topics[1]?.topic
  if (second && round === 0)
    parts.push(`Sobre ${second.title.toLowerCase()}: ${at(second.tips, 0)}`)
  if (health && k.caution) parts.push(`⚠️ ${k.caution}`)
  parts.push(at(k.closers, round + Math.floor(rng() * k.closers.length)))
  return stripHtml(parts.join('\n\n')).trim()
}
