import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { createTeam, reply, seededRng, type ChatTurn, type PlayerProfile, type Team } from '../src'
import { CATALOG } from '../src/intents/catalog'
import { countsAsSentence, sentenceKey, sentences } from '../src/intents/said'
import { understand } from '../src/intents/understand'
import { agreementErrors } from './agreement'

const here = path.dirname(fileURLToPath(import.meta.url))

const Coach = z.enum(['TECNICO', 'MENTAL', 'ESTATISTICO', 'ANY'])
const Message = z.object({
  text: z.string(),
  intent: z.string(),
  coach: Coach,
  also: z.string().optional(),
  mention: z.array(z.string()).optional(),
})
const Conversation = z.object({
  id: z.string(),
  profile: z.enum(['female', 'male']),
  turns: z.array(Message.extend({ kind: z.enum(['followup', 'rephrase', 'repeat']).optional() })),
})
export type EvalMessage = z.infer<typeof Message>
export type EvalConversation = z.infer<typeof Conversation>

/** The two players the set is run for; the set's messages are written to fit either. */
export const PROFILES: Record<'female' | 'male', PlayerProfile> = {
  female: {
    name: 'Marina',
    category: 'C',
    dominant_hand: 'RIGHT',
    height_cm: 165,
    gender: 'FEMALE',
    goal: 'subir para a categoria B este ano',
    goal_focus: 'SUBIR_CATEGORIA',
    training_per_week: 2,
  },
  male: {
    name: 'Rafael',
    category: 'INICIANTE',
    dominant_hand: 'LEFT',
    height_cm: 184,
    gender: 'MALE',
    goal: 'jogar meu primeiro torneio',
    goal_focus: 'COMPETIR',
    training_per_week: 1,
  },
}

export function loadSet(): { messages: EvalMessage[]; conversations: EvalConversation[] } {
  const read = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(here, name), 'utf8'))
  return {
    messages: z.array(Message).parse(read('messages.json')),
    conversations: z.array(Conversation).parse(read('conversations.json')),
  }
}

/**
 * Messages written after the main set had been tuned against, and kept out of tuning: how the
 * engine does on phrasings nobody fitted it to.
 */
export function loadHoldout(): { messages: EvalMessage[]; conversations: EvalConversation[] } {
  const text = fs.readFileSync(path.join(here, 'holdout.json'), 'utf8')
  return { messages: z.array(Message).parse(JSON.parse(text)), conversations: [] }
}

export interface ProfileReport {
  profile: 'female' | 'male'
  messages: number
  intentAccuracy: number
  coachAccuracy: number
  /** Share of messages not labelled "clarify" that got a clarifying question. */
  clarifyRate: number
  /** Share of "clarify" messages that got one. */
  clarifyRecall: number
  /** Share of two-question messages whose second question was answered too. */
  secondRecall: number
  /** Share of messages with a stated detail whose reply used it. */
  detailsUsed: number
  conversationTurns: number
  conversationIntentAccuracy: number
  /** Sentences said twice within one conversation, summed over conversations. */
  repeatedSentences: number
  agreementErrors: number
  misses: string[]
  repeats: string[]
  agreement: string[]
}

const ratio = (hit: number, total: number) => (total === 0 ? 1 : hit / total)

function teamFor(profile: PlayerProfile, seed: string): Team {
  return createTeam({ profile, rng: seededRng(seed) })
}

function archetypeOf(team: Team, coachId: string | undefined): string | undefined {
  return team.coaches.find((c) => c.id === coachId)?.archetype
}

function contains(text: string, word: string): boolean {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
  return plain(text).includes(plain(word))
}

/** Runs the whole set for one profile. */
export function evaluateProfile(key: 'female' | 'male', set = loadSet()): ProfileReport {
  const profile = PROFILES[key]
  const misses: string[] = []
  let intentHits = 0
  let coachHits = 0
  let clarifyAsked = 0
  let notClarify = 0
  let clarifyLabelled = 0
  let clarifyHit = 0
  let seconds = 0
  let secondHits = 0
  let details = 0
  let detailHits = 0
  const agreement: string[] = []
  set.messages.forEach((m, i) => {
    const team = teamFor(profile, `msg-${i}`)
    const u = understand(m.text, [])
    const got = u.intents[0]?.id ?? 'clarify'
    const replies = reply({
      text: m.text,
      team,
      profile,
      history: [],
      rng: seededRng(`${key}-${i}`),
    })
    const lead = archetypeOf(team, replies[0]?.coachId)
    if (got === m.intent) intentHits++
    else misses.push(`${m.intent} ← ${got}: ${m.text}`)
    if (m.coach === 'ANY' || lead === m.coach) coachHits++
    if (m.intent === 'clarify') {
      clarifyLabelled++
      if (got === 'clarify') clarifyHit++
    } else {
      notClarify++
      if (got === 'clarify') clarifyAsked++
    }
    if (m.also) {
      seconds++
      if (u.intents.some((x) => x.id === m.also)) secondHits++
    }
    const all = replies.map((r) => r.text).join('\n')
    if (m.mention && m.mention.length > 0) {
      details++
      if (m.mention.every((w) => contains(all, w))) detailHits++
      else misses.push(`detail ${m.mention.join(',')} not used: ${m.text}`)
    }
    for (const r of replies) {
      const coach = team.coaches.find((c) => c.id === r.coachId)
      for (const e of agreementErrors(r.text, profile, coach))
        agreement.push(`${e} — in reply to: ${m.text}`)
    }
  })

  let turns = 0
  let turnHits = 0
  const repeats: string[] = []
  for (const conv of set.conversations) {
    const team = teamFor(profile, conv.id)
    const history: ChatTurn[] = []
    const seen = new Map<string, number>()
    conv.turns.forEach((t, i) => {
      const u = understand(t.text, history)
      const got = u.intents[0]?.id ?? 'clarify'
      // Intents are scored on the profile each conversation was written for.
      if (conv.profile === key) {
        turns++
        if (got === t.intent) turnHits++
        else misses.push(`[${conv.id}#${i}] ${t.intent} ← ${got}: ${t.text}`)
      }
      const replies = reply({
        text: t.text,
        team,
        profile,
        history,
        rng: seededRng(`${key}-${conv.id}-${i}`),
      })
      history.push({ sender: 'USER', text: t.text })
      for (const r of replies) {
        history.push({ sender: r.coachId, text: r.text })
        const coach = team.coaches.find((c) => c.id === r.coachId)
        for (const e of agreementErrors(r.text, profile, coach))
          agreement.push(`${e} — [${conv.id}#${i}] ${t.text}`)
        for (const s of sentences(r.text)) {
          if (!countsAsSentence(s)) continue
          const k = sentenceKey(s)
          const n = (seen.get(k) ?? 0) + 1
          seen.set(k, n)
          if (n === 2) repeats.push(`[${conv.id}] ${s}`)
        }
      }
    })
  }
  return {
    profile: key,
    messages: set.messages.length,
    intentAccuracy: ratio(intentHits, set.messages.length),
    coachAccuracy: ratio(coachHits, set.messages.length),
    clarifyRate: ratio(clarifyAsked, notClarify),
    clarifyRecall: ratio(clarifyHit, clarifyLabelled),
    secondRecall: ratio(secondHits, seconds),
    detailsUsed: ratio(detailHits, details),
    conversationTurns: turns,
    conversationIntentAccuracy: ratio(turnHits, turns),
    repeatedSentences: repeats.length,
    agreementErrors: agreement.length,
    misses,
    repeats,
    agreement,
  }
}

/** Every intent label must exist in the catalogue, or the set measures nothing. */
export function unknownLabels(set = loadSet()): string[] {
  const ids = new Set([...CATALOG.map((c) => c.id), 'clarify'])
  const labels = [
    ...set.messages.flatMap((m) => [m.intent, ...(m.also ? [m.also] : [])]),
    ...set.conversations.flatMap((c) => c.turns.map((t) => t.intent)),
  ]
  return [...new Set(labels.filter((l) => !ids.has(l)))]
}
