import { type Archetype } from '@areia/contracts'
import { gameTopic } from './analysis/topic'
import { scoreEntries, type ScoredEntry } from './knowledge'
import { type Understanding, understand } from './intents/understand'
import { normalize } from './text'
import type { ChatTurn, CoachPersona, Team } from './types'

/** Words after `@` that address the whole team. */
const TEAM_MENTIONS = new Set([
  'equipe',
  'time',
  'todos',
  'todas',
  'galera',
  'pessoal',
  'coaches',
  'treinadores',
])

/** `@tecnico`, `@mental`, `@estatistico` also work, for a player who forgot a name. */
const ARCHETYPE_MENTIONS: Record<string, Archetype> = {
  tecnico: 'TECNICO',
  tecnica: 'TECNICO',
  mental: 'MENTAL',
  estatistico: 'ESTATISTICO',
  estatistica: 'ESTATISTICO',
}

/** At most this many coaches answer one message, unless the player asked the whole team. */
export const MAX_REPLIES = 2

/** `GAME`: the player asked about their own analysed game; the statistical coach leads. */
export type RouteReason = 'MENTION' | 'TEAM' | 'TOPIC' | 'GAME' | 'CONTINUITY' | 'DEFAULT'

export interface Routing {
  coachIds: string[]
  reason: RouteReason
  /** Knowledge entries the message touched, best first. */
  matches: ScoredEntry[]
  /** What the message asks, read against the conversation. */
  understanding: Understanding
}

function key(name: string): string {
  return normalize(name).replace(/[^a-z]/g, '')
}

function mentioned(text: string, team: Team): { all: boolean; coaches: CoachPersona[] } {
  const coaches: CoachPersona[] = []
  let all = false
  const add = (coach: CoachPersona | undefined) => {
    if (coach && !coaches.includes(coach)) coaches.push(coach)
  }
  for (const match of text.slice(0, 2000).matchAll(/@([\p{L}]+)/gu)) {
    const word = key(match[1] ?? '')
    if (TEAM_MENTIONS.has(word)) all = true
    const archetype = ARCHETYPE_MENTIONS[word]
    if (archetype) add(team.coaches.find((c) => c.archetype === archetype))
    add(team.coaches.find((c) => key(c.name) === word))
  }
  // "Marina, me ajuda..." addresses a coach as clearly as "@Marina".
  const vocative = /^\s*(?:oi|ola|e ai|fala)?\s*,?\s*([\p{L}]+)\s*[,:!]/u.exec(text.slice(0, 100))
  if (vocative && coaches.length === 0)
    add(team.coaches.find((c) => key(c.name) === key(vocative[1] ?? '')))
  return { all, coaches }
}

/**
 * Feelings and numbers are what the player wants to talk about when they appear; technique words
 * often only set the scene ("fico nervoso no ponto de ouro" is about nerves, not the rules).
 */
export const INTENT_WEIGHT: Record<Archetype, number> = { MENTAL: 2, ESTATISTICO: 1.5, TECNICO: 1 }

function lastCoach(history: readonly ChatTurn[], team: Team): CoachPersona | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const sender = history[i]?.sender
    const coach = team.coaches.find((c) => c.id === sender)
    if (coach) return coach
  }
  return undefined
}

function byArchetype(team: Team, archetype: Archetype): CoachPersona {
  return team.coaches.find((c) => c.archetype === archetype) ?? team.coaches[0]
}

/**
 * The conversation with the coaches: a player's line answered by the host (an onboarding answer,
 * "3 vezes por semana") was not a question to the team and must not count as one.
 */
function coachExchanges(history: readonly ChatTurn[], team: Team): ChatTurn[] {
  const host = (sender: string) =>
    sender !== 'USER' &&
    !sender.startsWith('partner:') &&
    !team.coaches.some((c) => c.id === sender)
  return history.filter((turn, i) => {
    if (turn.sender !== 'USER') return !host(turn.sender)
    const next = history.slice(i + 1).find((t) => t.sender !== 'USER')
    return !next || !host(next.sender)
  })
}

function ownerOf(owner: Archetype | 'ANY', team: Team, history: readonly ChatTurn[]): CoachPersona {
  if (owner !== 'ANY') return byArchetype(team, owner)
  return lastCoach(history, team) ?? byArchetype(team, 'TECNICO')
}

/**
 * Who answers, in order. Mentions win; `@equipe` brings all three (the question's owner first);
 * otherwise the coach who owns what was asked leads, and a second coach speaks only when the
 * message asks a second question of another speciality. Greetings, thanks and questions the
 * engine must ask back stay with the coach who spoke last.
 */
export function routeDetailed(
  text: string,
  team: Team,
  history: readonly ChatTurn[] = [],
): Routing {
  const matches = scoreEntries(normalize(text))
  const understanding = understand(text.replace(/@[\p{L}]+/gu, ' '), coachExchanges(history, team))
  const [main, second] = understanding.intents
  const { all, coaches } = mentioned(text, team)
  const lead = main ? ownerOf(main.owner, team, history) : undefined
  if (all) {
    const first = lead ?? byArchetype(team, 'TECNICO')
    const order = [first, ...team.coaches.filter((c) => c.id !== first.id)]
    return { coachIds: order.map((c) => c.id), reason: 'TEAM', matches, understanding }
  }
  if (coaches.length > 0)
    return { coachIds: coaches.map((c) => c.id), reason: 'MENTION', matches, understanding }
  if (gameTopic(text) !== null) {
    // Only the statistical coach has the figures; another speciality joins for a second question.
    const ids = [byArchetype(team, 'ESTATISTICO').id]
    if (second && second.owner !== 'ANY' && second.owner !== 'ESTATISTICO')
      ids.push(byArchetype(team, second.owner).id)
    return { coachIds: ids, reason: 'GAME', matches, understanding }
  }
  if (!main || !lead) {
    const previous = lastCoach(history, team)
    return previous
      ? { coachIds: [previous.id], reason: 'CONTINUITY', matches, understanding }
      : { coachIds: [byArchetype(team, 'TECNICO').id], reason: 'DEFAULT', matches, understanding }
  }
  const ids = [lead.id]
  if (second && second.owner !== 'ANY') {
    const other = byArchetype(team, second.owner)
    if (other.id !== lead.id) ids.push(other.id)
  }
  return {
    coachIds: ids.slice(0, MAX_REPLIES),
    reason: main.owner === 'ANY' ? 'CONTINUITY' : 'TOPIC',
    matches,
    understanding,
  }
}

/** The ids of the coaches who should answer `text`, in the order they should speak. */
export function route(text: string, team: Team, history: readonly ChatTurn[] = []): string[] {
  return routeDetailed(text, team, history).coachIds
}
