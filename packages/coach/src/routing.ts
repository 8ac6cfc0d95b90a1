import { type Archetype } from '@areia/contracts'
import { gameTopic } from './analysis/topic'
import { scoreEntries, type ScoredEntry } from './knowledge'
import { ARCHETYPE_ORDER } from './team'
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

/**
 * When scores tie, intent words (feelings, numbers) beat technique words: the nouns of the sport
 * ("saque", "smash") appear in almost every message, so they are the weaker signal.
 */
const TIE_PRIORITY: Record<Archetype, number> = { MENTAL: 0, ESTATISTICO: 1, TECNICO: 2 }

/** At most this many coaches answer one message, unless the player asked the whole team. */
export const MAX_REPLIES = 2

/** `GAME`: the player asked about their own analysed game; the statistical coach leads. */
export type RouteReason = 'MENTION' | 'TEAM' | 'TOPIC' | 'GAME' | 'CONTINUITY' | 'DEFAULT'

export interface Routing {
  coachIds: string[]
  reason: RouteReason
  /** Knowledge entries the message touched, best first. */
  matches: ScoredEntry[]
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

function archetypeScores(matches: readonly ScoredEntry[]): Array<[Archetype, number]> {
  // An archetype's score is its best entry plus a little for each other one, so a message that
  // names three strokes in passing does not outweigh one clear feeling.
  const totals = new Map<Archetype, number>()
  for (const { entry, score } of matches) {
    const weighted = score * INTENT_WEIGHT[entry.owner]
    const current = totals.get(entry.owner)
    totals.set(
      entry.owner,
      current === undefined
        ? weighted
        : Math.max(current, weighted) + 0.25 * Math.min(current, weighted),
    )
  }
  return [...totals.entries()].sort(
    (a, b) => b[1] - a[1] || TIE_PRIORITY[a[0]] - TIE_PRIORITY[b[0]],
  )
}

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
 * Who answers, in order. Mentions win; `@equipe` brings all three (most relevant first); otherwise
 * the topic decides, with a second coach when the message clearly touches a second speciality;
 * a message with no topic (thanks, a follow-up) stays with the coach who spoke last.
 */
export function routeDetailed(
  text: string,
  team: Team,
  history: readonly ChatTurn[] = [],
): Routing {
  const matches = scoreEntries(normalize(text))
  const ranked = archetypeScores(matches)
  const { all, coaches } = mentioned(text, team)
  if (all) {
    const order = [
      ...ranked.map(([a]) => a),
      ...ARCHETYPE_ORDER.filter((a) => !ranked.some(([r]) => r === a)),
    ]
    return { coachIds: order.map((a) => byArchetype(team, a).id), reason: 'TEAM', matches }
  }
  if (coaches.length > 0) return { coachIds: coaches.map((c) => c.id), reason: 'MENTION', matches }
  if (gameTopic(text) !== null) {
    // Only the statistical coach has the figures; another speciality joins on a strong topic
    // ("fico nervoso e subo pouco à rede?").
    const other = ranked.find(([a, score]) => a !== 'ESTATISTICO' && score >= 2)
    const ids = [byArchetype(team, 'ESTATISTICO').id]
    if (other) ids.push(byArchetype(team, other[0]).id)
    return { coachIds: ids, reason: 'GAME', matches }
  }
  const [first, second] = ranked
  if (first) {
    const ids = [byArchetype(team, first[0]).id]
    if (second && second[1] >= 1 && second[1] >= first[1] * 0.5)
      ids.push(byArchetype(team, second[0]).id)
    return { coachIds: ids.slice(0, MAX_REPLIES), reason: 'TOPIC', matches }
  }
  const previous = lastCoach(history, team)
  if (previous) return { coachIds: [previous.id], reason: 'CONTINUITY', matches }
  return { coachIds: [byArchetype(team, 'TECNICO').id], reason: 'DEFAULT', matches }
}

/** The ids of the coaches who should answer `text`, in the order they should speak. */
export function route(text: string, team: Team, history: readonly ChatTurn[] = []): string[] {
  return routeDetailed(text, team, history).coachIds
}
