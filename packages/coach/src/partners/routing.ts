import type { PartnerCategory, PartnerTopic } from '@areia/contracts'
import { compileKeyword, type CompiledKeyword } from '../knowledge'
import { INTENT_WEIGHT, routeDetailed } from '../routing'
import { normalize } from '../text'
import type { ChatTurn, Team } from '../types'
import { partnerSender, type PartnerDefinition, type Speaker } from './types'

/**
 * At most this many agents (coaches and partners) answer one player message, so a question never
 * sets off a wall of replies. `@equipe` is the exception: the player asked everyone.
 */
export const MAX_AGENT_REPLIES = 4

/** `@fisio`, `@nutri`… reach the partner of that area, for a player who forgot the name. */
const CATEGORY_MENTIONS: Record<string, PartnerCategory> = {
  preparador: 'PREPARACAO_FISICA',
  preparadora: 'PREPARACAO_FISICA',
  fisico: 'PREPARACAO_FISICA',
  fisio: 'FISIOTERAPIA',
  fisioterapeuta: 'FISIOTERAPIA',
  nutri: 'NUTRICAO',
  nutricionista: 'NUTRICAO',
  arbitro: 'REGRAS_ARBITRAGEM',
  regras: 'REGRAS_ARBITRAGEM',
  equipamento: 'EQUIPAMENTOS',
  equipamentos: 'EQUIPAMENTOS',
  torneio: 'TORNEIOS',
  torneios: 'TORNEIOS',
}

const TEAM_WORDS = new Set(['equipe', 'time', 'todos', 'todas', 'galera', 'pessoal'])

const key = (name: string) => normalize(name).replace(/[^a-z]/g, '')
/** `@Rita` reaches "Rita Regras": a mention is the first name, as the chat input offers it. */
const mentionKey = (name: string) => key(name.trim().split(/\s+/)[0] ?? name)

/** Compiled keywords per topic, cached by topic object (partners come from the database). */
const compiled = new WeakMap<PartnerTopic, CompiledKeyword[]>()

function keywordsOf(topic: PartnerTopic): CompiledKeyword[] {
  let list = compiled.get(topic)
  if (!list) {
    list = topic.keywords.map(compileKeyword)
    compiled.set(topic, list)
  }
  return list
}

export interface ScoredTopic {
  topic: PartnerTopic
  score: number
}

/** The partner's topics a normalized text touches, best first. */
export function scoreTopics(partner: PartnerDefinition, normalized: string): ScoredTopic[] {
  const scored: ScoredTopic[] = []
  for (const topic of partner.knowledge.topics) {
    let score = 0
    const seen = new Set<number>()
    for (const { pattern, weight } of keywordsOf(topic)) {
      const found = pattern.exec(normalized)
      if (!found || seen.has(found.index)) continue
      seen.add(found.index)
      score += weight
    }
    if (score > 0) scored.push({ topic, score })
  }
  return scored.sort((a, b) => b.score - a.score)
}

/** Best topic plus a quarter of the others, as the coaches' archetype score. */
export function partnerScore(partner: PartnerDefinition, normalized: string): number {
  const [best, ...rest] = scoreTopics(partner, normalized)
  if (!best) return 0
  return best.score + 0.25 * rest.reduce((sum, t) => sum + t.score, 0)
}

function mentionedPartners(
  text: string,
  partners: readonly PartnerDefinition[],
): { all: boolean; slugs: string[] } {
  const slugs: string[] = []
  let all = false
  const add = (p: PartnerDefinition | undefined) => {
    if (p && !slugs.includes(p.slug)) slugs.push(p.slug)
  }
  for (const match of text.slice(0, 2000).matchAll(/@([\p{L}]+)/gu)) {
    const word = key(match[1] ?? '')
    if (TEAM_WORDS.has(word)) all = true
    add(partners.find((p) => mentionKey(p.name) === word))
    const category = CATEGORY_MENTIONS[word]
    if (category) add(partners.find((p) => p.category === category))
  }
  const vocative = /^\s*(?:oi|ola|e ai|fala)?\s*,?\s*([\p{L}]+)\s*[,:!]/u.exec(text.slice(0, 100))
  if (vocative && slugs.length === 0)
    add(partners.find((p) => mentionKey(p.name) === key(vocative[1] ?? '')))
  return { all, slugs }
}

function lastSpeaker(history: readonly ChatTurn[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const sender = history[i]?.sender
    if (sender && sender !== 'USER') return sender
  }
  return undefined
}

export type GroupReason = 'MENTION' | 'TEAM' | 'TOPIC' | 'GAME' | 'CONTINUITY' | 'DEFAULT'

export interface GroupRouting {
  speakers: Speaker[]
  reason: GroupReason
}

/**
 * Who answers in a conversation with partners: mentions win (coaches and partners alike);
 * `@equipe` brings everyone; otherwise a partner answers when the message is clearly its area
 * (its vocabulary scores at least as high as the coaches' best topic), first when it beats them.
 * With no partners this is exactly the coaches' routing.
 */
export function routeGroup(
  text: string,
  team: Team,
  partners: readonly PartnerDefinition[],
  history: readonly ChatTurn[] = [],
): GroupRouting {
  const routing = routeDetailed(text, team, history)
  const coaches: Speaker[] = routing.coachIds.map((id) => ({ kind: 'COACH', id }))
  if (partners.length === 0) return { speakers: coaches, reason: routing.reason }
  const normalized = normalize(text.replace(/@[\p{L}]+/gu, ' '))
  const ranked = partners
    .map((partner) => ({ partner, score: partnerScore(partner, normalized) }))
    .sort((a, b) => b.score - a.score)
  const mention = mentionedPartners(text, partners)
  const toSpeaker = (slug: string): Speaker => ({ kind: 'PARTNER', slug })

  if (routing.reason === 'TEAM' || mention.all)
    return {
      speakers: [
        ...routeDetailed(`${text} @equipe`, team, history).coachIds.map((id): Speaker => ({
          kind: 'COACH',
          id,
        })),
        ...ranked.map((r) => toSpeaker(r.partner.slug)),
      ],
      reason: 'TEAM',
    }
  if (routing.reason === 'MENTION' || mention.slugs.length > 0) {
    const speakers = [
      ...(routing.reason === 'MENTION' ? coaches : []),
      ...mention.slugs.map(toSpeaker),
    ]
    return { speakers: speakers.slice(0, MAX_AGENT_REPLIES), reason: 'MENTION' }
  }
  // Only the coaches have the player's analysed figures: a partner's vocabulary must not take it.
  if (routing.reason === 'GAME') return { speakers: coaches, reason: 'GAME' }

  // The coaches' best topic, weighted as their routing weighs it (a feeling beats a rule word).
  const coachTop =
    routing.reason === 'TOPIC'
      ? Math.max(0, ...routing.matches.map((m) => m.score * INTENT_WEIGHT[m.entry.owner]))
      : 0
  const clear = ranked.filter((r) => r.score >= 1 && r.score >= coachTop).slice(0, 2)
  const [first] = clear
  if (first) {
    const leads = first.score > coachTop
    const partnerSpeakers = clear.map((r) => toSpeaker(r.partner.slug))
    // A partner who clearly owns the question answers it; a coach joins only on a strong topic.
    const joining = leads ? (coachTop >= first.score * 0.75 ? coaches.slice(0, 1) : []) : coaches
    const speakers = leads ? [...partnerSpeakers, ...joining] : [...joining, ...partnerSpeakers]
    return { speakers: speakers.slice(0, MAX_AGENT_REPLIES), reason: 'TOPIC' }
  }
  const continuing = ['MORE', 'FOLLOWUP', 'REPHRASE', 'WHY'].includes(routing.understanding.mode)
  if (routing.reason !== 'TOPIC' || continuing) {
    // "e como faço isso?" after a partner's answer stays with that partner.
    const previous = lastSpeaker(history)
    const partner = partners.find((p) => partnerSender(p.slug) === previous)
    if (partner) return { speakers: [toSpeaker(partner.slug)], reason: 'CONTINUITY' }
  }
  return { speakers: coaches, reason: routing.reason }
}
