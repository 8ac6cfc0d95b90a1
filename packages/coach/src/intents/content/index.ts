import type { ContentMap } from '../types'
import { BODY } from './body'
import { CONVERSATION } from './conversation'
import { EQUIPMENT } from './equipment'
import { MIND } from './mind'
import { NUMBERS } from './numbers'
import { GAME_PHRASINGS } from './phrasings-game'
import { LIFE_PHRASINGS } from './phrasings-life'
import { MORE_GAME_PHRASINGS } from './phrasings-more-game'
import { MORE_LIFE_PHRASINGS } from './phrasings-more-life'
import { PRODUCT } from './product'
import { RULES } from './rules'
import { NET_STROKES } from './strokes-net'
import { PLAY_STROKES } from './strokes-play'
import { STROKE_CRAFT } from './strokes-craft'
import { TACTICS } from './tactics'
import { TRAINING } from './training'

/** The knowledge of every intent, by id; each domain's file is written by area. */
export const CONTENT: ContentMap = {
  ...NET_STROKES,
  ...PLAY_STROKES,
  ...STROKE_CRAFT,
  ...TACTICS,
  ...RULES,
  ...MIND,
  ...BODY,
  ...EQUIPMENT,
  ...TRAINING,
  ...NUMBERS,
  ...PRODUCT,
  ...CONVERSATION,
}

/** More ways players ask, by intent id: read by retrieval with the examples above. */
export const PHRASINGS: Record<string, string[]> = { ...GAME_PHRASINGS, ...LIFE_PHRASINGS }

// The shorter, chattier wordings add to an id's phrasings, never replace them.
for (const [id, list] of [
  ...Object.entries(MORE_GAME_PHRASINGS),
  ...Object.entries(MORE_LIFE_PHRASINGS),
])
  PHRASINGS[id] = [...(PHRASINGS[id] ?? []), ...list]
