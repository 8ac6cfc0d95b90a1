import type { AnalysisFacts } from '@areia/contracts'
import { analysisReply } from './analysis/reply'
import { gameTopic } from './analysis/topic'
import { composeTopic } from './compose'
import { type KnowledgeEntry, scoreEntries, type ScoredEntry } from './knowledge'
import { contextOf } from './profile'
import { routeDetailed } from './routing'
import { classifyChat, isEnglish, isFollowUp, smallTalk } from './small-talk'
import { looksLikeGibberish, MAX_INPUT, normalize, stripHtml } from './text'
import type { ChatTurn, CoachPersona, CoachReply, PlayerProfile, Rng, Team } from './types'

export interface ReplyInput {
  text: string
  team: Team
  profile: PlayerProfile
  /** The conversation so far, oldest first, without `text` itself. */
  history: readonly ChatTurn[]
  rng: Rng
  /** Who answers, when the caller already routed (a group chat with partners); else `route`. */
  coachIds?: readonly string[]
  /** What the team remembers about the player; when given, it replaces old messages as the source of injuries. */
  memory?: readonly string[]
  /**
   * The player's newest published video analysis (null: none). The statistical coach answers
   * questions about their game with it; without it, it says there are no numbers yet.
   */
  analysis?: AnalysisFacts | null
}

const PAIN = /\b(dor|doi|doendo|dolorid|lesao|lesionad|machuc|inflama|tendinite)/

/** How many attempts at new wording before accepting a repeat (never reached in practice). */
const VARIANTS = 6

/** The best entry for this coach: one of its own if the message touched any, else the top one. */
function entryFor(
  coach: CoachPersona,
  matches: readonly ScoredEntry[],
): KnowledgeEntry | undefined {
  const top = matches[0]
  if (!top) return undefined
  const own = matches.find((m) => m.entry.owner === coach.archetype)
  return own && own.score >= top.score * 0.5 ? own.entry : top.entry
}

/** The last topic the player asked about, for "e como treino isso?". */
function previousMatches(history: readonly ChatTurn[]): ScoredEntry[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]
    if (turn?.sender !== 'USER') continue
    const matches = scoreEntries(normalize(turn.text))
    if (matches.length > 0) return matches
  }
  return []
}

/** Times the player already asked about `entry`: each repeat walks further into its content. */
function roundOf(entry: KnowledgeEntry, history: readonly ChatTurn[]): number {
  return history.filter(
    (t) =>
      t.sender === 'USER' &&
      scoreEntries(normalize(t.text))
        .slice(0, 2)
        .some((m) => m.entry.id === entry.id),
  ).length
}

function clean(text: string): string {
  return stripHtml(text).trim()
}

const ENGLISH_NOTE = 'Por aqui a gente conversa em português 🙂 Mas entendi a ideia, então lá vai:'

/**
 * The coaches' answers to a player's message, in speaking order. Pure: the same input and the
 * same random sequence give the same replies. Never empty, never throws on odd input.
 */
export function reply(input: ReplyInput): CoachReply[] {
  const { team, profile, history, rng } = input
  const raw = typeof input.text === 'string' ? input.text.slice(0, MAX_INPUT * 4) : ''
  // Mentions choose the coach; what is left is what the player actually said.
  const body = raw.replace(/@[\p{L}]+/gu, ' ')
  const normalized = normalize(body)
  const routing = routeDetailed(raw, team, history)
  const english = isEnglish(normalized)
  const followUp = routing.matches.length === 0 && history.length > 0 && isFollowUp(normalized)
  const matches = followUp ? previousMatches(history) : routing.matches
  const ctx = {
    ...contextOf(profile, history, body, input.memory),
    analysis: input.analysis ?? null,
  }
  const game = gameTopic(body)
  const health = PAIN.test(normalized)
  const said = new Set(history.filter((t) => t.sender !== 'USER').map((t) => t.text.trim()))
  const chat = classifyChat(body, normalized, looksLikeGibberish(normalized))

  const replies: CoachReply[] = []
  let after: CoachPersona | undefined
  for (const id of input.coachIds ?? routing.coachIds) {
    const coach = team.coaches.find((c) => c.id === id)
    if (!coach) continue
    const entry = entryFor(coach, matches)
    let text = ''
    for (let variant = 0; variant < VARIANTS; variant++) {
      if (game && coach.archetype === 'ESTATISTICO') {
        text = analysisReply({
          topic: game,
          facts: input.analysis ?? null,
          profile,
          text: body,
          variant,
          rng,
        })
      } else if (entry) {
        const round = roundOf(entry, history) + (followUp ? 1 : 0)
        text = composeTopic({ coach, entry, ctx, round, variant, rng, after, health })
        if (english) text = `${ENGLISH_NOTE}\n\n${text}`
      } else if (english && chat !== 'EMOJI') {
        text = `${ENGLISH_NOTE.split(' Mas')[0] ?? ''} Me conta o que você quer melhorar no beach tennis: saque, voleio, smash, nervosismo nos pontos decisivos, sua evolução…`
      } else {
        text = smallTalk(chat, coach, profile, variant + Math.floor(rng() * 3), rng() < 0.6)
      }
      text = clean(text)
      if (!said.has(text)) break
    }
    replies.push({
      coachId: coach.id,
      text: text || 'Estou por aqui! Me conta o que você quer treinar.',
    })
    said.add(text)
    after = coach
  }
  if (replies.length === 0 && input.coachIds === undefined) {
    const coach = team.coaches[0]
    replies.push({ coachId: coach.id, text: smallTalk('OFF_TOPIC', coach, profile, 0, false) })
  }
  return replies
}
