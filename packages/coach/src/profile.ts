import { type PlayerCategory } from '@areia/contracts'
import type { Injury, Level, PlayerContext } from './knowledge/types'
import { painOfAnother } from './intents/others-pain'
import { normalize } from './text'
import { AGE_GROUP_LABEL, type ChatTurn, type PlayerProfile } from './types'

export function levelOf(category: PlayerCategory | null | undefined): Level {
  switch (category) {
    case 'A':
    case 'PROFISSIONAL':
      return 'AVANCADO'
    case 'C':
    case 'B':
      return 'INTERMEDIARIO'
    case 'INICIANTE':
    case 'D':
    case null:
    case undefined:
      return 'BASE'
  }
}

/** "categoria C", "iniciante", "profissional"; `null` when unknown. */
export function categoryText(profile: PlayerProfile): string | null {
  switch (profile.category) {
    case 'INICIANTE':
      return 'iniciante'
    case 'PROFISSIONAL':
      return 'profissional'
    case 'D':
    case 'C':
    case 'B':
    case 'A':
      return `categoria ${profile.category}`
    case null:
    case undefined:
      return profile.age_group ? `categoria ${AGE_GROUP_LABEL[profile.age_group]}` : null
  }
}

export function firstName(profile: PlayerProfile): string | null {
  const first = profile.name?.trim().split(/\s+/)[0]
  return first ? first.slice(0, 40) : null
}

const INJURY_WORDS: Array<[Injury, RegExp]> = [
  ['ombro', /\bombro/],
  ['cotovelo', /\b(cotovelo|epicondil)/],
  ['tornozelo', /\b(tornozelo|torci o pe|entorse)/],
  ['lombar', /\b(lombar|coluna|costas|hernia)/],
  ['joelho', /\bjoelho/],
  ['punho', /\bpunho/],
]

/** Injuries the player mentioned in their own messages (not coaches' advice). */
export function injuriesIn(history: readonly ChatTurn[], text: string): Injury[] {
  const said = [...history.filter((t) => t.sender === 'USER').map((t) => t.text), text]
    .map(normalize)
    .join(' ')
  return INJURY_WORDS.filter(([, re]) => re.test(said)).map(([injury]) => injury)
}

/** How many of the player's last messages an injury talk reaches back to. */
const INJURY_TALK_TURNS = 4

/**
 * The injury the conversation is about now: in this message, or in one of the player's last few
 * ("torci o tornozelo", then "posso fazer?", then "por quê?"), the newest first.
 */
export function injuryInTalk(history: readonly ChatTurn[], text: string): Injury | null {
  const recent = history
    .filter((t) => t.sender === 'USER')
    .slice(-INJURY_TALK_TURNS)
    .map((t) => t.text)
  for (const message of [text, ...recent.reverse()]) {
    // "a Renata tá com dor no punho" is her injury, not the player's.
    if (painOfAnother(message)) continue
    const plain = normalize(message)
    const found = INJURY_WORDS.find(([, re]) => re.test(plain))
    if (found) return found[0]
  }
  return null
}

/** "o fisio liberou jogar", "já tive alta": cleared to play, said lately. */
export function clearedInTalk(history: readonly ChatTurn[], text: string): boolean {
  const recent = history
    .filter((t) => t.sender === 'USER')
    .slice(-INJURY_TALK_TURNS)
    .map((t) => t.text)
  return [text, ...recent].some((m) =>
    /\b(liberou|me liberaram|liberad[oa]|tive alta|recebi alta|ja posso jogar)\b/.test(
      normalize(m),
    ),
  )
}

/**
 * With a memory (the facts the player can edit), injuries come from it and this message only:
 * a fact the player deleted must stop shaping advice even though the old message still exists.
 */
export function contextOf(
  profile: PlayerProfile,
  history: readonly ChatTurn[],
  text: string,
  memory?: readonly string[],
): PlayerContext {
  const height = profile.height_cm
  return {
    profile,
    level: levelOf(profile.category),
    lefty:
      profile.dominant_hand === 'LEFT' ? true : profile.dominant_hand === 'RIGHT' ? false : null,
    heightCm: typeof height === 'number' && height >= 100 && height <= 230 ? height : null,
    injuryInTalk: injuryInTalk(history, text),
    injuryCleared: clearedInTalk(history, text),
    // The goal from onboarding counts too: "voltar a jogar sem dor no ombro, operei o manguito".
    mentionedInjuries: [
      ...new Set([
        ...injuriesIn([], profile.goal ?? ''),
        ...(memory === undefined
          ? injuriesIn(history, painOfAnother(text) ? '' : text)
          : injuriesIn(
              memory.map((m) => ({ sender: 'USER', text: m })),
              painOfAnother(text) ? '' : text,
            )),
      ]),
    ],
  }
}
